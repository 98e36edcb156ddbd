import { FREE_GRANT_POINTS, TIERS } from '@productimage/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsLogin } from '../../identity/accounts/accounts.test-support.ts';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';
import { activateEnterpriseContract } from '../membership/contract.ts';
import { charge } from '../points/ledger.ts';
import { tierFlags } from './current.ts';

describeSqlite('GET /api/user/current', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it('answers the user, the benefit package and the flags of a free user', async () => {
    const { auth, phone } = await smsLogin(h);
    const res = await h.call({ method: 'GET', url: '/api/user/current', headers: { ...auth, host: 'shop.example.com:8080' } });
    expect(res.status).toBe(200);
    const row = await h.ctx.db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(res.data).toEqual({
      user: {
        id: row.id,
        phone,
        email: null,
        userName: `${phone.slice(0, 3)}****${phone.slice(7)}`,
        tenant: 'default',
        tenantName: '灵感商拍',
        tenantId: 'default',
        tenantIcon: null,
        companyName: null,
        inviterLink: `http://shop.example.com:8080/productimage/?inviteCode=${row.invite_code}&loginType=register`,
        hasPassword: false,
        createdAt: row.created_at,
      },
      benefitPackage: { remainBeanCount: FREE_GRANT_POINTS, endTime: null, product: { productType: 'free' } },
      vipUser: false,
      premiumVipUser: false,
      professionalOrFlagship: false,
      hotspotTrial: false,
      chatAllow: false,
      recommended: false,
    });
  });

  it('shows a change of balance, membership or profile at once, though its answer is kept between changes', async () => {
    const { auth, phone } = await smsLogin(h);
    const id = (await h.ctx.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
    const get = () => h.call({ method: 'GET', url: '/api/user/current', headers: auth });
    const first = await get();
    expect((await get()).data).toEqual(first.data);
    await charge(h.ctx.db, { userId: id, cost: 30, refType: 'test', refId: 'kept-answer' });
    expect((await get()).data.benefitPackage.remainBeanCount).toBe(FREE_GRANT_POINTS - 30);
    await h.ctx.db.updateTable('users').set({ company_name: '云朵杯业' }).where('id', '=', id).execute();
    expect((await get()).data.user.companyName).toBe('云朵杯业');
    await activateEnterpriseContract(h.ctx.db, id, { months: 12, monthlyPoints: 5000, value: 100_000 });
    const after = await get();
    expect(after.data.benefitPackage.product.productType).toBe('enterprise');
    expect(after.data.premiumVipUser).toBe(true);
    expect(after.data.benefitPackage.remainBeanCount).toBe(FREE_GRANT_POINTS - 30 + 5000);
  });

  it('signs a files URL in its answer on every send, the kept answer too', async () => {
    const now = Date.now();
    await h.ctx.db
      .insertInto('tenants')
      .values({
        id: 'logo-shop',
        name: '标志店',
        name_en: 'Logo shop',
        flags: '{"logo":"/files/tenants/logo.png"}',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const user = await h.user({ tenantId: 'logo-shop' });
    for (let i = 0; i < 2; i++) {
      const res = await h.call({ method: 'GET', url: '/api/user/current', headers: user.auth });
      expect(res.data.user.tenantIcon).toMatch(/\/files\/tenants\/logo\.png\?e=\d+&s=/);
    }
  });

  it('answers the same user from /api/auth/session', async () => {
    const { auth } = await smsLogin(h);
    const current = await h.call({ method: 'GET', url: '/api/user/current', headers: auth });
    const session = await h.call({ method: 'GET', url: '/api/auth/session', headers: auth });
    expect(session.data).toEqual(current.data.user);
  });

  it('answers 401 without a valid token, and session null', async () => {
    const res = await h.call({ method: 'GET', url: '/api/user/current', headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(401);
    expect(res.msg).toBe('Please log in first');
    const bogus = { authorization: 'Bearer not-a-token' };
    expect((await h.call({ method: 'GET', url: '/api/user/current', headers: bogus })).status).toBe(401);
    expect((await h.call({ method: 'GET', url: '/api/auth/session', headers: bogus })).data).toBeNull();
    expect((await h.call({ method: 'GET', url: '/api/auth/session' })).data).toBeNull();
  });
});

describe('invite link origin', () => {
  it('uses PUBLIC_URL when configured', async () => {
    const h = await createHarness('sqlite', { PUBLIC_URL: 'https://inspo.example.com/' });
    try {
      const { auth } = await smsLogin(h);
      const res = await h.call({ method: 'GET', url: '/api/user/current', headers: auth });
      expect(res.data.user.inviterLink).toMatch(
        /^https:\/\/inspo\.example\.com\/productimage\/\?inviteCode=[\w-]+&loginType=register$/,
      );
    } finally {
      await h.close();
    }
  });
});

describe('tier flags', () => {
  it('follow the product type', () => {
    const table = Object.fromEntries(TIERS.map((tier) => [tier, tierFlags(tier)]));
    expect(table).toEqual({
      free: { vipUser: false, premiumVipUser: false, professionalOrFlagship: false },
      basic: { vipUser: true, premiumVipUser: false, professionalOrFlagship: false },
      professional: { vipUser: true, premiumVipUser: false, professionalOrFlagship: true },
      premium: { vipUser: true, premiumVipUser: true, professionalOrFlagship: false },
      flagship: { vipUser: true, premiumVipUser: true, professionalOrFlagship: true },
      enterprise: { vipUser: true, premiumVipUser: true, professionalOrFlagship: false },
    });
  });
});
