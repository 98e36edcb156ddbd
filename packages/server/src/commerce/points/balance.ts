import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import type { Database } from '../../platform/db/schema.ts';
import { balanceOf } from './grants.ts';

/**
 * What the user can spend now: the balance less what sits in buckets whose validity has passed but
 * that the expiry job has not written off yet (it will; a charge writes them off first too).
 */
export async function spendableBalance(
  db: Pick<Transaction<Database>, 'selectFrom'>,
  userId: string,
  now = Date.now(),
): Promise<number> {
  const [balance, lapsed] = await Promise.all([
    balanceOf(db, userId),
    db
      .selectFrom('point_buckets')
      .select((eb) => eb.fn.sum<number>('remaining').as('n'))
      .where('user_id', '=', userId)
      .where('remaining', '>', 0)
      .where('expires_at', '<=', now)
      .executeTakeFirst(),
  ]);
  return Math.max(0, balance - Number(lapsed?.n ?? 0));
}

/** The account balances of several users (0 for a user without an account row). */
export async function balancesOf(db: Db, userIds: string[]): Promise<Map<string, number>> {
  if (!userIds.length) return new Map();
  const rows = await db.selectFrom('point_accounts').select(['user_id', 'balance']).where('user_id', 'in', userIds).execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.balance)]));
}

/** What several users can spend now (spendableBalance for each; 0 without an account row): two queries. */
export async function spendableBalancesOf(db: Db, userIds: string[], now = Date.now()): Promise<Map<string, number>> {
  if (!userIds.length) return new Map();
  const [balances, lapsed] = await Promise.all([
    balancesOf(db, userIds),
    db
      .selectFrom('point_buckets')
      .select((eb) => ['user_id', eb.fn.sum<number>('remaining').as('n')])
      .where('user_id', 'in', userIds)
      .where('remaining', '>', 0)
      .where('expires_at', '<=', now)
      .groupBy('user_id')
      .execute(),
  ]);
  const gone = new Map(lapsed.map((r) => [r.user_id, Number(r.n)]));
  return new Map(userIds.map((id) => [id, Math.max(0, (balances.get(id) ?? 0) - (gone.get(id) ?? 0))]));
}

/**
 * One row of a user's balance figures for another domain's one-query read (membership's benefit
 * package, part of the hot GET /api/user/current): the balance, the points of lapsed buckets not
 * yet written off, and when the next points lapse. `userId` and `now` may be compiledQuery stand-ins.
 */
export function balanceFigures(db: Kysely<Database>, userId: string, now: number) {
  return db.selectNoFrom((eb) => [
    eb.selectFrom('point_accounts').select('balance').where('point_accounts.user_id', '=', userId).as('balance'),
    eb
      .selectFrom('point_buckets')
      .select((e) => e.fn.sum<number>('remaining').as('n'))
      .where('point_buckets.user_id', '=', userId)
      .where('remaining', '>', 0)
      .where('expires_at', '<=', now)
      .as('lapsed'),
    // When the next points lapse: the answer changes then without any write.
    eb
      .selectFrom('point_buckets')
      .select((e) => e.fn.min<number>('expires_at').as('t'))
      .where('point_buckets.user_id', '=', userId)
      .where('remaining', '>', 0)
      .where('expires_at', '>', now)
      .as('nextLapse'),
  ]);
}
