import { ERRORS, type Order } from '@productimage/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, describeEachDb, type Harness } from '../../test-support/harness.ts';
import { grantMonthlyPoints } from '../membership/jobs.ts';
import { addMonths } from '../membership/periods.ts';
import { sandboxPayToken } from '../payments/sandbox.ts';
import { expireDueBuckets } from '../points/jobs.ts';
import { charge } from '../points/ledger.ts';
import { closeExpiredOrders } from './orders.ts';

const OPERATOR = '13900000001';

describeEachDb('orders and sandbox payments', (kind) => {
  let h: Harness;
  let operator: Record<string, string>;
  beforeAll(async () => {
    h = await createHarness(kind, { OPERATOR_ACCOUNTS: OPERATOR });
    operator = (await h.user({ phone: OPERATOR })).auth;
  });
  afterAll(() => h.close());

  const balance = async (auth: Record<string, string>) =>
    (await h.call({ method: 'GET', url: '/api/membership/products', headers: auth })).data.current.balance as number;
  const order = (auth: Record<string, string>, productId: string) =>
    h.call<Order>({ method: 'POST', url: '/api/orders', headers: auth, payload: { productId } });
  /** The pay page's buttons, with the capability from the owner's pay URL. */
  const pay = (orderNo: string, result: 'success' | 'fail' | 'timeout') =>
    h.call<Order>({
      method: 'POST',
      url: `/api/payments/sandbox/${orderNo}/pay?t=${sandboxPayToken(h.ctx.secret, orderNo)}`,
      payload: { result },
    });
  const ledger = async (auth: Record<string, string>) =>
    (await h.call({ method: 'GET', url: '/api/points/ledger?pageSize=100', headers: auth })).data;

  it('lists tiers with the default monthly reading, packages and top-ups with prices in cents', async () => {
    const res = await h.call({ method: 'GET', url: '/api/membership/products', headers: { 'accept-language': 'en' } });
    expect(res.code).toBe(0);
    expect(res.data.reading).toBe('tiers');
    expect(res.data.tiers.map((t: { monthlyPoints: number }) => t.monthlyPoints)).toEqual([0, 5000, 15000, 35000, 80000, 0]);
    expect(res.data.packages.find((p: { id: string }) => p.id === 'basic-monthly')).toMatchObject({
      price: 9900,
      points: 5000,
      name: 'Basic monthly',
    });
    expect(res.data.topups[0]).toMatchObject({ id: 'topup-1000', points: 1000, price: 2000, validityDays: 90 });
    expect(res.data.current).toBeNull();
  });

  it('buys a top-up through the sandbox pay page: the order is paid and the balance rises at once', async () => {
    const u = await h.user();
    const created = await order(u.auth, 'topup-1000');
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({ amount: 2000, status: 0, statusName: 'pendingPayment' });
    expect(created.data.payUrl).toMatch(new RegExp(`/api/payments/sandbox/${created.data.orderNo}\\?t=[\\w-]+$`));
    expect(created.data.qrCode).toMatch(/^data:image\/png;base64,/);

    const payPath = new URL(created.data.payUrl as string).pathname + new URL(created.data.payUrl as string).search;
    const page = await h.app.inject({ method: 'GET', url: `${payPath}&lang=en` });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('¥20.00');
    expect(page.body).toContain('data-testid="sandbox-pay"');
    const opened = await h.call<Order>({ method: 'GET', url: `/api/orders/${created.data.orderNo}`, headers: u.auth });
    expect(opened.data.statusName).toBe('processing');

    const paid = await pay(created.data.orderNo, 'success');
    expect(paid.data).toMatchObject({ status: 1, statusName: 'success' });
    expect(await balance(u.auth)).toBe(1500);
    const rows = (await ledger(u.auth)).list;
    expect(rows[0]).toMatchObject({
      delta: 1000,
      reason: 'topup',
      refType: 'order',
      refId: created.data.orderNo,
      balanceAfter: 1500,
    });
    // Paying again is refused: the order is no longer open.
    expect((await pay(created.data.orderNo, 'success')).code).toBe(ERRORS.orderNotPayable.code);
    expect(await balance(u.auth)).toBe(1500);
    // One receipt in the inbox, in both languages: the amount, what was bought, the points (issue 41).
    const inbox = await h.call({ method: 'GET', url: '/api/inbox?pageNum=1&pageSize=100', headers: u.auth });
    expect(inbox.data.list).toHaveLength(1);
    const receipt = inbox.data.list[0];
    expect(receipt.msgTitle).toMatch(/^支付成功：.+ \/ Payment received: .+/);
    expect(receipt.msgContent).toContain('你已支付 ¥20.00');
    expect(receipt.msgContent).toContain('You paid ¥20.00');
    expect(receipt.msgContent).toContain(created.data.orderNo);
    expect(receipt.msgContent).toContain('1000 灵石已到账');
    expect(receipt.msgContent).toContain('1000 coins have been added');
  });

  it('answers a second order with 409 and the open order; cancelling it lets the user order anew', async () => {
    const u = await h.user();
    const first = await order(u.auth, 'topup-1000');
    const second = await order(u.auth, 'topup-5000');
    expect(second.status).toBe(409);
    expect(second.code).toBe(ERRORS.pendingOrderExists.code);
    expect(second.data).toMatchObject({ orderNo: first.data.orderNo, status: 0 });
    const cancelled = await h.call<Order>({ method: 'POST', url: `/api/orders/${first.data.orderNo}/cancel`, headers: u.auth });
    expect(cancelled.data).toMatchObject({ status: 4, statusName: 'closed' });
    const third = await order(u.auth, 'topup-5000');
    expect(third.data).toMatchObject({ status: 0, amount: 9500 });
    expect((await pay(first.data.orderNo, 'success')).code).toBe(ERRORS.orderNotPayable.code);
  });

  it('opens only one order when two purchases race', async () => {
    const u = await h.user();
    const results = await Promise.all([order(u.auth, 'topup-1000'), order(u.auth, 'topup-5000'), order(u.auth, 'topup-20000')]);
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(2);
  });

  it('shows failed and timed-out payments with their status names, and closes unpaid orders after the configured time', async () => {
    const u = await h.user();
    const a = await order(u.auth, 'topup-1000');
    expect((await pay(a.data.orderNo, 'fail')).data).toMatchObject({ status: 2, statusName: 'failed' });
    const b = await order(u.auth, 'topup-1000');
    expect((await pay(b.data.orderNo, 'timeout')).data).toMatchObject({ status: 5, statusName: 'paymentTimeout' });
    const c = await order(u.auth, 'topup-1000');
    expect(await closeExpiredOrders(h.ctx, Date.now() + 16 * 60 * 1000)).toBeGreaterThanOrEqual(1);
    const closed = await h.call<Order>({ method: 'GET', url: `/api/orders/${c.data.orderNo}`, headers: u.auth });
    expect(closed.data).toMatchObject({ status: 5, statusName: 'paymentTimeout' });
    expect(await balance(u.auth)).toBe(500);
    const list = await h.call({ method: 'GET', url: '/api/orders', headers: u.auth });
    expect(list.data.total).toBe(3);
    expect(list.data.list.map((o: Order) => o.orderNo)).toEqual([c.data.orderNo, b.data.orderNo, a.data.orderNo]);
  });

  it("keeps users' orders apart", async () => {
    const a = await h.user();
    const b = await h.user();
    const mine = await order(a.auth, 'topup-1000');
    expect((await h.call({ method: 'GET', url: `/api/orders/${mine.data.orderNo}`, headers: b.auth })).status).toBe(404);
    expect((await h.call({ method: 'POST', url: `/api/orders/${mine.data.orderNo}/cancel`, headers: b.auth })).status).toBe(404);
    expect((await h.call({ method: 'GET', url: '/api/orders', headers: b.auth })).data.total).toBe(0);
  });

  it('refuses a forged or tampered notification and applies a replayed one once', async () => {
    const u = await h.user();
    const o = await order(u.auth, 'topup-1000');
    const body = JSON.stringify({ eventId: 'evt-1', orderNo: o.data.orderNo, result: 'success', amount: 2000, tradeNo: 'T1' });
    const forged = await h.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/notify',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': `t=${Date.now()},v1=${'0'.repeat(64)}` },
      payload: body,
    });
    expect(forged.statusCode).toBe(400);
    // A provider this server does not have, or one not configured here: 404, never a 500 (issue 42).
    for (const provider of ['paypal', 'alipay']) {
      const unknown = await h.app.inject({
        method: 'POST',
        url: `/api/payments/${provider}/notify`,
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(unknown.statusCode).toBe(404);
    }
    const { signSandbox } = await import('../payments/sandbox.ts');
    const tampered = await h.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/notify',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': signSandbox(h.ctx.secret, body) },
      payload: body.replace('2000', '1'),
    });
    expect(tampered.statusCode).toBe(400);
    const stale = await h.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/notify',
      headers: {
        'content-type': 'application/json',
        'x-sandbox-signature': signSandbox(h.ctx.secret, body, Date.now() - 10 * 60 * 1000),
      },
      payload: body,
    });
    expect(stale.statusCode).toBe(400);
    expect(await balance(u.auth)).toBe(500);
    for (let i = 0; i < 3; i++) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/notify',
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': signSandbox(h.ctx.secret, body) },
        payload: body,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await balance(u.auth)).toBe(1500);
    expect((await ledger(u.auth)).list.filter((r: { reason: string }) => r.reason === 'topup')).toHaveLength(1);
  });

  it('prices an upgrade at the list price less the remaining value of the current package', async () => {
    const u = await h.user();
    const basic = await order(u.auth, 'basic-monthly');
    expect(basic.data.amount).toBe(9900);
    await pay(basic.data.orderNo, 'success');
    expect(await balance(u.auth)).toBe(5500);
    // Half of this month's package points spent: half of the month's value is left.
    await charge(h.ctx.db, { userId: u.id, cost: 2500, refType: 'test', refId: `${u.id}:half` });
    const products = await h.call({ method: 'GET', url: '/api/membership/products', headers: u.auth });
    expect(products.data.current.tier).toBe('basic');
    const quote = products.data.quotes.find((q: { productId: string }) => q.productId === 'professional-monthly');
    expect(quote).toEqual({ productId: 'professional-monthly', amount: 29900 - 4950, credit: 4950, blockedBy: null });
    expect(products.data.quotes.find((q: { productId: string }) => q.productId === 'basic-annual')).toMatchObject({
      amount: 99000,
      credit: 0,
    });

    const up = await order(u.auth, 'professional-monthly');
    expect(up.data).toMatchObject({ amount: 24950, credit: 4950, listPrice: 29900 });
    await pay(up.data.orderNo, 'success');
    // The basic package's unspent points lapse (they were credited); professional's month is granted.
    expect(await balance(u.auth)).toBe(500 + 15000);
    const after = await h.call({ method: 'GET', url: '/api/membership/products', headers: u.auth });
    expect(after.data.current.tier).toBe('professional');
    const basicQuote = after.data.quotes.find((q: { productId: string }) => q.productId === 'basic-monthly');
    expect(basicQuote.blockedBy).toBe('downgradeNotAllowed');
    const down = await order(u.auth, 'basic-monthly');
    expect(down.code).toBe(ERRORS.downgradeNotAllowed.code);
    const rows = (await ledger(u.auth)).list;
    const sum = rows.reduce((s: number, r: { delta: number }) => s + r.delta, 0);
    expect(sum).toBe(15500);
  });

  it("refuses the sandbox pay page and its buttons to anyone without the owner's pay URL (attack: order number only)", async () => {
    const owner = await h.user();
    const stranger = await h.user();
    const o = await order(owner.auth, 'topup-1000');
    const orderNo = o.data.orderNo;
    // The attack: knowing an order number, open its page and press its buttons.
    const page = await h.app.inject({ method: 'GET', url: `/api/payments/sandbox/${orderNo}?lang=en` });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('¥20.00');
    const forgedToken = await h.app.inject({ method: 'GET', url: `/api/payments/sandbox/${orderNo}?t=${'A'.repeat(32)}` });
    expect(forgedToken.statusCode).toBe(404);
    for (const result of ['success', 'fail', 'timeout'] as const) {
      const anonymous = await h.call({ method: 'POST', url: `/api/payments/sandbox/${orderNo}/pay`, payload: { result } });
      expect(anonymous.status).toBe(404);
      const other = await h.call({
        method: 'POST',
        url: `/api/payments/sandbox/${orderNo}/pay`,
        headers: stranger.auth,
        payload: { result },
      });
      expect(other.status).toBe(404);
    }
    // Nothing moved: the order is still waiting for its owner.
    const still = await h.call<Order>({ method: 'GET', url: `/api/orders/${orderNo}`, headers: owner.auth });
    expect(still.data).toMatchObject({ status: 0, statusName: 'pendingPayment' });
    // The owner pays with their login as well as with the pay URL.
    const paid = await h.call<Order>({
      method: 'POST',
      url: `/api/payments/sandbox/${orderNo}/pay`,
      headers: owner.auth,
      payload: { result: 'success' },
    });
    expect(paid.data).toMatchObject({ status: 1 });
  });

  it('re-prices an upgrade at payment: points spent after ordering make the old amount refused and refunded', async () => {
    const u = await h.user();
    const basic = await order(u.auth, 'basic-monthly');
    await pay(basic.data.orderNo, 'success');
    const up = await order(u.auth, 'professional-monthly');
    expect(up.data).toMatchObject({ amount: 20000, credit: 9900 });
    // The attack: spend the whole package after ordering, then pay the old (credited) order.
    await charge(h.ctx.db, { userId: u.id, cost: 5500, refType: 'test', refId: `${u.id}:all` });
    const quote = (await h.call({ method: 'GET', url: '/api/membership/products', headers: u.auth })).data.quotes.find(
      (q: { productId: string }) => q.productId === 'professional-monthly',
    );
    expect(quote).toMatchObject({ amount: 29900, credit: 0 });
    const before = await ledger(u.auth);
    const paid = await pay(up.data.orderNo, 'success');
    expect(paid.data).toMatchObject({ status: 6, statusName: 'refunded' });
    const after = (await h.call({ method: 'GET', url: '/api/membership/products', headers: u.auth })).data.current;
    expect(after.tier).toBe('basic');
    expect(after.balance).toBe(0);
    expect((await ledger(u.auth)).total).toBe(before.total);
    // A fresh order at today's price goes through.
    const again = await order(u.auth, 'professional-monthly');
    expect(again.data).toMatchObject({ amount: 29900, credit: 0 });
    expect((await pay(again.data.orderNo, 'success')).data).toMatchObject({ status: 1 });
    expect((await h.call({ method: 'GET', url: '/api/membership/products', headers: u.auth })).data.current.tier).toBe(
      'professional',
    );
  });

  it('queues a renewal of the same tier after the current package', async () => {
    const u = await h.user();
    const first = await order(u.auth, 'basic-monthly');
    await pay(first.data.orderNo, 'success');
    const before = (await h.call({ method: 'GET', url: '/api/membership/products', headers: u.auth })).data.current;
    const again = await order(u.auth, 'basic-monthly');
    expect(again.data.amount).toBe(9900);
    await pay(again.data.orderNo, 'success');
    const after = (await h.call({ method: 'GET', url: '/api/membership/products', headers: u.auth })).data.current;
    expect(after.endTime).toBe(addMonths(before.endTime, 1));
    // The renewal's points come when its month begins, not now.
    expect(after.balance).toBe(5500);
  });

  it('grants each month of an annual package once and expires the month before', async () => {
    const u = await h.user();
    const annual = await order(u.auth, 'flagship-annual');
    await pay(annual.data.orderNo, 'success');
    expect(await balance(u.auth)).toBe(80500);
    const later = addMonths(Date.now(), 1) + 60_000;
    await expireDueBuckets(h.ctx.db, later);
    const first = await grantMonthlyPoints(h.ctx.db, later);
    const second = await grantMonthlyPoints(h.ctx.db, later);
    expect(first).toBeGreaterThanOrEqual(1);
    expect(second).toBe(0);
    const rows = (await ledger(u.auth)).list;
    expect(rows.filter((r: { reason: string }) => r.reason === 'monthly_grant')).toHaveLength(2);
    expect(rows.find((r: { reason: string }) => r.reason === 'expiry')).toMatchObject({ delta: -80000 });
    expect(await balance(u.auth)).toBe(80500);
  });

  it('lets an operator refund a paid order once: status 6 and the unspent points leave with a ledger row', async () => {
    const u = await h.user();
    const o = await order(u.auth, 'topup-5000');
    await pay(o.data.orderNo, 'success');
    await charge(h.ctx.db, { userId: u.id, cost: 1000, refType: 'test', refId: `${u.id}:spend` });
    expect(
      (await h.call({ method: 'POST', url: `/api/orders/${o.data.orderNo}/refund`, headers: u.auth, payload: { note: 'x' } }))
        .status,
    ).toBe(403);
    const refunds = await Promise.all(
      [1, 2].map(() =>
        h.call<Order>({
          method: 'POST',
          url: `/api/orders/${o.data.orderNo}/refund`,
          headers: operator,
          payload: { note: 'customer asked' },
        }),
      ),
    );
    expect(refunds.some((r) => r.code === 0 && r.data.status === 6 && r.data.statusName === 'refunded')).toBe(true);
    const rows = (await ledger(u.auth)).list.filter(
      (r: { reason: string; refType: string }) => r.reason === 'refund' && r.refType === 'order',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].delta).toBe(-4000);
    expect(await balance(u.auth)).toBe(500);
    expect(
      (
        await h.call({
          method: 'POST',
          url: `/api/orders/${o.data.orderNo}/refund`,
          headers: operator,
          payload: { note: 'again' },
        })
      ).code,
    ).toBe(ERRORS.orderNotRefundable.code);
  });

  it('lets operators edit products and grant the enterprise plan with custom points', async () => {
    const notOperator = (await h.user({ email: 'ops@example.com' })).auth;
    const u = await h.user();
    expect((await h.call({ method: 'GET', url: '/api/membership/admin/products', headers: u.auth })).status).toBe(403);
    // Operators are named by configuration; this e-mail is not one of them.
    expect((await h.call({ method: 'GET', url: '/api/membership/admin/products', headers: notOperator })).status).toBe(403);
    const edited = await h.call({
      method: 'PUT',
      url: '/api/membership/admin/products/topup-1000',
      headers: operator,
      payload: {
        kind: 'topup',
        tier: null,
        period: null,
        nameZh: '1000 灵石',
        nameEn: '1000 coins',
        price: 1800,
        points: 1000,
        validityDays: 30,
        active: true,
        sort: 100,
      },
    });
    expect(edited.data).toMatchObject({ price: 1800, validityDays: 30 });
    const bad = await h.call({
      method: 'PUT',
      url: '/api/membership/admin/products/topup-1000',
      headers: operator,
      payload: {
        kind: 'topup',
        tier: null,
        period: null,
        nameZh: 'x',
        nameEn: 'x',
        price: 1800,
        points: null,
        validityDays: 30,
        active: true,
        sort: 100,
      },
    });
    expect(bad.status).toBe(400);
    expect((await order(u.auth, 'topup-1000')).data.amount).toBe(1800);

    const ent = await h.user();
    const phone = (await h.ctx.db.selectFrom('users').select('phone').where('id', '=', ent.id).executeTakeFirstOrThrow())
      .phone as string;
    const granted = await h.call({
      method: 'POST',
      url: '/api/membership/admin/enterprise',
      headers: operator,
      payload: { account: phone, monthlyPoints: 200000, months: 12 },
    });
    expect(granted.code).toBe(0);
    const current = (await h.call({ method: 'GET', url: '/api/membership/products', headers: ent.auth })).data.current;
    expect(current).toMatchObject({ tier: 'enterprise', balance: 200500 });
    expect(current.endTime).toBe(granted.data.endAt);
    expect((await order(ent.auth, 'flagship-annual')).code).toBe(ERRORS.downgradeNotAllowed.code);
    expect((await order(ent.auth, 'enterprise')).code).toBe(ERRORS.productNotPurchasable.code);
  });
});
