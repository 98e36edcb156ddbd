import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { createHarness, describeEachDb, type Harness } from '../../test-support/harness.ts';
import { grantPoints } from './grants.ts';
import { expireDueBuckets } from './jobs.ts';
import { charge, refund } from './ledger.ts';
import type { BucketKind } from './tables.ts';

/**
 * Random sequences of grants, charges, refunds, expiries and bursts of concurrent charges against
 * a small model of the buckets. Whatever happens: the balance equals the sum of the ledger and of
 * the buckets, never goes below zero, each charge ref is refunded at most once, and a charge
 * succeeds exactly when the unexpired buckets cover it (serial steps), spending top-ups first.
 */
type Op =
  | { op: 'grant'; kind: BucketKind; amount: number; expired: boolean }
  | { op: 'charge'; cost: number; ref: number }
  | { op: 'refund'; ref: number }
  | { op: 'expire' }
  | { op: 'burst'; charges: Array<{ cost: number; ref: number }> };

const REFS = 6;
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('grant' as const),
    kind: fc.constantFrom<BucketKind>('topup', 'package', 'free'),
    amount: fc.integer({ min: 1, max: 800 }),
    expired: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('charge' as const),
    cost: fc.integer({ min: 0, max: 900 }),
    ref: fc.integer({ min: 0, max: REFS - 1 }),
  }),
  fc.record({ op: fc.constant('refund' as const), ref: fc.integer({ min: 0, max: REFS - 1 }) }),
  fc.record({ op: fc.constant('expire' as const) }),
  fc.record({
    op: fc.constant('burst' as const),
    charges: fc.array(fc.record({ cost: fc.integer({ min: 1, max: 400 }), ref: fc.integer({ min: 0, max: REFS - 1 }) }), {
      minLength: 2,
      maxLength: 6,
    }),
  }),
);

interface ModelBucket {
  kind: BucketKind;
  remaining: number;
  expired: boolean;
}
const ORDER: BucketKind[] = ['topup', 'package', 'free'];

describeEachDb('points ledger properties', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it('keeps balance = ledger = buckets >= 0 and refunds each ref at most once', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        run++;
        const u = await h.user();
        const ref = (i: number) => `${u.id}:${i}`;
        // The model is exact while steps are serial; a burst makes it unknown until the next expiry.
        let model: ModelBucket[] | null = [{ kind: 'free', remaining: 500, expired: false }];
        const spends = new Map<number, Array<{ bucket: ModelBucket; amount: number }>>();
        const refunded = new Set<number>();
        let grants = 0;
        for (const step of ops) {
          if (step.op === 'grant') {
            await writeTransaction(h.ctx.db, (trx) =>
              grantPoints(trx, {
                userId: u.id,
                amount: step.amount,
                kind: step.kind,
                reason: 'admin_adjust',
                refType: 'prop',
                refId: `${u.id}:${run}:${grants++}`,
                expiresAt: step.expired ? Date.now() - 1 : Date.now() + 3_600_000,
              }),
            );
            model?.push({ kind: step.kind, remaining: step.amount, expired: step.expired });
          } else if (step.op === 'charge') {
            const result = await charge(h.ctx.db, { userId: u.id, cost: step.cost, refType: 'prop', refId: ref(step.ref) }).then(
              (r) => r,
              (e: { key?: string }) => {
                expect(e.key).toBe('notEnoughCoins');
                return null;
              },
            );
            if (model) {
              const live = model.filter((b) => !b.expired);
              const available = live.reduce((s, b) => s + b.remaining, 0);
              if (spends.has(step.ref)) expect(result?.charged).toBe(false);
              else if (step.cost === 0) expect(result?.charged).toBe(true);
              else if (available < step.cost) expect(result).toBeNull();
              else {
                expect(result).toEqual({ charged: true, balance: available - step.cost });
                let left = step.cost;
                const taken: Array<{ bucket: ModelBucket; amount: number }> = [];
                for (const k of ORDER)
                  for (const b of live.filter((x) => x.kind === k)) {
                    const take = Math.min(left, b.remaining);
                    if (take > 0) taken.push({ bucket: b, amount: take });
                    b.remaining -= take;
                    left -= take;
                  }
                spends.set(step.ref, taken);
              }
              // A charge writes off expired buckets first.
              for (const b of model) if (b.expired) b.remaining = 0;
            }
          } else if (step.op === 'refund') {
            const result = await refund(h.ctx.db, { refType: 'prop', refId: ref(step.ref) });
            if (result.refunded) {
              expect(refunded.has(step.ref)).toBe(false);
              refunded.add(step.ref);
            }
            if (model) {
              const taken = spends.get(step.ref);
              if (taken && !refunded.has(-1 - step.ref)) {
                const amount = taken.reduce((s, t) => s + t.amount, 0);
                expect(result).toEqual({ refunded: amount > 0, amount });
                for (const t of taken) t.bucket.remaining += t.amount;
                refunded.add(-1 - step.ref);
              } else expect(result).toEqual({ refunded: false, amount: 0 });
            }
          } else if (step.op === 'expire') {
            await expireDueBuckets(h.ctx.db);
            if (model) for (const b of model) if (b.expired) b.remaining = 0;
          } else {
            const results = await Promise.allSettled(
              step.charges.map((c) => charge(h.ctx.db, { userId: u.id, cost: c.cost, refType: 'prop', refId: ref(c.ref) })),
            );
            for (const r of results)
              if (r.status === 'rejected') expect((r.reason as { key?: string }).key).toBe('notEnoughCoins');
            model = null;
          }
        }
        await expireDueBuckets(h.ctx.db);
        if (model) for (const b of model) if (b.expired) b.remaining = 0;

        const account = await h.ctx.db
          .selectFrom('point_accounts')
          .select('balance')
          .where('user_id', '=', u.id)
          .executeTakeFirstOrThrow();
        const ledger = await h.ctx.db
          .selectFrom('point_ledger')
          .select(['delta', 'reason', 'ref_id', 'balance_after'])
          .where('user_id', '=', u.id)
          .execute();
        const buckets = await h.ctx.db.selectFrom('point_buckets').select('remaining').where('user_id', '=', u.id).execute();
        expect(account.balance).toBeGreaterThanOrEqual(0);
        expect(ledger.reduce((s, r) => s + r.delta, 0)).toBe(account.balance);
        expect(buckets.reduce((s, b) => s + b.remaining, 0)).toBe(account.balance);
        for (const r of ledger) expect(r.balance_after).toBeGreaterThanOrEqual(0);
        const refunds = ledger.filter((r) => r.reason === 'refund').map((r) => r.ref_id);
        expect(new Set(refunds).size).toBe(refunds.length);
        if (model) expect(account.balance).toBe(model.reduce((s, b) => s + b.remaining, 0));
      }),
      { numRuns: 40 },
    );
  });
});
