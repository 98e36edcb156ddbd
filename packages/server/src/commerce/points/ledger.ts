import type { Transaction } from 'kysely';
import { dialectOf } from '../../platform/db/dialect.ts';
import { type Db, sqliteHandleOf } from '../../platform/db/index.ts';
import type { Database } from '../../platform/db/schema.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import { chargeBatched, chargeBatchedPg } from './charge-batch.ts';
import { writeChargeBatchPg } from './charge-batch-pg.ts';
import { findEntry, recordChange, recordCovered } from './entries.ts';
import type { BucketKind } from './tables.ts';

/**
 * The spending side of the ledger: `charge` and `refund` for every service that costs points.
 *
 * Rules (docs/points-and-payments.md):
 * - Idempotent per (refType, refId): a second charge of the same ref changes nothing and answers
 *   `charged: false`; a refund happens at most once and returns points to the buckets they came from.
 * - A cost of 0 changes no balance, so it writes no ledger row (the ledger lists balance changes
 *   only) and answers `charged: true`; its refund answers `refunded: false, amount: 0`.
 * - Spend order: top-up packs, then the paid package, then the free package; within a kind the
 *   bucket that expires first goes first. Expired buckets are never spent: they are expired (with
 *   their ledger row) inside the same transaction before anything is spent.
 * - Concurrency: on SQLite the write transaction holds the database write lock (BEGIN IMMEDIATE);
 *   on PostgreSQL the user's point_accounts row is locked FOR UPDATE before anything is read, so all
 *   balance changes of one user run one after the other. The decrement is also conditional
 *   (`balance >= cost`) and the CHECK constraint `balance >= 0` is the last line of defence.
 */
export interface ChargeInput {
  userId: string;
  cost: number;
  refType: string;
  refId: string;
  note?: string;
  /** The cause this charge is one part of (`batch:<id>`): the history lists its rows as one line. */
  groupRef?: string;
}

export interface RefundInput {
  refType: string;
  refId: string;
  note?: string;
}

const SPEND_ORDER: Record<BucketKind, number> = { topup: 0, package: 1, free: 2 };

type Trx = Transaction<Database>;

