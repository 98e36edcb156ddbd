import {
  DEFAULT_TENANT_FLAGS,
  isRouteHidden,
  resources,
  TEAM_PERMISSION_NAMES,
  type TeamRole,
  type TenantFlags,
  teamRoleCan,
} from '@productimage/core';
import { describe, expect, it } from 'vitest';
import {
  availableTools,
  buildMenus,
  landingPath,
  nearestAvailable,
  routeGate,
  routeOf,
  showsConsole,
  type Viewer,
} from './menus.ts';

const viewer = (
  over: { loggedIn?: boolean; vipUser?: boolean; chatAllow?: boolean; flags?: Partial<TenantFlags> } = {},
): Viewer => ({
  loggedIn: !!over.loggedIn,
  flags: {
    ...DEFAULT_TENANT_FLAGS,
    customizedImage: false,
    vipUser: !!over.vipUser,
    isChatAllow: !!over.chatAllow,
    ...over.flags,
  },
});
const ids = (v: Viewer) => buildMenus(v).map((g) => g.id);
const entries = (v: Viewer) => buildMenus(v).flatMap((g) => g.items.map((i) => i.route.id));

describe('header menus', () => {
  it('hides benefits centre and creation space from anonymous visitors', () => {
    expect(ids(viewer())).toEqual(['home', 'aiPhotography', 'aiLab', 'aiMarketing']);
    expect(ids(viewer({ loggedIn: true }))).toEqual([
      'home',
      'aiPhotography',
      'aiLab',
      'aiMarketing',
      'rightsCenter',
      'creationSpace',
    ]);
  });

  it('hides the insight and management menus of the enterprise set until login', () => {
    expect(ids(viewer({ flags: { menuSet: 'enterprise' } }))).not.toContain('marketingInsight');
    expect(ids(viewer({ loggedIn: true, flags: { menuSet: 'enterprise' } }))).toEqual([
      'workbench',
      'assetLibrary',
      'viralRewrite',
      'creationTools',
      'enterpriseManagement',
      'marketingInsight',
    ]);
  });

  it('gates goods and the product library on vipUser, the agent on isChatAllow, custom figure on the global flag', () => {
    const plain = entries(viewer({ loggedIn: true }));
    expect(plain).not.toContain('goods');
    expect(plain).not.toContain('mottAgent');
    expect(plain).not.toContain('customizedAnimal');
    const all = entries(viewer({ loggedIn: true, vipUser: true, chatAllow: true, flags: { customizedImage: true } }));
    expect(all).toEqual(expect.arrayContaining(['goods', 'mottAgent', 'customizedAnimal']));
  });

  it('offers the agent in every menu set whose tenant grants it, and in none that does not (issue 47)', () => {
    for (const menuSet of ['default', 'enterprise', 'natural', 'travel'] as const) {
      expect({
        menuSet,
        has: entries(viewer({ loggedIn: true, chatAllow: true, flags: { menuSet } })).includes('mottAgent'),
      }).toEqual({
        menuSet,
        has: true,
      });
      expect(entries(viewer({ loggedIn: true, flags: { menuSet } }))).not.toContain('mottAgent');
    }
  });

  it('drops routes the tenant hides and keeps only allowed menu paths', () => {
    const hidden = entries(viewer({ flags: { hiddenRoutes: ['/ai-mixed-cutting', '/mott-idea'] } }));
    expect(hidden).not.toContain('aiMixedCutting');
    expect(hidden).not.toContain('mottIdea');
    expect(entries(viewer({ flags: { allowedMenuPaths: ['/ai-cutout', '/product-bg'] } }))).toEqual(['aiCutout', 'productBg']);
  });

  it('hides home for the travel and natural-product sets and lands on their first tool', () => {
    for (const menuSet of ['travel', 'natural'] as const) {
      const v = viewer({ flags: { menuSet } });
      expect(ids(v)).not.toContain('home');
      expect(isRouteHidden(v.flags, '/')).toBe(true);
    }
    expect(landingPath(buildMenus(viewer({ flags: { menuSet: 'travel' } })))).toBe('/hot-notes');
    expect(isRouteHidden(viewer().flags, '/')).toBe(false);
  });

  it('offers the working video tool as a normal entry (issue 15: a working tool is never shown disabled)', () => {
    const item = buildMenus(viewer())
      .flatMap((g) => g.items)
      .find((i) => i.route.id === 'aiVideo');
    expect(item?.disabled).toBe(false);
  });
});

