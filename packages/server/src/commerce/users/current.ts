import { type CurrentUser, isPaidTier, type Tier } from '@productimage/core';
import type { SessionProfile } from '../../identity/accounts/sessions.ts';
import { loadUserInfo, userInfoOf } from '../../identity/accounts/user-info.ts';
import { getTenantOrDefault } from '../../identity/tenants/store.ts';
import type { Db } from '../../platform/db/index.ts';
import { readCache } from '../../platform/db/read-cache.ts';
import { AppError } from '../../platform/http/errors.ts';
import { readBenefitPackage } from '../membership/benefit.ts';

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

/** Kept by user, with the origin its links were made for (nearly always the same for a user). */
const answers = readCache<{ origin: string; answer: CurrentUser }>();

/**
 * The current user with benefit package and feature flags (GET /api/user/current). Chat is the
 * tenant's chatAllow flag; hotspot trial and "recommended" are off until a tenant switches them on.
 * The most requested answer of all: on SQLite it is kept whole until anything is written to the
 * database or the benefit package's moment passes (db/read-cache.ts, issue 16).
 */
export function currentUser(
  db: Db,
  userId: string,
  origin: string,
  session?: { tenantId: string; profile?: SessionProfile },
): CurrentUser | Promise<CurrentUser> {
  const kept = answers(
    db,
    userId,
    () => readCurrentUser(db, userId, origin, session),
    (answer) => answer.origin === origin,
  );
  return kept instanceof Promise ? kept.then((k) => k.answer) : kept.answer;
}

async function readCurrentUser(
  db: Db,
  userId: string,
  origin: string,
  session?: { tenantId: string; profile?: SessionProfile },
): Promise<{ value: { origin: string; answer: CurrentUser }; until: number }> {
  // The session lookup has read the profile already (issue 16: one query for session and user).
  const [user, benefit] = await Promise.all([
    session?.profile ? userInfoOf(db, userId, session.tenantId, session.profile, origin) : loadUserInfo(db, userId, origin),
    readBenefitPackage(db, userId),
  ]);
  if (!user) throw new AppError('unauthorized');
  const benefitPackage = benefit.value;
  const answer: CurrentUser = {
    user,
    benefitPackage,
    ...tierFlags(benefitPackage.product.productType),
    hotspotTrial: false,
    // The marketing agent is a tenant grant (tenants/flags.ts answers the same as isChatAllow).
    chatAllow: (await getTenantOrDefault(db, user.tenantId)).flags.chatAllow ?? false,
    recommended: false,
  };
  return { value: { origin, answer }, until: benefit.until };
}
