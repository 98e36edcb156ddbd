import { z } from 'zod';
import { requireOperator } from '../../identity/operators/operators.ts';
import { shanghaiDay, shanghaiDayEnd, todaysInviteCode } from '../../identity/tenants/invite-code.ts';
import { getReferrer, referrerIdSchema } from '../../identity/tenants/store.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { AppError } from '../../platform/http/errors.ts';

/**
 * The operators' lookup of today's invite code of one of their tenant's referrers. It lives with
 * the operators (admin uses tenants; tenants never imports admin).
 */
export async function operatorInviteCodeRoutes(app: ApiApp, ctx: AppContext) {
  app.get(
    '/operator/invite-code',
    {
      schema: {
        tags: ['operator'],
        summary: "Today's invite code of a referrer of the operator's tenant that requires one",
        security: [{ bearer: [] }],
        querystring: z.object({ referrer: referrerIdSchema.min(1) }),
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
