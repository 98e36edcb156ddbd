import { afterAll, beforeAll, expect, it } from 'vitest';
import { getBenefitPackage } from '../../commerce/membership/benefit.ts';
import { smsLogin } from '../../identity/accounts/accounts.test-support.ts';
import { createHarness, describeEachDb, type Harness } from '../../test-support/harness.ts';

describeEachDb('compiled hot queries', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it("never show another caller's uncommitted writes (the balance of a transaction that rolls back)", async () => {
    await smsLogin(h);
    const user = await h.ctx.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const before = await getBenefitPackage(h.ctx.db, user.id);
    let read: unknown;
    await expect(
      h.ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('point_accounts').set({ balance: 987_654 }).where('user_id', '=', user.id).execute();
        // Another request reads the benefit package while this transaction is open and uncommitted.
        read = getBenefitPackage(h.ctx.db, user.id);
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await read).toEqual(before);
    expect((await getBenefitPackage(h.ctx.db, user.id)).remainBeanCount).toBe(before.remainBeanCount);
  });
});
