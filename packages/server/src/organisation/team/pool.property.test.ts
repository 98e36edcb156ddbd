import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { grantPoints } from '../../commerce/points/grants.ts';
import { charge } from '../../commerce/points/ledger.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import { createHarness, type Harness } from '../../test-support/harness.ts';
import { allocate, poolBalance, reclaim, topUpPool } from './pool.ts';

/**
 * The reclaim rules of issue 26 as properties: random top-ups, allocations, self-allocations,
 * member spends, member top-ups and reclaims. Whatever happens: a reclaim never moves a member's
 * own points and succeeds exactly when the member's unspent pool points cover it; nobody allocates
 * to himself; pool + unspent allocations + spent allocations = everything topped up; every
 * balance equals its buckets.
 */
type Op =
  | { op: 'topup'; amount: number }
  | { op: 'allocate'; member: number; amount: number }
  | { op: 'self'; amount: number }
  | { op: 'spend'; member: number; amount: number }
  | { op: 'own'; member: number; amount: number }
  | { op: 'reclaim'; member: number; amount: number };

const MEMBERS = 2;
const member = fc.integer({ min: 0, max: MEMBERS - 1 });
const amount = fc.integer({ min: 1, max: 300 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('topup' as const), amount }),
  fc.record({ op: fc.constant('allocate' as const), member, amount }),
  fc.record({ op: fc.constant('self' as const), amount }),
  fc.record({ op: fc.constant('spend' as const), member, amount }),
  fc.record({ op: fc.constant('own' as const), member, amount }),
  fc.record({ op: fc.constant('reclaim' as const), member, amount }),
);

let h: Harness;
beforeAll(async () => {
  h = await createHarness('sqlite');
});
afterAll(() => h.close());

const errorKey = async (p: Promise<unknown>) => {
  try {
    await p;
    return null;
  } catch (err) {
    if (err instanceof AppError) return err.key;
    throw err;
  }
};

async function buckets(userId: string) {
  const rows = await h.ctx.db.selectFrom('point_buckets').selectAll().where('user_id', '=', userId).execute();
  const pool = rows.filter((b) => b.ref_type === 'team-pool');
  return {
    own: rows.filter((b) => b.ref_type !== 'team-pool').reduce((s, b) => s + b.remaining, 0),
    poolLeft: pool.reduce((s, b) => s + b.remaining, 0),
    all: rows.reduce((s, b) => s + b.remaining, 0),
    poolIds: pool.map((b) => b.id),
  };
}

async function spentFrom(bucketIds: number[]) {
  if (!bucketIds.length) return 0;
  const row = await h.ctx.db
    .selectFrom('point_spends')
    .select(h.ctx.db.fn.sum<number>('amount').as('total'))
    .where('bucket_id', 'in', bucketIds)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

it('reclaim takes back only unspent pool points; pool, allowances and spending always add up', async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
      const tenantId = `prop-${run++}-${crypto.randomUUID().slice(0, 8)}`;
      const now = Date.now();
      await h.ctx.db
        .insertInto('tenants')
        .values({
          id: tenantId,
          name: tenantId,
          name_en: tenantId,
          flags: '{"menuSet":"enterprise"}',
          created_at: now,
          updated_at: now,
        })
        .execute();
      const admin = await h.user({ tenantId });
      const actor = { userId: admin.id, tenantId };
      const members = await Promise.all(Array.from({ length: MEMBERS }, () => h.user({ tenantId })));
      let toppedUp = 0;
      const adminBefore = await buckets(admin.id);
      for (const step of ops) {
        const userId = 'member' in step ? (members[step.member]?.id as string) : admin.id;
        const before = await buckets(userId);
        if (step.op === 'topup') {
          await topUpPool(h.ctx, actor, tenantId, step.amount, 'prop');
          toppedUp += step.amount;
        } else if (step.op === 'allocate') {
          const pool = await poolBalance(h.ctx.db, tenantId);
          expect(await errorKey(allocate(h.ctx, actor, userId, step.amount, 'prop'))).toBe(
            step.amount <= pool ? null : 'teamPoolShort',
          );
        } else if (step.op === 'self') {
          expect(await errorKey(allocate(h.ctx, actor, admin.id, step.amount, 'prop'))).toBe('teamSelfAllocate');
        } else if (step.op === 'spend') {
          await errorKey(charge(h.ctx.db, { userId, cost: step.amount, refType: 'prop-spend', refId: crypto.randomUUID() }));
        } else if (step.op === 'own') {
          await writeTransaction(h.ctx.db, (trx) =>
            grantPoints(trx, {
              userId,
              amount: step.amount,
              kind: 'topup',
              reason: 'topup',
              refType: 'prop-own',
              refId: crypto.randomUUID(),
            }),
          );
        } else {
          const key = await errorKey(reclaim(h.ctx, actor, userId, step.amount, 'prop'));
          expect(key).toBe(step.amount <= before.poolLeft ? null : 'teamReclaimTooMuch');
          const after = await buckets(userId);
          // The member's own points never move.
          expect(after.own).toBe(before.own);
          expect(after.poolLeft).toBe(before.poolLeft - (key ? 0 : step.amount));
        }
        // Pool + unspent allocations + spent allocations = everything topped up.
        let allocated = 0;
        for (const m of members) {
          const b = await buckets(m.id);
          allocated += b.poolLeft + (await spentFrom(b.poolIds));
          const balance = await h.ctx.db
            .selectFrom('point_accounts')
            .select('balance')
            .where('user_id', '=', m.id)
            .executeTakeFirst();
          expect(balance?.balance ?? 0).toBe(b.all);
        }
        expect((await poolBalance(h.ctx.db, tenantId)) + allocated).toBe(toppedUp);
      }
      // The acting admin never received pool points.
      expect(await buckets(admin.id)).toEqual(adminBefore);
    }),
    { numRuns: 20 },
  );
});

it('both ledger rows of a reclaim name the acting admin', async () => {
  const tenantId = `prop-ledger-${crypto.randomUUID().slice(0, 8)}`;
  const now = Date.now();
  await h.ctx.db
    .insertInto('tenants')
    .values({
      id: tenantId,
      name: tenantId,
      name_en: tenantId,
      flags: '{"menuSet":"enterprise"}',
      created_at: now,
      updated_at: now,
    })
    .execute();
  const admin = await h.user({ tenantId });
  const m = await h.user({ tenantId });
  const actor = { userId: admin.id, tenantId };
  await topUpPool(h.ctx, actor, tenantId, 50, 'contract');
  await allocate(h.ctx, actor, m.id, 30, 'q1');
  const { id } = await reclaim(h.ctx, actor, m.id, 10, 'unused');
  const poolRow = await h.ctx.db.selectFrom('team_pool_ledger').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  expect(poolRow).toMatchObject({ reason: 'reclaim', delta: 10, user_id: m.id, actor_id: admin.id });
  const memberRow = await h.ctx.db
    .selectFrom('point_ledger')
    .selectAll()
    .where('ref_type', '=', 'team-reclaim')
    .where('ref_id', '=', id)
    .executeTakeFirstOrThrow();
  expect(memberRow).toMatchObject({ user_id: m.id, delta: -10, reason: 'admin_adjust' });
  expect(memberRow.note).toContain(admin.id);
});
