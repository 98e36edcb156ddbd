import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/errors.ts';

/**
 * Failure counters with exponential back-off (OWASP ASVS 2.2.1: limit the attacker, not the
 * victim). Failures are counted per key (a client address, or an address together with an account)
 * and never per account alone, so nobody can lock somebody else out from elsewhere. After `free`
 * failures the key must wait `baseSeconds`, doubling with each further failure up to `maxSeconds`;
 * a quiet `resetSeconds` forgets the count, and a success clears it.
 */
export interface BackoffRule {
  free: number;
  baseSeconds: number;
  maxSeconds: number;
  resetSeconds: number;
}

/** Throws 429 `tooManyRequests` when any of the keys is still waiting out its back-off. */
export async function checkBackoff(db: Db, keys: string[], now = Date.now()): Promise<void> {
  if (keys.length === 0) return;
  const locked = await db
    .selectFrom('auth_failures')
    .select('key')
    .where('key', 'in', keys)
    .where('locked_until', '>', now)
    .executeTakeFirst();
  if (locked) throw new AppError('tooManyRequests');
}

/** Counts one failure against `key` and sets its back-off. */
export async function recordFailure(db: Db, key: string, rule: BackoffRule, now = Date.now()): Promise<void> {
  const stale = now - rule.resetSeconds * 1000;
  const row = await db
    .insertInto('auth_failures')
    .values({ key, failures: 1, last_at: now, locked_until: 0 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`case when auth_failures.last_at < ${stale} then 1 else auth_failures.failures + 1 end`,
        last_at: now,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  const over = row.failures - rule.free;
  if (over < 0) return;
  const wait = Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** Math.min(over, 30));
  await db
    .updateTable('auth_failures')
    .set({ locked_until: now + wait * 1000 })
    .where('key', '=', key)
    .execute();
}

/** A success forgets the key's failures. */
export async function clearFailures(db: Db, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.deleteFrom('auth_failures').where('key', 'in', keys).execute();
}
