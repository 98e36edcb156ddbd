import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { AppError } from './errors.ts';

/**
 * Fixed-window rate limits kept in the database, so every server process and worker shares them.
 * `hit` counts one attempt against `key` and reports whether it is still within `limit` per window.
 */
export async function hit(db: Db, key: string, limit: number, windowSeconds: number, now = Date.now()): Promise<boolean> {
  const windowStart = now - (now % (windowSeconds * 1000));
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limits.window_start = ${windowStart} then rate_limits.count + 1 else 1 end`,
        window_start: windowStart,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count <= limit;
}

/** Like `hit`, but throws the 429 `tooManyRequests` error when over the limit. */
export async function enforce(db: Db, key: string, limit: number, windowSeconds: number): Promise<void> {
  if (!(await hit(db, key, limit, windowSeconds))) throw new AppError('tooManyRequests');
}
