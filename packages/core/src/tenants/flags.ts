/**
 * Tenant and referrer feature flags (spec 000 §2, §6) as the server's flags call answers them
 * (`GET /api/tenants/flags`), and the typed helpers every client uses to read them. Clients decide
 * from flags, never from tenant ids.
 */

/**
 * Login / register field carrying the day's invite code for referrers with `requireInviteCode`
 * (distinct from `inviteCode`, the inviter's code of an invite link).
 */
export const REFERRER_CODE_FIELD = 'referrerCode';

/** The menu sets: default, the enterprise variant (KOS / referrer modi), natural-product, travel. */
export const MENU_SETS = ['default', 'enterprise', 'natural', 'travel'] as const;
export type MenuSetId = (typeof MENU_SETS)[number];

/** Menu sets that have no home page (spec 000 §6: natural-product and travel). */
export const MENU_SETS_WITHOUT_HOME: ReadonlySet<MenuSetId> = new Set(['natural', 'travel']);
export const HOME_PATHS = ['/', '/home'] as const;

/** The flags a tenant or referrer row may set; the server merges default <- tenant <- referrer. */
export interface FeatureFlags {
  menuSet: MenuSetId;
  /** Route paths hidden from menus and closed as routes. */
  hiddenRoutes: string[];
  /** When non-null, menus list only these paths. */
  allowedMenuPaths: string[] | null;
  /** Logo URL; null means the product logo. */
  logo: string | null;
  hideInvite: boolean;
  hideTools: boolean;
  hideHeader: boolean;
  hideSidebar: boolean;
  hideCoins: boolean;
  hideFloating: boolean;
  /** Login and registration through this referrer need the day's invite code. */
  requireInviteCode: boolean;
  /** Ask the user to complete their profile after login. */
  profileCompletion: boolean;
  /** The tenant's members may use the marketing agent whatever their tier. */
  chatAllow: boolean;
  /** Fresh uploads fed to a tool must be at least this many KB (null: the spec's 500 KB). Results and history items are always accepted. */
  uploadMinKB: number | null;
  /** Fresh uploads must be at least N*N pixels (null: the spec's minimum side). */
  uploadMinSide: number | null;
  /** The support phone the interface shows (spec 000: support phone and help link); null: none shown. */
  supportPhone: string | null;
  /** The help centre link the interface shows; null: none shown. */
  helpLink: string | null;
  /**
   * The tenant's named adviser (spec 000 §6 "dedicated customer service", issue 47): members'
   * consultant requests go to them, and their name and contact show on the member page and in the
   * inbox. Null: none named.
   */
  adviserName: string | null;
  /** How members reach the adviser (a phone, WeChat id or e-mail); null: the support phone. */
  adviserContact: string | null;
}

/** The merged answer of `GET /api/tenants/flags`. */
export interface TenantFlags extends FeatureFlags {
  tenantId: string;
  tenantName: string;
  /** The referrer that applied (known referrers only), else null. */
  referrer: string | null;
  /** Origins allowed to embed the product and exchange messages with it (referrer + server config). */
  allowedOrigins: string[];
  /** The global flag gating the custom-figure tool. */
  customizedImage: boolean;
  /** Gates of the logged-in user; false for anonymous visitors. */
  vipUser: boolean;
  isChatAllow: boolean;
  loggedIn: boolean;
}

export const DEFAULT_FEATURE_FLAGS: FeatureFlags = {
  menuSet: 'default',
  hiddenRoutes: [],
  allowedMenuPaths: null,
  logo: null,
  hideInvite: false,
  hideTools: false,
  hideHeader: false,
  hideSidebar: false,
  hideCoins: false,
  hideFloating: false,
  requireInviteCode: false,
  profileCompletion: false,
  chatAllow: false,
  uploadMinKB: null,
  uploadMinSide: null,
  supportPhone: null,
  helpLink: null,
  adviserName: null,
  adviserContact: null,
};

/** The tenant's named adviser and how to reach them (their own contact, else the support phone), or null when none is named. */
export function adviserOf(flags: Partial<Pick<FeatureFlags, 'adviserName' | 'adviserContact' | 'supportPhone'>>) {
  if (!flags.adviserName) return null;
  return { name: flags.adviserName, contact: flags.adviserContact ?? flags.supportPhone ?? '-' };
}

export const DEFAULT_TENANT_FLAGS: TenantFlags = {
  ...DEFAULT_FEATURE_FLAGS,
  tenantId: 'default',
  tenantName: '',
  referrer: null,
  allowedOrigins: [],
  customizedImage: true,
  vipUser: false,
  isChatAllow: false,
  loggedIn: false,
};

/** Paths compare case-insensitively and without a trailing slash (`/MoTT2/` is `/mott2`). */
export function normalisePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  return bare.toLowerCase().replace(/\/+$/, '') || '/';
}

const matches = (list: readonly string[], path: string) => {
  const wanted = normalisePath(path);
  // A listed path also covers its sub-pages (`/modi-theme` hides `/modi-theme/create`).
  return list.some((entry) => {
    const p = normalisePath(entry);
    return wanted === p || (p !== '/' && wanted.startsWith(`${p}/`));
  });
};

export const menuSetOf = (flags: Pick<FeatureFlags, 'menuSet'>): MenuSetId =>
  (MENU_SETS as readonly string[]).includes(flags.menuSet) ? flags.menuSet : 'default';

export const menuSetHidesHome = (menuSet: MenuSetId): boolean => MENU_SETS_WITHOUT_HOME.has(menuSet);

/** Whether tenant or referrer data closes this route (hidden list, or home in a set without home). */
export function isRouteHidden(flags: Pick<FeatureFlags, 'menuSet' | 'hiddenRoutes'>, path: string): boolean {
  if (matches(flags.hiddenRoutes, path)) return true;
  return menuSetHidesHome(menuSetOf(flags)) && (HOME_PATHS as readonly string[]).includes(normalisePath(path));
}

/** Whether a menu entry for this path may show (not hidden, and within allowedMenuPaths if set). */
export function isMenuPathAllowed(
  flags: Pick<FeatureFlags, 'menuSet' | 'hiddenRoutes' | 'allowedMenuPaths'>,
  path: string,
): boolean {
  if (isRouteHidden(flags, path)) return false;
  return flags.allowedMenuPaths === null || matches(flags.allowedMenuPaths, path);
}

/** The gates of spec 000 §6 a route may carry. */
export interface RouteGates {
  vip?: boolean;
  chatAllow?: boolean;
  customizedImage?: boolean;
}

/** Which gate closes a route for this visitor, if any. */
export function closedGate(
  flags: Pick<TenantFlags, 'vipUser' | 'isChatAllow' | 'customizedImage'>,
  gates: RouteGates,
): 'vip' | 'chat' | 'feature' | null {
  if (gates.vip && !flags.vipUser) return 'vip';
  if (gates.chatAllow && !flags.isChatAllow) return 'chat';
  if (gates.customizedImage && !flags.customizedImage) return 'feature';
  return null;
}

/** Whether a parent page at `origin` may embed the product (exact origin match). */
export function isOriginAllowed(flags: Pick<TenantFlags, 'allowedOrigins'>, origin: string): boolean {
  return flags.allowedOrigins.includes(origin.replace(/\/+$/, ''));
}
