import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test-support/harness.ts';
import { addMonths, periodEnd, periodIndexAt } from './periods.ts';

const cst = (iso: string) => Date.parse(`${iso}+08:00`);

describe('package periods', () => {
  it('counts calendar months in China Standard Time, ending a month bought on the 31st on the last day', () => {
    expect(addMonths(cst('2026-01-31T10:00:00'), 1)).toBe(cst('2026-02-28T10:00:00'));
    expect(addMonths(cst('2026-01-31T10:00:00'), 2)).toBe(cst('2026-03-31T10:00:00'));
    expect(addMonths(cst('2026-12-15T23:30:00'), 12)).toBe(cst('2027-12-15T23:30:00'));
    const sub = { start_at: cst('2026-01-31T10:00:00'), end_at: addMonths(cst('2026-01-31T10:00:00'), 12), months: 12 };
    expect(periodIndexAt(sub, cst('2026-02-27T10:00:00'))).toBe(0);
    expect(periodIndexAt(sub, cst('2026-02-28T10:00:00'))).toBe(1);
    expect(periodEnd(sub, 1)).toBe(cst('2026-03-31T10:00:00'));
    expect(periodIndexAt(sub, sub.end_at)).toBe(-1);
  });
});

describe('monthly points reading', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('sqlite', { MONTHLY_POINTS_READING: 'desktop' });
  });
  afterAll(() => h.close());

  it('offers the desktop reading when configured, and sells packages with it', async () => {
    const res = await h.call({ method: 'GET', url: '/api/membership/products' });
    expect(res.data.reading).toBe('desktop');
    expect(res.data.packages.find((p: { id: string }) => p.id === 'basic-monthly').points).toBe(1000);
    const u = await h.user();
    const order = await h.call({ method: 'POST', url: '/api/orders', headers: u.auth, payload: { productId: 'basic-monthly' } });
    await h.call({
      method: 'POST',
      url: `/api/payments/sandbox/${order.data.orderNo}/pay`,
      headers: u.auth,
      payload: { result: 'success' },
    });
    const current = (await h.call({ method: 'GET', url: '/api/membership/products', headers: u.auth })).data.current;
    expect(current).toMatchObject({ tier: 'basic', balance: 1500 });
  });
});