/** Locks the user's account row for the rest of the transaction (PostgreSQL); answers the cached balance. */
export async function lockAccount(trx: Trx, userId: string): Promise<number> {
  const row = await trx
    .selectFrom('point_accounts')
    .select('balance')
    .where('user_id', '=', userId)
    .$if(dialectOf(trx) === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
  return row?.balance ?? 0;
}

/**
 * Expires the user's buckets whose validity has passed and still hold points: each becomes an
 * `expiry` ledger row (once per bucket). The caller holds the account lock.
 * Answers the balance afterwards.
 */
export async function expireBucketsIn(trx: Trx, userId: string, now = Date.now()): Promise<number> {
  let balance = await lockAccount(trx, userId);
  const due = await trx
    .selectFrom('point_buckets')
    .select(['id', 'remaining'])
    .where('user_id', '=', userId)
    .where('remaining', '>', 0)
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', now)
    .orderBy('id')
    .execute();
  for (const bucket of due) {
    await trx.updateTable('point_buckets').set({ remaining: 0 }).where('id', '=', bucket.id).execute();
    ({ balance } = await recordCovered(trx, {
      userId,
      delta: -bucket.remaining,
      reason: 'expiry',
      refType: 'bucket',
      refId: String(bucket.id),
      now,
    }));
  }
  return balance;
}

/** Charges `cost` points for one cause inside the caller's transaction (the same one as the cause). */
export async function chargeIn(trx: Trx, input: ChargeInput): Promise<{ charged: boolean; balance: number }> {
  if (!Number.isInteger(input.cost) || input.cost < 0)
    throw new Error(`charge cost must be a non-negative integer: ${input.cost}`);
  const now = Date.now();
  // Lock first: every later read of this user's points sees the committed state.
  await lockAccount(trx, input.userId);
  const seen = await findEntry(trx, 'spend', input.refType, input.refId);
  const balance = await expireBucketsIn(trx, input.userId, now);
  if (seen) return { charged: false, balance };
  if (input.cost === 0) return { charged: true, balance };
  if (balance < input.cost) throw new AppError('notEnoughCoins');

  const spent = await recordChange(trx, { ...input, delta: -input.cost, reason: 'spend', now });
  if (!spent) throw new AppError('notEnoughCoins');

  const buckets = await trx
    .selectFrom('point_buckets')
    .select(['id', 'kind', 'remaining', 'expires_at'])
    .where('user_id', '=', input.userId)
    .where('remaining', '>', 0)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .execute();
  buckets.sort(
    (a, b) =>
      SPEND_ORDER[a.kind] - SPEND_ORDER[b.kind] ||
      (a.expires_at ?? Number.POSITIVE_INFINITY) - (b.expires_at ?? Number.POSITIVE_INFINITY) ||
      a.id - b.id,
  );
  let left = input.cost;
  for (const bucket of buckets) {
    if (left === 0) break;
    const take = Math.min(left, bucket.remaining);
    await trx
      .updateTable('point_buckets')
      .set((eb) => ({ remaining: eb('remaining', '-', take) }))
      .where('id', '=', bucket.id)
      .execute();
    await trx.insertInto('point_spends').values({ ledger_id: spent.ledgerId, bucket_id: bucket.id, amount: take }).execute();
    left -= take;
  }
  // The cached balance and the buckets disagree: refuse rather than spend points that are not there.
  if (left > 0) throw new Error(`point buckets of ${input.userId} hold less than the balance`);
  return { charged: true, balance: spent.balance };
}

/**
 * Charges in a transaction of its own. On SQLite concurrent charges are written together in one
 * transaction, each its own ledger row (points/charge-batch.ts); on PostgreSQL likewise, planned in memory and written set-based (charge-batch-pg.ts).
 */
export function charge(db: Db, input: ChargeInput): Promise<{ charged: boolean; balance: number }> {
  const sqlite = sqliteHandleOf(db);
  if (sqlite) return chargeBatched(db, sqlite, input);
  return chargeBatchedPg(db, input, (db, batch) => writeChargeBatchPg(db, batch, chargeIn));
}

/**
 * Refunds the charge of one cause, at most once, into the buckets it was taken from. Points whose
 * bucket has expired in the meantime are not returned (they would have lapsed anyway).
 */
export async function refundIn(trx: Trx, input: RefundInput): Promise<{ refunded: boolean; amount: number }> {
  const spend = await findEntry(trx, 'spend', input.refType, input.refId);
  if (!spend) return { refunded: false, amount: 0 };
  const now = Date.now();
  await lockAccount(trx, spend.user_id);
  const done = await findEntry(trx, 'refund', input.refType, input.refId);
  if (done) return { refunded: false, amount: 0 };
  await expireBucketsIn(trx, spend.user_id, now);

  const parts = await trx
    .selectFrom('point_spends')
    .innerJoin('point_buckets', 'point_buckets.id', 'point_spends.bucket_id')
    .select(['point_spends.bucket_id', 'point_spends.amount', 'point_buckets.expires_at'])
    .where('point_spends.ledger_id', '=', spend.id)
    .execute();
  let amount = 0;
  for (const part of parts) {
    if (part.expires_at !== null && part.expires_at <= now) continue;
    await trx
      .updateTable('point_buckets')
      .set((eb) => ({ remaining: eb('remaining', '+', part.amount) }))
      .where('id', '=', part.bucket_id)
      .execute();
    amount += part.amount;
  }
  if (amount === 0) return { refunded: false, amount: 0 };
  // A refund belongs to the group its charge did (a batch's item refunds are one line of the history).
  const group = await trx.selectFrom('point_ledger').select('group_ref').where('id', '=', spend.id).executeTakeFirst();
  await recordCovered(trx, {
    ...input,
    userId: spend.user_id,
    delta: amount,
    reason: 'refund',
    now,
    groupRef: group?.group_ref ?? null,
  });
  return { refunded: true, amount };
}

/** Refunds in a transaction of its own. */
export function refund(db: Db, input: RefundInput): Promise<{ refunded: boolean; amount: number }> {
  return writeTransaction(db, (trx) => refundIn(trx, input));
}

/**
 * Takes back what is left of the given buckets (an order refunded by an operator): their remaining
 * points leave the balance with one `refund` ledger row for the cause, written even when nothing is
 * left so the refund shows in the user's history. At most once per cause (the ledger's unique key).
 */
export async function withdrawBucketsIn(
  trx: Trx,
  input: { userId: string; bucketIds: number[]; refType: string; refId: string; note?: string },
): Promise<{ withdrawn: boolean; amount: number }> {
  const now = Date.now();
  await expireBucketsIn(trx, input.userId, now);
  const done = await findEntry(trx, 'refund', input.refType, input.refId);
  if (done) return { withdrawn: false, amount: 0 };
  let amount = 0;
  if (input.bucketIds.length > 0) {
    const buckets = await trx
      .selectFrom('point_buckets')
      .select(['id', 'remaining'])
      .where('id', 'in', input.bucketIds)
      .where('user_id', '=', input.userId)
      .where('remaining', '>', 0)
      .execute();
    for (const b of buckets) {
      await trx.updateTable('point_buckets').set({ remaining: 0 }).where('id', '=', b.id).execute();
      amount += b.remaining;
    }
  }
  // Written even when nothing was left, so the refund shows in the user's history.
  await recordCovered(trx, { ...input, delta: -amount, reason: 'refund', now });
  return { withdrawn: true, amount };
}
