import crypto from 'node:crypto';
import type { LedgerEntry } from '@productimage/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { findUserByAccount } from '../accounts/users.ts';
import type { AppContext } from '../context.ts';
import { writeTransaction } from '../db/transaction.ts';
import { requireUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { envelopeOf } from '../http/envelope-schema.ts';
import { pageWindow, pagingQuery } from '../http/paging.ts';
import { checkSameTenant, requireOperator } from '../membership/operators.ts';
import { grantPoints } from './grants.ts';
import { lockAccount } from './ledger.ts';
import { ledgerPageSchema } from './schemas.ts';

const page = pagingQuery();

/** Points routes under /api/points (API.md "Points, membership, orders"). */
export async function pointsRoutes(app: FastifyInstance, ctx: AppContext) {
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
    async (request) => {
      const user = requireUser(request);
      const { pageNum, pageSize } = request.query as z.infer<typeof page>;
      const base = ctx.db.selectFrom('point_ledger').where('user_id', '=', user.id);
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('id', 'desc')
          .$call((qb) => pageWindow(qb, { pageNum, pageSize }))
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const list: LedgerEntry[] = rows.map((r) => ({
        id: r.id,
        delta: r.delta,
        reason: r.reason,
        refType: r.ref_type,
        refId: r.ref_id,
        balanceAfter: r.balance_after,
        note: r.note,
        createdAt: r.created_at,
      }));
      return ok({ list, total: Number(count.n) });
    },
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
      const body = request.body as z.infer<typeof adjustBody>;
      const target = checkSameTenant(operator, await findUserByAccount(ctx.db, body.account));
      const id = crypto.randomUUID();
      await writeTransaction(ctx.db, async (trx) => {
        await lockAccount(trx, target.id);
        await grantPoints(trx, {
          userId: target.id,
          amount: body.amount,
          kind: 'free',
          reason: 'admin_adjust',
          refType: 'admin',
          refId: id,
          expiresAt: body.validityDays ? Date.now() + body.validityDays * 86_400_000 : null,
          note: body.note,
        });
      });
      return ok({ id });
    },
  );
}
