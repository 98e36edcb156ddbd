import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import { createHarness, describeEachDb, type Harness } from '../../test-support/harness.ts';
import { grantPoints } from './grants.ts';
import { charge, refund } from './ledger.ts';

async function ledgerSum(h: Harness, userId: string) {
  const rows = await h.ctx.db.selectFrom('point_ledger').select('delta').where('user_id', '=', userId).execute();
  return rows.reduce((s, r) => s + r.delta, 0);
}
async function balance(h: Harness, userId: string) {
  const row = await h.ctx.db.selectFrom('point_accounts').select('balance').where('user_id', '=', userId).executeTakeFirst();
  return row?.balance ?? 0;
}
async function buckets(h: Harness, userId: string) {
  return h.ctx.db.selectFrom('point_buckets').select(['kind', 'remaining']).where('user_id', '=', userId).orderBy('id').execute();
}

describeEachDb('points ledger', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it('spends top-ups first, then the package, then the free grant, and refunds into the same buckets', async () => {
    const u = await h.user();
    await writeTransaction(h.ctx.db, async (trx) => {
      await grantPoints(trx, {
        userId: u.id,
        amount: 1000,
        kind: 'package',
        reason: 'monthly_grant',
        refType: 'sub',
        refId: `${u.id}:1`,
      });
      await grantPoints(trx, { userId: u.id, amount: 200, kind: 'topup', reason: 'topup', refType: 'order', refId: `${u.id}:o` });
    });
    expect(await charge(h.ctx.db, { userId: u.id, cost: 700, refType: 'task', refId: `${u.id}:t1` })).toEqual({
      charged: true,
      balance: 1000,
    });
    expect((await buckets(h, u.id)).map((b) => [b.kind, b.remaining])).toEqual([
      ['free', 500],
      ['package', 500],
      ['topup', 0],
    ]);
    expect(await refund(h.ctx.db, { refType: 'task', refId: `${u.id}:t1` })).toEqual({ refunded: true, amount: 700 });
    expect((await buckets(h, u.id)).map((b) => [b.kind, b.remaining])).toEqual([
      ['free', 500],
      ['package', 1000],
      ['topup', 200],
    ]);
    expect(await refund(h.ctx.db, { refType: 'task', refId: `${u.id}:t1` })).toEqual({ refunded: false, amount: 0 });
    expect(await balance(h, u.id)).toBe(1700);
    expect(await ledgerSum(h, u.id)).toBe(1700);
  });

  it('is idempotent per ref and refuses a charge the balance cannot cover', async () => {
    const u = await h.user();
    expect((await charge(h.ctx.db, { userId: u.id, cost: 100, refType: 'task', refId: `${u.id}:a` })).charged).toBe(true);
    expect(await charge(h.ctx.db, { userId: u.id, cost: 100, refType: 'task', refId: `${u.id}:a` })).toEqual({
      charged: false,
      balance: 400,
    });
    const err = await charge(h.ctx.db, { userId: u.id, cost: 401, refType: 'task', refId: `${u.id}:b` }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.key).toBe('notEnoughCoins');
    expect(await charge(h.ctx.db, { userId: u.id, cost: 0, refType: 'task', refId: `${u.id}:c` })).toEqual({
      charged: true,
      balance: 400,
    });
    expect(await ledgerSum(h, u.id)).toBe(400);
  });

  it('never spends an expired bucket and writes its expiry to the ledger', async () => {
    const u = await h.user();
    await writeTransaction(h.ctx.db, (trx) =>
      grantPoints(trx, {
        userId: u.id,
        amount: 300,
        kind: 'topup',
        reason: 'topup',
        refType: 'order',
        refId: `${u.id}:old`,
        expiresAt: Date.now() - 1,
      }),
    );
    expect(await balance(h, u.id)).toBe(800);
    const err = await charge(h.ctx.db, { userId: u.id, cost: 600, refType: 'task', refId: `${u.id}:x` }).catch((e) => e);
    expect(err.key).toBe('notEnoughCoins');
    // The refused charge rolled back, expiry included; the next charge expires the bucket and spends the free grant.
    expect(await charge(h.ctx.db, { userId: u.id, cost: 100, refType: 'task', refId: `${u.id}:y` })).toEqual({
      charged: true,
      balance: 400,
    });
    expect(await ledgerSum(h, u.id)).toBe(400);
  });

  it('keeps the balance non-negative under 50 concurrent charges', async () => {
    const u = await h.user();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => charge(h.ctx.db, { userId: u.id, cost: 30, refType: 'task', refId: `${u.id}:c${i}` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(16);
    expect(await balance(h, u.id)).toBe(20);
    expect(await ledgerSum(h, u.id)).toBe(20);
  });

  it('charges arriving together: a cause sent twice is charged once, a refused charge leaves the others, each is its own ledger row', async () => {
    const u = await h.user(); // 500 free points
    const other = await h.user();
    const results = await Promise.allSettled([
      charge(h.ctx.db, { userId: u.id, cost: 100, refType: 'task', refId: `${u.id}:same` }),
      charge(h.ctx.db, { userId: u.id, cost: 100, refType: 'task', refId: `${u.id}:same` }),
      charge(h.ctx.db, { userId: u.id, cost: 450, refType: 'task', refId: `${u.id}:big` }),
      charge(h.ctx.db, { userId: other.id, cost: 50, refType: 'task', refId: `${other.id}:x` }),
      charge(h.ctx.db, { userId: u.id, cost: 300, refType: 'task', refId: `${u.id}:fits` }),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as AppError).key))).toEqual([
      { charged: true, balance: 400 },
      { charged: false, balance: 400 },
      'notEnoughCoins',
      { charged: true, balance: 450 },
      { charged: true, balance: 100 },
    ]);
    const rows = await h.ctx.db
      .selectFrom('point_ledger')
      .select(['reason', 'delta'])
      .where('user_id', '=', u.id)
      .orderBy('id')
      .execute();
    expect(rows.filter((r) => r.reason === 'spend').map((r) => r.delta)).toEqual([-100, -300]);
    expect(await balance(h, u.id)).toBe(100);
    expect(await ledgerSum(h, u.id)).toBe(100);
    expect(await balance(h, other.id)).toBe(450);
    expect(await refund(h.ctx.db, { refType: 'task', refId: `${u.id}:same` })).toEqual({ refunded: true, amount: 100 });
    expect(await refund(h.ctx.db, { refType: 'task', refId: `${u.id}:same` })).toEqual({ refunded: false, amount: 0 });
  });

  it('refunds a charge once when several refunds race, and ignores a ref never charged', async () => {
    const u = await h.user();
    await charge(h.ctx.db, { userId: u.id, cost: 300, refType: 'task', refId: `${u.id}:race` });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => refund(h.ctx.db, { refType: 'task', refId: `${u.id}:race` })),
    );
    expect(results.filter((r) => r.refunded)).toEqual([{ refunded: true, amount: 300 }]);
    expect(await refund(h.ctx.db, { refType: 'task', refId: `${u.id}:never` })).toEqual({ refunded: false, amount: 0 });
    expect(await balance(h, u.id)).toBe(500);
    expect(await ledgerSum(h, u.id)).toBe(500);
  });
});
