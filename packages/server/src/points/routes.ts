import { z } from 'zod';
import { findUserByAccount } from '../accounts/users.ts';
import type { AppContext } from '../context.ts';
import type { ApiApp } from '../http/api-app.ts';
import { requireUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { envelopeOf } from '../http/envelope-schema.ts';
import { pagingQuery } from '../http/paging.ts';
import { checkSameTenant, requireOperator } from '../membership/operators.ts';
import { adjustPoints } from './adjust.ts';
import { listLedger } from './history.ts';
import { ledgerPageSchema } from './schemas.ts';

const page = pagingQuery();

/** Points routes under /api/points (API.md "Points, membership, orders"). */
export async function pointsRoutes(app: ApiApp, ctx: AppContext) {
  app.get(
    '/points/ledger',
    {
      schema: {
        tags: ['points'],
        summary: "The user's points ledger, newest first",
        querystring: page,
        response: { 200: envelopeOf(ledgerPageSchema) },
      },
    },
    async (request) => ok(await listLedger(ctx.db, requireUser(request).id, request.query)),
  );

  const adjustBody = z.object({
    account: z.string().min(3).max(120),
    amount: z.number().int().min(1).max(10_000_000),
    note: z.string().min(1).max(200),
    /** Days the points stay spendable; none: no expiry. */
    validityDays: z.number().int().min(1).max(3650).optional(),
  });
  app.post(
    '/points/admin/adjust',
    { schema: { tags: ['points'], summary: 'Operators: credit points to an account (admin adjustment)', body: adjustBody } },
    async (request) => {
      const operator = await requireOperator(ctx, request);
      const body = request.body;
      const target = checkSameTenant(operator, await findUserByAccount(ctx.db, body.account));
      const id = await adjustPoints(ctx.db, target.id, body);
      return ok({ id });
    },
  );
}
