import { describe, expect, it } from 'vitest';
import {
  closedGate,
  DEFAULT_TENANT_FLAGS,
  isMenuPathAllowed,
  isOriginAllowed,
  isRouteHidden,
  menuSetOf,
  type TenantFlags,
} from './flags.ts';

const flags = (over: Partial<TenantFlags>): TenantFlags => ({ ...DEFAULT_TENANT_FLAGS, ...over });

describe('tenant flag helpers', () => {
  it('hides listed routes, their sub-pages, whatever the case or trailing slash', () => {
    const f = flags({ hiddenRoutes: ['/ai-mixed-cutting', '/modi-theme', '/MoTT2'] });
    expect(isRouteHidden(f, '/ai-mixed-cutting')).toBe(true);
    expect(isRouteHidden(f, '/AI-Mixed-Cutting/')).toBe(true);
    expect(isRouteHidden(f, '/modi-theme/edit/3')).toBe(true);
    expect(isRouteHidden(f, '/mott2?x=1')).toBe(true);
    expect(isRouteHidden(f, '/ai-mixed-muse')).toBe(false);
    expect(isRouteHidden(f, '/')).toBe(false);
  });

  it('hides home for the natural-product and travel sets only', () => {
    for (const menuSet of ['natural', 'travel'] as const) {
      expect(isRouteHidden(flags({ menuSet }), '/')).toBe(true);
      expect(isRouteHidden(flags({ menuSet }), '/home')).toBe(true);
      expect(isRouteHidden(flags({ menuSet }), '/member')).toBe(false);
    }
    expect(isRouteHidden(flags({ menuSet: 'enterprise' }), '/')).toBe(false);
  });

  it('a hidden "/" does not hide every page', () => {
    expect(isRouteHidden(flags({ hiddenRoutes: ['/'] }), '/member')).toBe(false);
  });

  it('restricts menus to allowedMenuPaths when set', () => {
    const f = flags({ allowedMenuPaths: ['/ai-cutout', '/product-bg'], hiddenRoutes: ['/product-bg'] });
    expect(isMenuPathAllowed(f, '/ai-cutout')).toBe(true);
    expect(isMenuPathAllowed(f, '/product-bg')).toBe(false);
    expect(isMenuPathAllowed(f, '/tryon')).toBe(false);
    expect(isMenuPathAllowed(flags({}), '/tryon')).toBe(true);
  });

  it('falls back to the default menu set for unknown values', () => {
    expect(menuSetOf({ menuSet: 'travel' })).toBe('travel');
    expect(menuSetOf({ menuSet: 'nope' as never })).toBe('default');
  });

  it('reports the gate that closes a route', () => {
    expect(closedGate(flags({}), { vip: true })).toBe('vip');
    expect(closedGate(flags({ vipUser: true }), { vip: true })).toBeNull();
    expect(closedGate(flags({}), { chatAllow: true })).toBe('chat');
    expect(closedGate(flags({ isChatAllow: true }), { chatAllow: true })).toBeNull();
    expect(closedGate(flags({ customizedImage: false }), { customizedImage: true })).toBe('feature');
    expect(closedGate(flags({}), {})).toBeNull();
  });

  it('allows only listed embedding origins', () => {
    const f = flags({ allowedOrigins: ['http://localhost:8091'] });
    expect(isOriginAllowed(f, 'http://localhost:8091')).toBe(true);
    expect(isOriginAllowed(f, 'http://localhost:8091/')).toBe(true);
    expect(isOriginAllowed(f, 'http://localhost:8092')).toBe(false);
    expect(isOriginAllowed(f, 'http://evil.localhost:8091')).toBe(false);
  });
});
