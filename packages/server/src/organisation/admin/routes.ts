import { z } from 'zod';
import { adjustPoints } from '../../commerce/points/adjust.ts';
import { findUserByAccount } from '../../identity/accounts/users.ts';
import { checkSameTenant, requireOperator } from '../../identity/operators/operators.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';

const adjustBody = z.object({
  account: z.string().min(3).max(120),
  amount: z.number().int().min(1).max(10_000_000),
  note: z.string().min(1).max(200),
  /** Days the points stay spendable; none: no expiry. */
  validityDays: z.number().int().min(1).max(3650).optional(),
});

/**
 * Operator actions that span domains (an account found by phone or e-mail, then points for it).
 * They live here so that the lower domains (points) never import the upper ones (accounts).
 */
export async function adminRoutes(app: ApiApp, ctx: AppContext) {
  app.post(
    '/points/admin/adjust',
    {
      schema: {
        tags: ['points'],
        summary: 'Operators: credit points to an account (admin adjustment)',
        body: adjustBody,
        response: { 200: envelopeOf(z.object({ id: z.string() })) },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request);
      const target = checkSameTenant(operator, await findUserByAccount(ctx.db, request.body.account));
      return ok({ id: await adjustPoints(ctx.db, target.id, request.body) });
    },
  );
}
