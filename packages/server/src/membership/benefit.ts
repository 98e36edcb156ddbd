import type { BenefitPackage } from '@productimage/core';
import type { Db } from '../db/index.ts';
import { spendableBalance } from '../points/balance.ts';
import { currentPackage } from './subscriptions.ts';

/**
 * The user's benefit package as clients see it (API.md `benefitPackage`): spendable points, the
 * end of the current paid package (renewals included) and its tier, from the subscriptions.
 */
export async function getBenefitPackage(db: Db, userId: string): Promise<BenefitPackage> {
  const now = Date.now();
  const [balance, current] = await Promise.all([spendableBalance(db, userId, now), currentPackage(db, userId, now)]);
  return { remainBeanCount: balance, endTime: current.endTime, product: { productType: current.tier } };
}
