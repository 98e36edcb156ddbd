import {
  DEFAULT_FEATURE_FLAGS,
  type FeatureFlags,
  HOME_PATHS,
  type Language,
  menuSetHidesHome,
  type TenantFlags,
} from '@productimage/core';
import type { AppContext } from '../../platform/context.ts';
import { getTenantOrDefault, type Referrer, resolveReferrer, type StoredFlags, type Tenant } from './store.ts';

/**
 * Merges default <- tenant <- referrer. Hidden routes add up; a referrer's menu restriction, when it
 * has one, replaces the tenant's; a menu set without home also lists home among the hidden routes so
 * clients that only read hiddenRoutes get it right.
 */
export function mergeFlags(tenant: StoredFlags, referrer: StoredFlags = {}): FeatureFlags {
  const merged: FeatureFlags = { ...DEFAULT_FEATURE_FLAGS, ...tenant, ...referrer };
  const hidden = new Set([...(tenant.hiddenRoutes ?? []), ...(referrer.hiddenRoutes ?? [])]);
  if (menuSetHidesHome(merged.menuSet)) for (const path of HOME_PATHS) hidden.add(path);
  merged.hiddenRoutes = [...hidden];
  merged.allowedMenuPaths = referrer.allowedMenuPaths ?? tenant.allowedMenuPaths ?? null;
  return merged;
}

/** Origins from server configuration (EMBED_ALLOWED_ORIGINS) that may embed any referrer. */
export const configuredOrigins = (ctx: AppContext): string[] =>
  ctx.config.EMBED_ALLOWED_ORIGINS.split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);

export interface Visit {
  /** The logged-in user (their own tenant wins over the referrer's tenant). */
  user?: { id: string; tenantId: string } | null;
  /**
   * Whether that user holds a paid membership. Memberships are the membership domain's, which
   * already depends on tenants (through accounts), so the caller asks it and passes the answer in.
   */
  vipUser?: boolean;
  referrer?: string | null;
  host?: string | null;
  language: Language;
}

export interface ResolvedFlags {
  flags: TenantFlags;
  tenant: Tenant;
  referrer: Referrer | null;
}

/** The one flags answer: tenant, referrer overlay, global flags and the user's gates. */
export async function resolveFlags(ctx: AppContext, visit: Visit): Promise<ResolvedFlags> {
  const referrer = await resolveReferrer(ctx.db, visit.referrer, visit.host);
  const tenant = await getTenantOrDefault(ctx.db, visit.user ? visit.user.tenantId : referrer?.tenantId);
  const merged = mergeFlags(tenant.flags, referrer?.flags);
  const vipUser = !!visit.user && !!visit.vipUser;
  let isChatAllow = false;
  if (visit.user) {
    // The marketing agent is a tenant grant (flag chatAllow), the same rule as /api/user/current.
    isChatAllow = merged.chatAllow;
  }
  const origins = new Set([...(referrer?.allowedOrigins ?? []), ...configuredOrigins(ctx)]);
  return {
    tenant,
    referrer,
    flags: {
      ...merged,
      tenantId: tenant.id,
      tenantName: visit.language === 'en' ? tenant.nameEn || tenant.name : tenant.name,
      referrer: referrer?.id ?? null,
      allowedOrigins: [...origins],
      customizedImage: ctx.config.CUSTOMIZED_IMAGE === '1',
      vipUser,
      isChatAllow,
      loggedIn: !!visit.user,
    },
  };
}
