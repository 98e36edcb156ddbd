import type { Transaction } from 'kysely';
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
