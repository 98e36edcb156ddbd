import type { AppContext } from '../context.ts';
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
 * the schedule at once. A pass never overlaps the previous one in the same process.
 */
export function startBillingSchedule(ctx: AppContext) {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await runBillingJobs(ctx);
    } catch (err) {
      ctx.log.error({ err }, 'billing jobs failed; they run again at the next tick');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, ctx.config.BILLING_JOBS_INTERVAL_SECONDS * 1000);
  timer.unref();
  // A first pass soon after start catches up on what happened while no server ran.
  const first = setTimeout(tick, 5_000);
  first.unref();
  ctx.onClose(async () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(first);
    while (running) await new Promise((r) => setTimeout(r, 20));
  });
}
