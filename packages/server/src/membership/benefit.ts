import type { BenefitPackage } from '@productimage/core';
import type { Db } from '../db/index.ts';
import { balanceOf } from '../points/grants.ts';

/**
 * The user's benefit package as clients see it (API.md `benefitPackage`): spendable points, the
 * end of the current paid package and its tier. Until a paid package exists every user is on the
 * free tier; the membership domain answers from its subscriptions here.
 */
export async function getBenefitPackage(db: Db, userId: string): Promise<BenefitPackage> {
  return { remainBeanCount: await balanceOf(db, userId), endTime: null, product: { productType: 'free' } };
}
