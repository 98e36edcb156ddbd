import type { AppContext } from '../../platform/context.ts';
import { runEvery } from '../../platform/queue/every.ts';
import { grantMonthlyPoints } from '../membership/jobs.ts';
import { expireDueBuckets } from '../points/jobs.ts';
import { closeExpiredOrders } from './orders.ts';

/** One pass of the billing jobs: monthly grants, bucket expiry, closing unpaid orders. */
export async function runBillingJobs(ctx: AppContext, now = Date.now()) {
  const granted = await grantMonthlyPoints(ctx.db, now);
  const expired = await expireDueBuckets(ctx.db, now);
  const closed = await closeExpiredOrders(ctx, now);
  return { granted, expired, closed };
}

/**
 * Runs the billing jobs every BILLING_JOBS_INTERVAL_SECONDS inside the server process. Every job
 * is idempotent and serialised per account in the database, so several server processes may run
 * the schedule at once. A first pass soon after start catches up on what happened while no server ran.
 */
export function startBillingSchedule(ctx: AppContext) {
  runEvery(ctx, 'billing jobs', ctx.config.BILLING_JOBS_INTERVAL_SECONDS * 1000, () => runBillingJobs(ctx), 5_000);
}
