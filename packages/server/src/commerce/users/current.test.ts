import { FREE_GRANT_POINTS, TIERS } from '@productimage/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsLogin } from '../../identity/accounts/accounts.test-support.ts';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';
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
