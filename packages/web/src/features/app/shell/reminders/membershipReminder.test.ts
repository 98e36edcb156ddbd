import { type BenefitPackage, DAY_MS, STORAGE_KEYS, type Tier } from '@productimage/core';
import { describe, expect, it } from 'vitest';
import { daysLeft, takeMembershipReminder } from './membershipReminder.ts';

const now = Date.UTC(2026, 0, 10, 12);
const pkg = (productType: Tier, endTime: number | null): BenefitPackage => ({
  remainBeanCount: 0,
  endTime,
  product: { productType },
});
const memoryStore = () => {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
};

describe('membership reminder', () => {
  it('rounds the days left up and ignores the free tier', () => {
    expect(daysLeft(pkg('basic', now + 2.1 * DAY_MS), now)).toBe(3);
    expect(daysLeft(pkg('basic', now + 1), now)).toBe(1);
    expect(daysLeft(pkg('free', now + DAY_MS), now)).toBeNull();
  });

  it('opens once within three days, then stays closed while the flag is set', () => {
    const store = memoryStore();
    expect(takeMembershipReminder(pkg('professional', now + 2.5 * DAY_MS), now, store)).toBe(3);
    expect(store.map.get(STORAGE_KEYS.membershipExpiration)).toBe('1');
    expect(takeMembershipReminder(pkg('professional', now + 2.5 * DAY_MS), now, store)).toBeNull();
  });

  it('clears the flag outside the window so a renewed package warns again next time', () => {
    const store = memoryStore();
    store.setItem(STORAGE_KEYS.membershipExpiration, '1');
    expect(takeMembershipReminder(pkg('basic', now + 10 * DAY_MS), now, store)).toBeNull();
    expect(store.map.has(STORAGE_KEYS.membershipExpiration)).toBe(false);
    expect(takeMembershipReminder(pkg('basic', now + 3 * DAY_MS), now, store)).toBe(3);
  });

  it('does not remind after expiry or on the free tier', () => {
    const store = memoryStore();
    expect(takeMembershipReminder(pkg('basic', now - 2 * DAY_MS), now, store)).toBeNull();
    expect(takeMembershipReminder(pkg('free', now + DAY_MS), now, store)).toBeNull();
  });
});
