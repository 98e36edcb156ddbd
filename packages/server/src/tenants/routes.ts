import type { TenantFlags } from '@productimage/core';
import { z } from 'zod';
import { requireOperator } from '../admin/operators.ts';
import type { AppContext } from '../context.ts';
import type { ApiApp } from '../http/api-app.ts';
import { ok } from '../http/envelope.ts';
import { envelopeOf } from '../http/envelope-schema.ts';
import { AppError } from '../http/errors.ts';
import { requestLanguage } from '../http/i18n.ts';
import { resolveFlags } from './flags.ts';
import { shanghaiDay, shanghaiDayEnd, todaysInviteCode } from './invite-code.ts';
import { featureFlagsSchema, getReferrer } from './store.ts';

const referrerParam = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9_.-]*$/);

export const tenantFlagsSchema = featureFlagsSchema.extend({
  tenantId: z.string(),
  tenantName: z.string(),
  referrer: z.string().nullable(),
  allowedOrigins: z.array(z.string()),
  customizedImage: z.boolean(),
  vipUser: z.boolean(),
  isChatAllow: z.boolean(),
  loggedIn: z.boolean(),
}) satisfies z.ZodType<TenantFlags>;

/** Tenant flags (anyone) and the operators' invite-code lookup. */
export async function tenantsRoutes(app: ApiApp, ctx: AppContext) {
  app.get(
    '/tenants/flags',
    {
      schema: {
        tags: ['tenants'],
        summary: "The shell's feature flags: tenant (the logged-in user's own wins) + referrer + global flags + the user's gates",
        querystring: z.object({
          referrer: referrerParam.optional(),
          host: z.string().trim().max(255).optional(),
          channel: z.string().max(64).optional(),
          lang: z.string().max(10).optional(),
        }),
        response: { 200: envelopeOf(tenantFlagsSchema) },
      },
    },
    async (request) => {
      const query = request.query;
      const { flags } = await resolveFlags(ctx, {
        user: request.user,
        referrer: query.referrer || null,
        host: query.host || request.headers.host || null,
        language: requestLanguage(request),
      });
      return ok(flags);
    },
  );

  app.get(
    '/operator/invite-code',
    {
      schema: {
        tags: ['operator'],
        summary: "Today's invite code of a referrer of the operator's tenant that requires one",
        security: [{ bearer: [] }],
        querystring: z.object({ referrer: referrerParam.min(1) }),
        response: {
          200: envelopeOf(z.object({ referrer: z.string(), day: z.string(), code: z.string(), validUntil: z.number() })),
        },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request);
      const { referrer: id } = request.query;
      const referrer = await getReferrer(ctx.db, id);
      // Another tenant's referrers are as invisible as unknown ones.
      if (!referrer || (referrer.tenantId ?? 'default') !== operator.tenantId) throw new AppError('notFound');
      if (!referrer.flags.requireInviteCode) throw new AppError('badRequest');
      const now = Date.now();
      const day = shanghaiDay(now);
      return ok({
        referrer: referrer.id,
        day: `${day.slice(0, 4)}/${day.slice(4, 6)}/${day.slice(6)}`,
        code: todaysInviteCode(ctx, referrer.id, now),
        validUntil: shanghaiDayEnd(now),
      });
    },
  );
}
