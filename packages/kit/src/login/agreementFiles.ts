/** The documents of /user-agreement, chosen by `?file=` (spec 000 §2). */
export const AGREEMENT_FILES = ['userAgreement', 'privacyPolicy', 'three'] as const;
export type AgreementFile = (typeof AGREEMENT_FILES)[number];

/** The document a `file` query value asks for; the user agreement when it names none we have. */
export function agreementFileOf(value: string | null): AgreementFile {
  return (AGREEMENT_FILES as readonly string[]).includes(value ?? '') ? (value as AgreementFile) : 'userAgreement';
}
