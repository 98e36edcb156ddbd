import { ERRORS } from '@productimage/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { operatorOf } from '../../identity/operators/test-operators.test-support.ts';
import { insertTenant } from '../../identity/tenants/records.ts';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';

describeSqlite('leads', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  let ipCounter = 0;
  const submit = (payload: Record<string, unknown>, opts: { auth?: Record<string, string>; ip?: string; lang?: string } = {}) =>
    h.call({
      method: 'POST',
      url: '/api/leads',
      headers: { ...opts.auth, 'accept-language': opts.lang ?? 'en' },
      remoteAddress: opts.ip ?? `10.0.0.${++ipCounter}`,
      payload,
    });
  const desktop = {
    type: 'custom_model',
    name: 'Li Lei',
    companyName: 'Acme',
    phone: '13800000000',
    address: 'Buyer',
    email: 'li@acme.cn',
    description: 'Custom model for wigs',
    webSource: 'https://x/custom',
  };

  it('accepts anonymous leads of each form and lists them for the tenant operators', async () => {
    expect((await submit(desktop)).status).toBe(200);
    expect((await submit({ type: 'HOT', name: 'Han', companyName: 'Hot Co', webSource: '/hot' })).status).toBe(200);
    expect(
      (
        await submit({
          type: 'consultant',
          name: 'Wu',
          companyName: 'Mobile Co',
          phone: '-',
          email: '-',
          address: '-',
          description: 'call me',
        })
      ).status,
    ).toBe(200);
    const op = await operatorOf(h, 'default');
    const res = await h.call({ method: 'GET', url: '/api/operator/leads', headers: op.auth });
    expect(res.status).toBe(200);
    expect(res.data.total).toBe(3);
    expect(res.data.list[2]).toMatchObject({
      type: 'custom_model',
      name: 'Li Lei',
      companyName: 'Acme',
      phone: '13800000000',
      address: 'Buyer',
      email: 'li@acme.cn',
      description: 'Custom model for wigs',
      webSource: 'https://x/custom',
      userId: null,
    });
    const hot = await h.call({ method: 'GET', url: '/api/operator/leads?type=HOT', headers: op.auth });
    expect(hot.data.list.map((l: any) => l.name)).toEqual(['Han']);
  });

  it('keeps leads in their tenant: by referrer for visitors, by account for users', async () => {
    expect((await submit({ ...desktop, type: 'MODI', name: 'Via modi', referrer: 'modi' })).status).toBe(200);
    const natural = await h.user({ tenantId: 'natural-1' });
    expect((await submit({ ...desktop, name: 'Natural user', referrer: 'modi' }, { auth: natural.auth })).status).toBe(200);

    const kosOp = await operatorOf(h, 'kos');
    const kos = await h.call({ method: 'GET', url: '/api/operator/leads', headers: kosOp.auth });
    expect(kos.data.list.map((l: any) => l.name)).toEqual(['Via modi']);
    expect(kos.data.list[0].referrer).toBe('modi');
    const naturalOp = await operatorOf(h, 'natural-1');
    const nat = await h.call({ method: 'GET', url: '/api/operator/leads', headers: naturalOp.auth });
    expect(nat.data.list.map((l: any) => l.name)).toEqual(['Natural user']);
    expect(nat.data.list[0].userId).toBe(natural.id);
    const defaultOp = await operatorOf(h, 'default');
    const def = await h.call({ method: 'GET', url: '/api/operator/leads', headers: defaultOp.auth });
    expect(def.data.list.map((l: any) => l.name)).not.toContain('Via modi');
    expect(def.data.list.map((l: any) => l.name)).not.toContain('Natural user');
  });

  it('validates with the shared lead rules and translated messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...desktop, name: '' }, 'Please enter your name'],
      [{ ...desktop, companyName: '' }, 'Please enter the company name'],
      [{ ...desktop, name: 'x'.repeat(31) }, 'At most 30 characters'],
      [{ ...desktop, description: 'x'.repeat(101) }, 'At most 100 characters'],
      [{ ...desktop, type: 'MODI', phone: '' }, 'Please enter phone number'],
      [{ ...desktop, phone: '12345' }, 'Please enter a correct phone number'],
      [{ ...desktop, email: 'not-an-email' }, 'Please enter a correct email'],
    ];
    for (const [payload, msg] of cases) {
      const res = await submit(payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.msg).toBe(msg);
    }
    expect((await submit({ ...desktop, type: 'nope' })).status).toBe(400);
    // HOT hides the phone field.
    expect((await submit({ type: 'HOT', name: 'a', companyName: 'b' })).status).toBe(200);
  });

  it('rate-limits submissions per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await submit({ type: 'HOT', name: `n${i}`, companyName: 'c' }, { ip: '192.0.2.77' })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await submit({ type: 'HOT', name: 'other ip', companyName: 'c' }, { ip: '192.0.2.78' })).status).toBe(200);
  });

  it('lists leads only for operators', async () => {
    expect((await h.call({ method: 'GET', url: '/api/operator/leads' })).status).toBe(401);
    const res = await h.call({ method: 'GET', url: '/api/operator/leads', headers: (await h.user()).auth });
    expect(res.status).toBe(403);
    expect(res.code).toBe(ERRORS.forbidden.code);
  });

  it('sends a member’s consultant request to the tenant’s named adviser and says so in the inbox (issue 47)', async () => {
    await insertTenant(h.ctx.db, 'shop-advised', {
      name: 'Advised',
      flags: JSON.stringify({ adviserName: 'Wang Fang', supportPhone: '400-800-1234' }),
    });
    const member = await h.user({ tenantId: 'shop-advised' });
    const sent = await submit({ ...desktop, type: 'consultant', phone: '-', address: '-', email: '-' }, { auth: member.auth });
    expect(sent.code, sent.msg).toBe(0);
    const inbox = await h.call({
      method: 'GET',
      url: '/api/inbox?pageNum=1&pageSize=100',
      headers: { ...member.auth, 'accept-language': 'en' },
    });
    expect(inbox.data.list[0]).toMatchObject({ msgTitle: 'Your adviser Wang Fang has your request' });
    expect(inbox.data.list[0].msgContent).toContain('400-800-1234');
    // Without a named adviser nothing is sent; the flags answer carries the name for the member page.
    const plain = await h.user();
    await submit({ ...desktop, type: 'consultant', phone: '-', address: '-', email: '-' }, { auth: plain.auth });
    expect((await h.call({ method: 'GET', url: '/api/inbox?pageNum=1&pageSize=100', headers: plain.auth })).data.total).toBe(0);
    const flags = await h.call({ method: 'GET', url: '/api/tenants/flags', headers: member.auth });
    expect(flags.data.adviserName).toBe('Wang Fang');
  });

  it('takes the adviser and their own contact from the console’s tenant form, and tells the member in their language', async () => {
    await insertTenant(h.ctx.db, 'shop-console', {
      name: 'Console shop',
      flags: JSON.stringify({ supportPhone: '400-800-0000' }),
    });
    const operator = await operatorOf(h, 'shop-console');
    const saved = await h.call({
      method: 'PUT',
      url: '/api/console/tenants/shop-console',
      headers: operator.auth,
      payload: { flags: { supportPhone: '400-800-0000', adviserName: '李娜', adviserContact: '微信 lina_adviser' } },
    });
    expect(saved.status, saved.raw).toBe(200);
    // A contact of two characters is refused like any malformed flag.
    const refused = await h.call({
      method: 'PUT',
      url: '/api/console/tenants/shop-console',
      headers: operator.auth,
      payload: { flags: { adviserName: '李娜', adviserContact: 'x' } },
    });
    expect(refused.status).toBe(400);
    const member = await h.user({ tenantId: 'shop-console' });
    const sent = await submit(
      { ...desktop, type: 'consultant', phone: '-', address: '-', email: '-' },
      { auth: member.auth, lang: 'zh' },
    );
    expect(sent.code, sent.msg).toBe(0);
    const inbox = await h.call({ method: 'GET', url: '/api/inbox?pageNum=1&pageSize=100', headers: member.auth });
    expect(inbox.data.list[0]).toMatchObject({ msgTitle: '您的专属顾问李娜已收到需求' });
    // The adviser's own contact, not the tenant's support phone.
    expect(inbox.data.list[0].msgContent).toContain('微信 lina_adviser');
    expect(inbox.data.list[0].msgContent).not.toContain('400-800-0000');
    const flags = await h.call({ method: 'GET', url: '/api/tenants/flags', headers: member.auth });
    expect(flags.data).toMatchObject({ adviserName: '李娜', adviserContact: '微信 lina_adviser' });
  });
});
