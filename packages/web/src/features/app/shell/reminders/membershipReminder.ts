import { type BenefitPackage, DAY_MS, EXPIRY_WARNING_DAYS, isPaidTier, STORAGE_KEYS } from '@productimage/core';

/** Days left of a paid package: the ceiling of (end time - now) in days (spec 000 §4); null for free. */
export function daysLeft(pkg: BenefitPackage, now: number): number | null {
  if (!isPaidTier(pkg.product.productType) || pkg.endTime == null) return null;
  return Math.ceil((pkg.endTime - now) / DAY_MS);
}

interface FlagStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * The reminder rule of spec 000 §4: with 0..3 days left and the MEMBERSHIP_EXPIRATION flag unset,
 * open once and set the flag; in every other case clear the flag (so the next period warns again).
 * Answers the days left when the reminder should open, else null.
 */
export function takeMembershipReminder(pkg: BenefitPackage, now: number, store: FlagStore): number | null {
  const days = daysLeft(pkg, now);
  const due = days !== null && days >= 0 && days <= EXPIRY_WARNING_DAYS;
  if (!due) {
    store.removeItem(STORAGE_KEYS.membershipExpiration);
    return null;
  }
  if (store.getItem(STORAGE_KEYS.membershipExpiration)) return null;
  store.setItem(STORAGE_KEYS.membershipExpiration, '1');
  return days;
}
