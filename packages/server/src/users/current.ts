import { type CurrentUser, isPaidTier, type Tier } from '@productimage/core';
import type { SessionProfile } from '../accounts/sessions.ts';
import { loadUserInfo, userInfoOf } from '../accounts/user-info.ts';
import type { Db } from '../db/index.ts';
import { AppError } from '../http/errors.ts';
import { getBenefitPackage } from '../membership/benefit.ts';
import { getTenantOrDefault } from '../tenants/store.ts';

const PREMIUM_TIERS: readonly Tier[] = ['premium', 'flagship', 'enterprise'];
const PROFESSIONAL_OR_FLAGSHIP: readonly Tier[] = ['professional', 'flagship'];

/** Feature flags follow from the tier of the benefit package (spec 000 §6). */
export function tierFlags(tier: Tier) {
  return {
    vipUser: isPaidTier(tier),
    premiumVipUser: PREMIUM_TIERS.includes(tier),
    professionalOrFlagship: PROFESSIONAL_OR_FLAGSHIP.includes(tier),
  };
}

/**
 * The current user with benefit package and feature flags (GET /api/user/current). Chat is the
 * tenant's chatAllow flag; hotspot trial and "recommended" are off until a tenant switches them on.
 */
export async function currentUser(
  db: Db,
  userId: string,
  origin: string,
  session?: { tenantId: string; profile?: SessionProfile },
): Promise<CurrentUser> {
  // The session lookup has read the profile already (issue 16: one query for session and user).
  const [user, benefitPackage] = await Promise.all([
    session?.profile ? userInfoOf(db, userId, session.tenantId, session.profile, origin) : loadUserInfo(db, userId, origin),
    getBenefitPackage(db, userId),
  ]);
  if (!user) throw new AppError('unauthorized');
  return {
    user,
    benefitPackage,
    ...tierFlags(benefitPackage.product.productType),
    hotspotTrial: false,
    // The marketing agent is a tenant grant (tenants/flags.ts answers the same as isChatAllow).
    chatAllow: (await getTenantOrDefault(db, user.tenantId)).flags.chatAllow ?? false,
    recommended: false,
  };
}
