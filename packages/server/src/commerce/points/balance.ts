import type { Transaction } from 'kysely';
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
