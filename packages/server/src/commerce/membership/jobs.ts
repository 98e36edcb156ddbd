import type { Db } from '../../platform/db/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { lockAccount } from '../points/ledger.ts';
import { grantRunningPeriodIn } from './subscriptions.ts';

/**
 * The monthly grant: every running package gets the points of its current period, once per
 * period (the ledger's unique cause `monthly_grant / subscription / <id>:<period>`), so running the
 * job twice, or in several processes, grants once. Answers how many grants were written.
 */
export async function grantMonthlyPoints(db: Db, now = Date.now()): Promise<number> {
  const running = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('status', '=', 'active')
    .where('start_at', '<=', now)
    .where('end_at', '>', now)
    .where('monthly_points', '>', 0)
    .execute();
  let granted = 0;
  for (const sub of running) {
    const done = await writeTransaction(db, async (trx) => {
      await lockAccount(trx, sub.user_id);
      return grantRunningPeriodIn(trx, sub, now);
    });
    if (done) granted++;
  }
  return granted;
}
