import type { IdQuery } from '../../platform/db/id-query.ts';
import type { Db } from '../../platform/db/index.ts';
import type { BatchStatus } from './tables.ts';

/**
 * How other domains read batches (docs/architecture.md "Reading another domain's data"): by their
 * own query of batch ids, so their filter and limit stay one query.
 */

/** Batches the caller's query names that have ended (any status but running), up to `limit`. */
export async function endedBatchesIn(
  db: Db,
  ids: IdQuery,
  limit: number,
): Promise<Array<{ id: string; userId: string; status: BatchStatus; cost: number }>> {
  return db
    .selectFrom('batches')
    .select(['id', 'user_id as userId', 'status', 'cost'])
    .where('id', 'in', ids)
    .where('status', '!=', 'running')
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}
