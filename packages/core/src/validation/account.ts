import { z } from 'zod';
import { CODE_PATTERN, EMAIL_PATTERN, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_PATTERN } from '../constants/limits.ts';

/**
 * Account rules (spec 000 §5). Messages are i18n keys in the `validation` namespace, so the
 * server and every client show the same sentence in the user's language.
 */
export const isPhone = (value: string): boolean => PHONE_PATTERN.test(value);
export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value);
export const isCode = (value: string): boolean => CODE_PATTERN.test(value);

/** Which kind of account id a string is, if any. */
export function accountKind(value: string): 'phone' | 'email' | null {
  if (isPhone(value)) return 'phone';
  if (isEmail(value)) return 'email';
  return null;
}

export const phoneSchema = z
  .string({ error: 'validation:phoneRequired' })
  .trim()
  .min(1, { error: 'validation:phoneRequired' })
  .regex(PHONE_PATTERN, { error: 'validation:phoneInvalid' });

export const emailSchema = z
  .string({ error: 'validation:emailRequired' })
  .trim()
  .min(1, { error: 'validation:emailRequired' })
  .regex(EMAIL_PATTERN, { error: 'validation:emailInvalid' });

/** A phone number or an e-mail address (the code-sending field). */
export const mobileIdSchema = z
  .string({ error: 'validation:phoneOrEmailInvalid' })
  .trim()
  .refine((v) => accountKind(v) !== null, { error: 'validation:phoneOrEmailInvalid' });

export const codeSchema = z
  .string({ error: 'validation:codeInvalid' })
  .trim()
  .regex(CODE_PATTERN, { error: 'validation:codeInvalid' });

export const passwordSchema = z
  .string({ error: 'validation:passwordRequired' })
  .min(1, { error: 'validation:passwordRequired' })
  .min(PASSWORD_MIN_LENGTH, { error: 'validation:passwordTooShort' })
  .max(PASSWORD_MAX_LENGTH, { error: 'validation:passwordTooLong' });

/** Register / reset form on the client: both passwords must match. */
export const registerFormSchema = z
  .object({
    mobileId: phoneSchema,
    verifyCode: codeSchema,
    password: passwordSchema,
    confirmPassword: z.string().optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    error: 'validation:passwordsDiffer',
    path: ['confirmPassword'],
  });

/** First message key of a failed zod parse, for showing one message at a time. */
export function firstIssueKey(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'validation:invalid';
}
