import type { Transaction } from 'kysely';
import type { IdQuery } from '../../platform/db/id-query.ts';
import type { Database } from '../../platform/db/schema.ts';

type Reader = Pick<Transaction<Database>, 'selectFrom'>;

/** Which grants a question is about: one cause (`refId`), or every cause whose id starts with `refPrefix`. */
export type BucketRef = { refType: string; refId: string } | { refType: string; refPrefix: string };

/**
 * Point buckets are the points domain's: other domains (orders, membership) name the cause of a
 * grant (ref type and id) and ask these functions, never the table.
 */
export async function bucketIdsOf(db: Reader, ref: BucketRef): Promise<number[]> {
  let query = db.selectFrom('point_buckets').select('id').where('ref_type', '=', ref.refType);
  query = 'refId' in ref ? query.where('ref_id', '=', ref.refId) : query.where('ref_id', 'like', `${ref.refPrefix}%`);
  return (await query.execute()).map((r) => r.id);
}

/** What is left of the one grant made for a cause: amount, remaining and expiry; undefined when none was made. */
export function findGrant(db: Reader, refType: string, refId: string) {
  return db
    .selectFrom('point_buckets')
    .select(['amount', 'remaining', 'expires_at'])
    .where('ref_type', '=', refType)
    .where('ref_id', '=', refId)
    .executeTakeFirst();
}

/**
 * Makes the unspent points of a cause's grants lapse at `now` (inside the caller's transaction,
 * account locked); `expireBucketsIn` then writes one expiry ledger row each.
 */
export async function lapseGrantsIn(trx: Transaction<Database>, refType: string, refPrefix: string, now: number): Promise<void> {
  await trx
    .updateTable('point_buckets')
    .set({ expires_at: now })
    .where('ref_type', '=', refType)
    .where('ref_id', 'like', `${refPrefix}%`)
    .where('remaining', '>', 0)
    .execute();
}

/** Takes points out of one bucket (never below zero): a team pool reclaiming what it handed out. */
export async function takeFromBucket(trx: Transaction<Database>, bucketId: number, amount: number): Promise<void> {
  await trx
    .updateTable('point_buckets')
    .set((eb) => ({ remaining: eb('remaining', '-', amount) }))
    .where('id', '=', bucketId)
    .where('remaining', '>=', amount)
    .execute();
}

/**
 * The user's buckets with points left and not expired whose cause is one of `refIds` (the caller's
 * query of its own ids) under `refType`, newest first: what a team pool handed out and may take back.
 */
export function liveBucketsOf(db: Reader, userId: string, refType: string, refIds: IdQuery, now: number) {
  return db
    .selectFrom('point_buckets')
    .select(['id', 'remaining'])
    .where('user_id', '=', userId)
    .where('ref_type', '=', refType)
    .where('remaining', '>', 0)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .where('ref_id', 'in', refIds)
    .orderBy('id', 'desc')
    .execute();
}
