import crypto from 'node:crypto';
import { type Tier, tierRank } from '@productimage/core';
import type { Selectable, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { findGrant, lapseGrantsIn } from '../points/buckets.ts';
import { grantPoints } from '../points/grants.ts';
import { expireBucketsIn, lockAccount } from '../points/ledger.ts';
import { addMonths, periodEnd, periodIndexAt, periodStart } from './periods.ts';
import type { MembershipTables } from './tables.ts';

export type SubscriptionRow = Selectable<MembershipTables['subscriptions']>;
type Reader = Pick<Transaction<Database>, 'selectFrom'>;

/** The ledger reference of one period's grant of a subscription. */
export const periodRef = (subId: string, k: number) => `${subId}:${k}`;

/** Active subscriptions that have not ended (running now or queued after the current one). */
export async function liveSubscriptions(db: Reader, userId: string, now: number): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('end_at', '>', now)
    .orderBy('start_at')
    .execute();
}

export interface CurrentPackage {
  tier: Tier;
  /** End of the current package including renewals queued right after it (null on the free tier). */
  endTime: number | null;
  running: SubscriptionRow | null;
  live: SubscriptionRow[];
}

/** The tier the user has now and until when (spec 000 §3 benefitPackage). */
export async function currentPackage(db: Reader, userId: string, now = Date.now()): Promise<CurrentPackage> {
  const live = await liveSubscriptions(db, userId, now);
  return { ...runningPackage(live, now), live };
}

/**
 * From the live subscriptions: the one running now (highest tier, then the latest end) and the end
 * of its package including renewals of the same tier queued right after it.
 */
export function runningPackage<S extends Pick<SubscriptionRow, 'tier' | 'start_at' | 'end_at'>>(
  live: S[],
  now: number,
): { tier: Tier; endTime: number | null; running: S | null } {
  const running = live
    .filter((s) => s.start_at <= now)
    .sort((a, b) => tierRank(b.tier) - tierRank(a.tier) || b.end_at - a.end_at)[0];
  if (!running) return { tier: 'free', endTime: null, running: null };
  let endTime = running.end_at;
  const byStart = [...live].sort((a, b) => a.start_at - b.start_at);
  for (const s of byStart) if (s.tier === running.tier && s.start_at <= endTime && s.end_at > endTime) endTime = s.end_at;
  return { tier: running.tier, endTime, running };
}

/**
 * The remaining value of a subscription in cents (the upgrade credit, docs/points-and-payments.md):
 * value per period x (periods not yet begun + the unspent share of the running period's points).
 * A period whose grant has not been written yet counts as unspent; a package without monthly points
 * (enterprise) counts the running period by the time left in it.
 */
export async function remainingValue(db: Reader, sub: SubscriptionRow, now: number): Promise<number> {
  if (now >= sub.end_at) return 0;
  if (now < sub.start_at) return sub.value_cents;
  const k = periodIndexAt(sub, now);
  const perPeriod = sub.value_cents / sub.months;
  const future = sub.months - k - 1;
  let share: number;
  if (sub.monthly_points > 0) {
    const bucket = await findGrant(db, 'subscription', periodRef(sub.id, k));
    if (!bucket) share = 1;
    else if (bucket.expires_at !== null && bucket.expires_at <= now) share = 0;
    else share = bucket.remaining / bucket.amount;
  } else {
    const start = periodStart(sub, k);
    const end = periodEnd(sub, k);
    share = (end - now) / (end - start);
  }
  return Math.floor(perPeriod * (future + share));
}

/** Grants the points of the period running at `now`, once (the monthly grant). Caller holds the account lock. */
export async function grantRunningPeriodIn(trx: Transaction<Database>, sub: SubscriptionRow, now: number): Promise<boolean> {
  const k = periodIndexAt(sub, now);
  if (k < 0 || sub.monthly_points <= 0) return false;
  return grantPoints(trx, {
    userId: sub.user_id,
    amount: sub.monthly_points,
    kind: 'package',
    reason: 'monthly_grant',
    refType: 'subscription',
    refId: periodRef(sub.id, k),
    expiresAt: periodEnd(sub, k),
  });
}

export interface ActivateInput {
  userId: string;
  tier: Tier;
  months: number;
  monthlyPoints: number;
  valueCents: number;
  productId: string | null;
  orderNo: string | null;
  /** An upgrade: every live subscription ends now and its unspent package points lapse. */
  upgrade: boolean;
}

/**
 * Starts a package inside the caller's transaction (the payment's): an upgrade starts now and
 * replaces what the user had; the same tier again is a renewal queued after the current package.
 * The first period's points are granted at once when it starts now.
 */
export async function activatePackageIn(
  trx: Transaction<Database>,
  input: ActivateInput,
  now = Date.now(),
): Promise<SubscriptionRow> {
  await lockAccount(trx, input.userId);
  const current = await currentPackage(trx, input.userId, now);
  let start = now;
  if (input.upgrade) {
    for (const s of current.live) {
      await trx.updateTable('subscriptions').set({ status: 'replaced' }).where('id', '=', s.id).execute();
      // Their unspent package points were credited in money: they lapse now (an expiry row each).
      await lapseGrantsIn(trx, 'subscription', `${s.id}:`, now);
    }
    await expireBucketsIn(trx, input.userId, now);
  } else if (current.tier === input.tier && current.endTime) {
    start = current.endTime;
  }
  const sub: SubscriptionRow = {
    id: crypto.randomUUID(),
    user_id: input.userId,
    tier: input.tier,
    product_id: input.productId,
    order_no: input.orderNo,
    months: input.months,
    monthly_points: input.monthlyPoints,
    value_cents: input.valueCents,
    start_at: start,
    end_at: addMonths(start, input.months),
    status: 'active',
    created_at: now,
  };
  await trx.insertInto('subscriptions').values(sub).execute();
  await grantRunningPeriodIn(trx, sub, now);
  return sub;
}

/** Marks the subscriptions an order bought as refunded; answers their ids (their grants are withdrawn by the caller). */
export async function refundSubscriptionsIn(trx: Transaction<Database>, orderNo: string): Promise<string[]> {
  const subs = await trx.selectFrom('subscriptions').select('id').where('order_no', '=', orderNo).execute();
  for (const s of subs) await trx.updateTable('subscriptions').set({ status: 'refunded' }).where('id', '=', s.id).execute();
  return subs.map((s) => s.id);
}
