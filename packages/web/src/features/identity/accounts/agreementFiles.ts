/** The documents of /user-agreement are the kit's (the login modal links them). */
export { AGREEMENT_FILES, type AgreementFile, agreementFileOf } from '@productimage/kit';
