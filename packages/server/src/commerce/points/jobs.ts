import type { Db } from '../../platform/db/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { expireBucketsIn } from './ledger.ts';

/**
 * Writes off every bucket whose validity has passed (an `expiry` ledger row each). Safe to run in
 * several processes at once: each user's expiry runs under the account lock and each bucket can
 * expire once. Answers how many users were touched.
 */
export async function expireDueBuckets(db: Db, now = Date.now()): Promise<number> {
  const users = await db
    .selectFrom('point_buckets')
    .select('user_id')
    .distinct()
    .where('remaining', '>', 0)
    .where('expires_at', '<=', now)
    .execute();
  for (const { user_id } of users) await writeTransaction(db, (trx) => expireBucketsIn(trx, user_id, now));
  return users.length;
}
