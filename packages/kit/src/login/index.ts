export { CodeField } from './CodeField.tsx';
export { type AccountKind, accountIssue, codeIssue, newPasswordIssue } from './fields.ts';
export { LoginModal, type LoginModalProps } from './LoginModal.tsx';
export { type LoginSetup, LoginSetupProvider, useLoginSetup } from './setup.tsx';
