import { codeSchema, emailSchema, firstIssueKey, mobileIdSchema, passwordSchema, phoneSchema } from '@productimage/core';
import type { z } from 'zod';

/** Which account a field takes: the SMS tab a phone, the e-mail tab an address, password login either. */
export type AccountKind = 'phone' | 'email' | 'phoneOrEmail';

const ACCOUNT_SCHEMAS: Record<AccountKind, z.ZodType<string>> = {
  phone: phoneSchema,
  email: emailSchema,
  phoneOrEmail: mobileIdSchema,
};

function issueOf(schema: z.ZodType<unknown>, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : firstIssueKey(result.error);
}

/** The `validation:` message key for a bad account value, or null (core rules, spec 000 §5). */
export const accountIssue = (kind: AccountKind, value: string) => issueOf(ACCOUNT_SCHEMAS[kind], value);

/** The message key for a bad verification code, or null. */
export const codeIssue = (value: string) => issueOf(codeSchema, value);

/** The message key for a password that cannot be set (register, reset), or null. */
export const newPasswordIssue = (value: string) => issueOf(passwordSchema, value);

/** Field name -> message key of the fields that failed. */
export type FieldIssues = Partial<Record<'account' | 'code' | 'password' | 'confirm', string>>;
