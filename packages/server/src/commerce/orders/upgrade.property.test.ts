import type { Order } from '@productimage/core';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, describeEachDb, type Harness } from '../../test-support/harness.ts';
import { sandboxPayToken } from '../payments/sandbox.ts';
import { charge, refund } from '../points/ledger.ts';

/**
 * Issue 9, money 1: an upgrade's credit is fixed when the order opens, but the points behind it can
 * be spent (and given back by refunds) before the order is paid. Whatever happens in between, a
 * paid upgrade never costs less than what the upgrade is worth when it is paid: either the amount
 * still covers today's quote and the upgrade starts, or the payment is refunded in full and the
 * user keeps the package, the balance and the ledger they had.
 */
type Step = { op: 'spend'; cost: number } | { op: 'giveBack' };
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('spend' as const), cost: fc.integer({ min: 1, max: 3000 }) }),
  fc.record({ op: fc.constant('giveBack' as const) }),
);

describeEachDb('upgrade price at payment (property)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const current = async (auth: Record<string, string>) => {
    const data = (await h.call({ method: 'GET', url: '/api/membership/products', headers: auth })).data;
    const quote = data.quotes.find((q: { productId: string }) => q.productId === 'professional-monthly');
    return { tier: data.current?.tier ?? 'free', balance: data.current?.balance as number, quote };
  };
  let client = 0;
  // Each call comes from its own address: the pay buttons' per-address limit is not what is tested.
  const address = () => ({ 'x-forwarded-for': `10.9.${Math.floor(++client / 250) % 250}.${client % 250}` });
  const order = (auth: Record<string, string>, productId: string) =>
    h.call<Order>({ method: 'POST', url: '/api/orders', headers: { ...auth, ...address() }, payload: { productId } });
  const pay = (orderNo: string) =>
    h.call<Order>({
      method: 'POST',
      url: `/api/payments/sandbox/${orderNo}/pay?t=${sandboxPayToken(h.ctx.secret, orderNo)}`,
      headers: address(),
      payload: { result: 'success' },
    });

  it('never lets spending between ordering and paying lower the price of an upgrade', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { maxLength: 5 }), async (steps) => {
        const u = await h.user();
        expect((await pay((await order(u.auth, 'basic-monthly')).data.orderNo)).data.status).toBe(1);
        const up = await order(u.auth, 'professional-monthly');
        expect(up.code).toBe(0);
        const spent: string[] = [];
        for (const [i, step] of steps.entries()) {
          if (step.op === 'spend') {
            const ref = `${u.id}:${i}`;
            // A spend the balance cannot cover is refused (notEnoughCoins) and changes nothing.
            const done = await charge(h.ctx.db, { userId: u.id, cost: step.cost, refType: 'test', refId: ref }).catch(() => null);
            if (done?.charged) spent.push(ref);
          } else {
            const ref = spent.pop();
            if (ref) await refund(h.ctx.db, { refType: 'test', refId: ref });
          }
        }
        const before = await current(u.auth);
        const ledgerBefore = (await h.call({ method: 'GET', url: '/api/points/ledger?pageSize=1', headers: u.auth })).data.total;
        const paid = await pay(up.data.orderNo);
        const after = await current(u.auth);
        if (up.data.amount >= before.quote.amount) {
          // Still covered: the upgrade starts and the basic package's rest lapses.
          expect(paid.data.status).toBe(1);
          expect(after.tier).toBe('professional');
        } else {
          // Spent below the credit: the old amount buys nothing and is refunded; nothing else moves.
          expect(paid.data.status).toBe(6);
          expect(after.tier).toBe('basic');
          expect(after.balance).toBe(before.balance);
          const ledgerAfter = (await h.call({ method: 'GET', url: '/api/points/ledger?pageSize=1', headers: u.auth })).data.total;
          expect(ledgerAfter).toBe(ledgerBefore);
        }
      }),
      { numRuns: 25 },
    );
  });
});
