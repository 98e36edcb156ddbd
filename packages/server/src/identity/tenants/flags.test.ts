import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';
import { mergeFlags } from './flags.ts';
import { insertTenant, updateTenant } from './records.ts';
import { forgetTenant, getTenant } from './store.ts';

const flags = async (h: Harness, query = '', headers: Record<string, string> = {}) => {
  const res = await h.call({ method: 'GET', url: `/api/tenants/flags${query}`, headers });
  expect(res.status).toBe(200);
  return res.data;
};

describe('mergeFlags', () => {
  it('adds hidden routes up, lets the referrer override, and hides home for sets without one', () => {
    const merged = mergeFlags(
      { menuSet: 'travel', hiddenRoutes: ['/a'], hideInvite: true },
      { hiddenRoutes: ['/b'], hideHeader: true },
    );
    expect(merged.hiddenRoutes.sort()).toEqual(['/', '/a', '/b', '/home']);
    expect(merged).toMatchObject({ menuSet: 'travel', hideInvite: true, hideHeader: true, allowedMenuPaths: null });
    expect(mergeFlags({ allowedMenuPaths: ['/x'] }, { allowedMenuPaths: ['/y'] }).allowedMenuPaths).toEqual(['/y']);
    expect(mergeFlags({ allowedMenuPaths: ['/x'] }, {}).allowedMenuPaths).toEqual(['/x']);
  });
});

