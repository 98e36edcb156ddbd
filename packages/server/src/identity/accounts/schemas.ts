import { z } from 'zod';

/**
 * Wire shapes of the account routes. They are published in /api/openapi.json under their `id`
 * and become core's generated client types (`npm run gen:api`); clients never type them by hand.
 */
export const tokenResponseSchema = z
  .object({ token_type: z.literal('bearer'), access_token: z.string(), expires_in: z.number() })
  .meta({ id: 'TokenResponse' });

export const userInfoSchema = z
  .object({
    id: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    userName: z.string(),
    tenant: z.string(),
    tenantName: z.string(),
    tenantId: z.string(),
    tenantIcon: z.string().nullable(),
    companyName: z.string().nullable(),
    inviterLink: z.string(),
    hasPassword: z.boolean(),
    createdAt: z.number(),
  })
  .meta({ id: 'UserInfo' });

/** `code` 1: sent; 0: refused, `errMsg` says why in the caller's language. */
export const sendCodeResultSchema = z
  .object({ code: z.union([z.literal(0), z.literal(1)]), errMsg: z.string().optional() })
  .meta({ id: 'SendCodeResult' });
