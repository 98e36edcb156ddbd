import { type ProductQuote, tierRank } from '@productimage/core';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { ProductRow } from './products.ts';
import { currentPackage, remainingValue } from './subscriptions.ts';

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

/**
 * What an upgrade order still owes at payment time: the order's list price less the remaining value
 * of the user's live packages *now*, minus what the order asks. The credit was fixed when the order
 * was opened; points spent since then lower it, so a payment of the old amount may no longer cover
 * the upgrade (security.md "Payments"). 0 when the order is not an upgrade or is still covered.
 */
export async function upgradeShortfall(
  db: Reader,
  order: {
    user_id: string;
    list_price_cents: number;
    credit_cents: number;
    amount_cents: number;
    replaces_subscription: string | null;
  },
  now = Date.now(),
): Promise<{ shortfall: number; creditNow: number }> {
  if (order.credit_cents <= 0 && order.replaces_subscription === null) return { shortfall: 0, creditNow: 0 };
  const current = await currentPackage(db, order.user_id, now);
  let creditNow = 0;
  for (const sub of current.live) creditNow += await remainingValue(db, sub, now);
  const due = Math.max(0, order.list_price_cents - creditNow);
  return { shortfall: Math.max(0, due - order.amount_cents), creditNow };
}
