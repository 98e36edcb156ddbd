import { startBillingSchedule } from '../commerce/orders/schedule.ts';
import { startPublishingReminders } from '../content/marketing/plan/publishing.ts';
import { startWebhookSchedule } from '../integrations/open-api/deliveries.ts';
import type { AppContext } from '../platform/context.ts';
import { startBatchRunner } from '../studio/batches/runner.ts';

/**
 * The background work of an API process, started once by the application's start-up after every
 * route is registered (never by a route file): the billing schedule (order time-outs, monthly
 * grants, expiries) and, unless API_WORKERS=false, the generation task workers. Both stop when the
 * context closes.
 */
export async function startBackgroundWork(ctx: AppContext): Promise<void> {
  startBillingSchedule(ctx);
  startWebhookSchedule(ctx);
  startPublishingReminders(ctx);
  if (ctx.config.API_WORKERS) await ctx.tasks.startWorkers(ctx);
  // The batch studio's runner releases batch items as task slots free (batches/runner.ts).
  if (ctx.config.API_WORKERS) startBatchRunner(ctx);
}
