export * from './api.ts';
export * from './errorText.ts';
export * from './i18n.ts';
export * from './loginModal.ts';
export * from './queryClient.ts';
export * from './States.tsx';
export * from './session.tsx';
export * from './storage.ts';