describe('team roles in menus', () => {
  // What GET /api/team/me answers for a role (the server derives permissions from the same core table).
  const asRole = (role: TeamRole, consoleOperator = false): Viewer => ({
    ...viewer({ loggedIn: true, flags: { menuSet: 'enterprise' } }),
    team: { permissions: TEAM_PERMISSION_NAMES.filter((p) => teamRoleCan(role, p)), consoleOperator },
  });
  const management = (v: Viewer) =>
    buildMenus(v)
      .find((g) => g.id === 'enterpriseManagement')
      ?.items.map((i) => i.route.id);

  it('shows the tenant settings and members entries to owners and admins only', () => {
    for (const role of ['owner', 'admin'] as const)
      expect(management(asRole(role))).toEqual(expect.arrayContaining(['kosTenant', 'kosMember']));
    for (const role of ['operator', 'member'] as const) {
      const items = management(asRole(role));
      expect(items).not.toContain('kosTenant');
      expect(items).not.toContain('kosMember');
      // What every member may read or submit stays: KOS pages (read-only) and the review queue.
      expect(items).toEqual(expect.arrayContaining(['kosAccount', 'kosTopic', 'audit']));
    }
  });

  it('keeps management entries hidden until the role is known', () => {
    const unknown = viewer({ loggedIn: true, flags: { menuSet: 'enterprise' } });
    expect(management(unknown)).not.toContain('kosMember');
    expect(management(unknown)).not.toContain('kosTenant');
  });

  it('offers the operator console to console operators only', () => {
    expect(showsConsole(asRole('owner', true))).toBe(true);
    expect(showsConsole(asRole('owner'))).toBe(false);
    expect(showsConsole(asRole('member'))).toBe(false);
    expect(showsConsole(viewer())).toBe(false);
  });
});

describe('route gates', () => {
  it('refuses vip and chat routes to logged-in users without the right, never to anonymous ones (they log in first)', () => {
    expect(routeGate(routeOf('goods')!, viewer({ loggedIn: true }))).toBe('vip');
    expect(routeGate(routeOf('goods')!, viewer({ loggedIn: true, vipUser: true }))).toBeNull();
    expect(routeGate(routeOf('mottAgent')!, viewer({ loggedIn: true }))).toBe('chat');
    expect(routeGate(routeOf('goods')!, viewer())).toBeNull();
    expect(routeGate(routeOf('customizedAnimal')!, viewer())).toBe('feature');
  });
});

describe('availability in menus', () => {
  const served = { bizTypes: ['MATTING_IMAGE', 'QR_CODE_ART'], external: [5], reservedChannel: false, enablers: {} };
  const item = (v: Viewer, id: string) =>
    buildMenus(v)
      .flatMap((g) => g.items)
      .find((i) => i.route.id === id);

  it('marks tools without a page, without an engine or without a configured link, and nothing else', () => {
    const v = { ...viewer({ loggedIn: true }), availability: served };
    expect(item(v, 'aiCutout')?.unavailable).toBeNull();
    expect(item(v, 'aiQrCode')?.unavailable).toBeNull();
    expect(item(v, 'productBg')?.unavailable).toBe('engine');
    expect(item(v, 'tryon')?.unavailable).toBe('engine');
    expect(item(v, 'aiMixedCutting')?.unavailable).toBe('external');
    expect(item(v, 'aiMixedMuse')?.unavailable).toBeNull();
    expect(item(v, 'member')?.unavailable).toBeNull();
  });

  it('offers only usable tools and points an unavailable one at the nearest usable tool', () => {
    const menus = buildMenus({ ...viewer({ loggedIn: true }), availability: served });
    const usable = availableTools(menus).map((i) => i.route.id);
    expect(usable).toContain('aiCutout');
    expect(usable).not.toContain('productBg');
    expect(usable).not.toContain('aiVideo'); // no engine for IMG_2_VEDIO in this availability
    expect(nearestAvailable(menus, 'tryon')?.id).toBe('aiCutout');
    expect(nearestAvailable(menus, 'aiMixedCutting')?.id).toBe('aiQrCode');
  });
});

describe('names', () => {
  it('the benefits-centre menu group is named like the page it opens, in both languages', () => {
    for (const language of ['zh', 'en'] as const)
      expect(resources[language].shell.group_rightsCenter).toBe(resources[language].routes.member);
  });
});
