import { type ProductQuote, tierRank } from '@productimage/core';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ProductRow } from '../membership/products.ts';
import { currentPackage, remainingValue } from '../membership/subscriptions.ts';

type Reader = Pick<Transaction<Database>, 'selectFrom'>;

/**
 * What the user pays for a product now (docs/points-and-payments.md "Upgrade price"):
 * - top-ups: the list price;
 * - the tier the user already has: a renewal queued after the current package, at the list price;
 * - a higher tier: the list price minus the remaining value of every live package, which ends when
 *   the upgrade is paid; refused when that credit covers the whole price (choose a longer package);
 * - a lower tier while a higher one runs: refused (buy it after the current package ends).
 */
export async function quoteProduct(
  db: Reader,
  userId: string,
  product: ProductRow,
  now = Date.now(),
): Promise<ProductQuote & { upgrade: boolean }> {
  const quote = { productId: product.id, amount: product.price_cents, credit: 0, blockedBy: null, upgrade: false };
  if (product.kind !== 'package' || !product.tier) return quote;
  const current = await currentPackage(db, userId, now);
  if (current.tier === 'free') return quote;
  const rankNew = tierRank(product.tier);
  const rankNow = tierRank(current.tier);
  if (rankNew === rankNow) return quote;
  if (rankNew < rankNow) return { ...quote, blockedBy: 'downgradeNotAllowed' };
  let credit = 0;
  for (const sub of current.live) credit += await remainingValue(db, sub, now);
  if (credit >= product.price_cents) return { ...quote, credit, blockedBy: 'upgradeCreditTooHigh', upgrade: true };
  return { ...quote, amount: product.price_cents - credit, credit, upgrade: true };
}