describeSqlite('GET /api/tenants/flags', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { EMBED_ALLOWED_ORIGINS: 'https://partner.example/' });
  });
  afterAll(() => h.close());

  const userOf = async (tenantId: string) => h.user({ tenantId });

  it('answers the default tenant to an anonymous visitor', async () => {
    const data = await flags(h);
    expect(data).toMatchObject({
      tenantId: 'default',
      tenantName: '灵感商拍',
      referrer: null,
      menuSet: 'default',
      hiddenRoutes: [],
      allowedMenuPaths: null,
      logo: null,
      hideInvite: false,
      requireInviteCode: false,
      customizedImage: true,
      vipUser: false,
      isChatAllow: false,
      loggedIn: false,
    });
    expect(data.allowedOrigins).toEqual(['https://partner.example']);
    expect((await flags(h, '?lang=en')).tenantName).toBe('InspoShot');
  });

  it('ignores unknown referrers', async () => {
    expect(await flags(h, '?referrer=nobody')).toMatchObject({ tenantId: 'default', referrer: null });
  });

  it('gives referrer modi the KOS tenant and the enterprise menu set', async () => {
    expect(await flags(h, '?referrer=modi')).toMatchObject({
      tenantId: 'kos',
      referrer: 'modi',
      menuSet: 'enterprise',
      isChatAllow: false,
    });
  });

  it('serves each seeded tenant to its users', async () => {
    const lite = await flags(h, '', (await userOf('lite')).auth);
    expect(lite.tenantId).toBe('lite');
    expect(lite.hiddenRoutes).toEqual(
      expect.arrayContaining([
        '/ai-mixed-cutting',
        '/ai-mixed-muse',
        '/ai-mixed-muse-recommend',
        '/mott-idea',
        '/mott-content',
        '/ai-video',
      ]),
    );
    expect(lite.menuSet).toBe('default');

    for (const id of ['natural-1', 'natural-2']) {
      const data = await flags(h, '', (await userOf(id)).auth);
      expect(data).toMatchObject({ tenantId: id, menuSet: 'natural', hideInvite: false, loggedIn: true });
      expect(data.hiddenRoutes).toEqual(expect.arrayContaining(['/', '/home']));
      expect(data.logo).toMatch(/^data:image\/svg\+xml;base64,/);
    }
    for (const id of ['travel-1', 'travel-2']) {
      const data = await flags(h, '', (await userOf(id)).auth);
      expect(data).toMatchObject({ tenantId: id, menuSet: 'travel', hideInvite: true });
      expect(data.hiddenRoutes).toEqual(expect.arrayContaining(['/', '/home']));
    }
    const kos = await flags(h, '', (await userOf('kos')).auth);
    expect(kos).toMatchObject({ tenantId: 'kos', menuSet: 'enterprise', isChatAllow: true, vipUser: false });
    expect((await flags(h, '', (await userOf('default')).auth)).isChatAllow).toBe(false);
  });

  it("keeps the logged-in user's own tenant while the referrer's presentation flags still apply", async () => {
    const user = await userOf('lite');
    const data = await flags(h, '?referrer=embed-bare', user.auth);
    expect(data).toMatchObject({
      tenantId: 'lite',
      referrer: 'embed-bare',
      hideHeader: true,
      hideSidebar: true,
      hideCoins: true,
      hideFloating: true,
    });
    expect(data.hiddenRoutes).toContain('/ai-mixed-cutting');
    expect((await flags(h, '?referrer=modi', user.auth)).tenantId).toBe('lite');
  });

  it('gives embedding referrers their allowed origins and menu restrictions', async () => {
    const partner = await flags(h, '?referrer=partner-demo');
    expect(partner.allowedOrigins).toEqual(
      expect.arrayContaining(['http://localhost:8091', 'http://127.0.0.1:8091', 'https://partner.example']),
    );
    expect(partner.allowedOrigins).not.toContain('http://localhost:8092');
    expect(partner.allowedMenuPaths).toContain('/ai-cutout');
    expect(partner.hideFloating).toBe(true);
    const mini = await flags(h, '?referrer=miniprogram');
    expect(mini.allowedOrigins).toEqual(expect.arrayContaining(['http://localhost:8092', 'http://127.0.0.1:8092']));
    expect(mini.profileCompletion).toBe(true);
  });

  it('finds the referrer by host marker when no referrer is named', async () => {
    expect((await flags(h, '?host=mp-inspo.example.com')).referrer).toBe('miniprogram');
    expect((await flags(h, '?host=mall-inspo.partner.example')).referrer).toBe('partner-mall');
    expect((await flags(h, '', { host: 'shop-inspo.partner.example' })).referrer).toBe('partner-shop');
    expect((await flags(h, '?host=www.example.com')).referrer).toBeNull();
  });

  it('marks referrers that need an invite code and maps them to their tenant', async () => {
    expect(await flags(h, '?referrer=invite-beta')).toMatchObject({ tenantId: 'default', requireInviteCode: true });
    expect(await flags(h, '?referrer=travel-club')).toMatchObject({
      tenantId: 'travel-1',
      menuSet: 'travel',
      requireInviteCode: true,
    });
  });

  it('agrees with /api/user/current on the agent grant and gives the tenant name and logo', async () => {
    const kos = await userOf('kos');
    const current = await h.call({ method: 'GET', url: '/api/user/current', headers: kos.auth });
    expect(current.data.chatAllow).toBe(true);
    expect(current.data.user).toMatchObject({
      tenantId: 'kos',
      tenantName: 'KOS 企业版',
      tenantIcon: expect.stringMatching(/^data:image\/svg/),
    });
    const plain = await h.call({ method: 'GET', url: '/api/user/current', headers: (await userOf('default')).auth });
    expect(plain.data.chatAllow).toBe(false);
  });

  it('publishes the shell routes in /api/openapi.json', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/tenants/flags',
      '/api/upload',
      '/api/inbox',
      '/api/inbox/{msgId}/read',
      '/api/inbox/read-all',
      '/api/feedback',
      '/api/leads',
      '/api/settings/profile',
      '/api/settings/bind',
      '/api/settings/password',
      '/api/settings/logout-all',
      '/api/external/video-url',
      '/api/operator/inbox',
      '/api/operator/leads',
      '/api/operator/feedback',
      '/api/operator/invite-code',
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  it('shows an edit at once even when a read of the old row was under way as it landed', async () => {
    await insertTenant(h.ctx.db, 'race-co', { name: 'Before', name_en: '', flags: '{}' });
    // A request starts reading the tenant; the console's edit commits and forgets it before that read returns.
    const reading = getTenant(h.ctx.db, 'race-co');
    forgetTenant(h.ctx.db, 'race-co');
    await reading;
    // (The row the edit wrote, which the read above could not see.)
    await updateTenant(h.ctx.db, 'race-co', { name: 'After' });
    // The next request reads the row again instead of keeping what the earlier read found.
    expect((await getTenant(h.ctx.db, 'race-co'))?.name).toBe('After');
  });

  it('refuses malformed referrer parameters', async () => {
    const res = await h.call({ method: 'GET', url: '/api/tenants/flags?referrer=%3Cscript%3E' });
    expect(res.status).toBe(400);
  });
});

describe('the global customizedImage flag', () => {
  it('can be switched off by configuration', async () => {
    const h = await createHarness('sqlite', { CUSTOMIZED_IMAGE: '0' });
    try {
      expect((await flags(h)).customizedImage).toBe(false);
    } finally {
      await h.close();
    }
  });
});
