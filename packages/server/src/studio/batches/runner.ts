import type { Language } from '@productimage/core';
import { getBenefitPackage } from '../../commerce/membership/benefit.ts';
import { refundIn } from '../../commerce/points/ledger.ts';
import { sendReceipt } from '../../identity/inbox/receipts.ts';
import type { AppContext } from '../../platform/context.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { translate } from '../../platform/http/i18n.ts';
import { priorityOfTier } from '../tasks/priority.ts';
import { enqueuePlannedTask, insertPlannedTaskIn, type PlannedTask, tasksByIds } from '../tasks/service.ts';
import { taskRef } from '../tasks/store.ts';
import { itemParams, settleRegions } from './item-regions.ts';
import { registerBatchRunner } from './kick.ts';
import { type BatchRow, checkItem, type ItemRow } from './service.ts';
import type { BatchStatus } from './tables.ts';

/**
 * The batch runner (docs/batches.md "Fair share"): a batch's items become tasks only a few at a
 * time. At most IN_FLIGHT_PER_USER items of one user's batches are tasks that have not ended; the
 * rest wait in batch_items and are released as those end. A task queued by anyone else meanwhile is
 * older than the next released item, so the queue (oldest first) runs it before the batch's next one.
 *
 * Everything it knows is in the database, so after a restart it carries on where it was: the task
 * platform resumes the running tasks, this releases the waiting items. Several processes may run it:
 * an item is released by a conditional update, so never twice.
 */
export const IN_FLIGHT_PER_USER = 2;
const ENDED = new Set(['completed', 'failed', 'stopped']);

export interface BatchRunner {
  /** One pass now (tests, and after a batch is created so its first items start at once). */
  tick(): Promise<void>;
  close(): Promise<void>;
}

/** Settles ended items (their checks), releases waiting ones, finishes batches. */
async function pass(ctx: AppContext): Promise<void> {
  const open = await ctx.db
    .selectFrom('batch_items')
    .selectAll()
    .where('state', '=', 'released')
    .where('checks', 'is', null)
    .execute();
  const tasks = new Map(
    (
      await tasksByIds(
        ctx.db,
        open.map((i) => i.task_id),
      )
    ).map((t) => [t.id, t]),
  );
  const inFlight = new Map<string, number>();
  const batches = new Map<string, BatchRow>();
  const batchOf = async (id: string) => {
    let batch = batches.get(id);
    if (!batch) {
      batch = await ctx.db.selectFrom('batches').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      batches.set(id, batch);
    }
    return batch;
  };
  for (const item of open) {
    const task = tasks.get(item.task_id);
    if (task && ENDED.has(task.status)) {
      const batch = await batchOf(item.batch_id);
      // The cut's choices first (issue 44): the item is settled, and its batch finished, with them.
      await settleRegions(ctx, batch.biz_type, item, task);
      await checkItem(ctx, batch, item, task);
      continue;
    }
    inFlight.set(item.user_id, (inFlight.get(item.user_id) ?? 0) + 1);
  }
  // Users with waiting items in running batches, and how many each may release now.
  const waiting = await ctx.db
    .selectFrom('batch_items')
    .innerJoin('batches', 'batches.id', 'batch_items.batch_id')
    .select('batch_items.user_id')
    .distinct()
    .where('batch_items.state', '=', 'queued')
    .where('batches.status', '=', 'running')
    .execute();
  for (const { user_id: userId } of waiting) {
    const free = IN_FLIGHT_PER_USER - (inFlight.get(userId) ?? 0);
    if (free <= 0) continue;
    const next = await ctx.db
      .selectFrom('batch_items')
      .innerJoin('batches', 'batches.id', 'batch_items.batch_id')
      .selectAll('batch_items')
      .where('batch_items.user_id', '=', userId)
      .where('batch_items.state', '=', 'queued')
      .where('batches.status', '=', 'running')
      .orderBy('batches.created_at')
      .orderBy('batch_items.seq')
      .limit(free)
      .execute();
    for (const item of next) await release(ctx, await batchOf(item.batch_id), item);
  }
  await finishBatches(ctx);
}

/** Turns a waiting item into a task (its points were charged with the batch) and queues it. */
async function release(ctx: AppContext, batch: BatchRow, item: ItemRow): Promise<void> {
  const engine = ctx.tasks.engines.route(batch.biz_type);
  const user = { id: batch.user_id, tenantId: batch.tenant_id };
  if (!engine) {
    // The engine went away since the batch was accepted: the item cannot run; refunded, shown as stopped.
    await writeTransaction(ctx.db, async (trx) => {
      const result = await trx
        .updateTable('batch_items')
        .set({ state: 'stopped', checks: JSON.stringify({ checks: [], fixes: [] }), updated_at: Date.now() })
        .where('id', '=', item.id)
        .where('state', '=', 'queued')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) await refundIn(trx, { ...taskRef(item.task_id), note: 'engine not configured' });
    });
    return;
  }
  const plan: PlannedTask = {
    bizType: batch.biz_type,
    engine: engine.name,
    // The recipe with the item's own keep/drop choices (a redo with choices, issue 44).
    params: itemParams(JSON.parse(batch.params) as Record<string, unknown>, item),
    inputs: JSON.parse(item.inputs) as PlannedTask['inputs'],
    cost: batch.item_cost,
    // The owner's tier when the item is released: a batch queues as its owner's single tasks do.
    priority: priorityOfTier((await getBenefitPackage(ctx.db, batch.user_id)).product.productType),
    batchId: batch.id,
  };
  const released = await writeTransaction(ctx.db, async (trx) => {
    const result = await trx
      .updateTable('batch_items')
      .set({ state: 'released', updated_at: Date.now() })
      .where('id', '=', item.id)
      .where('state', '=', 'queued')
      .where('task_id', '=', item.task_id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await insertPlannedTaskIn(trx, user, item.task_id, plan);
    return true;
  });
  if (released) await enqueuePlannedTask(ctx, item.task_id, plan, user.tenantId);
}

/** A running batch with nothing waiting or in flight is done: completed, or partial when some failed. */
async function finishBatches(ctx: AppContext): Promise<void> {
  const running = await ctx.db
    .selectFrom('batches')
    .select(['id', 'user_id', 'biz_type'])
    .where('status', '=', 'running')
    .execute();
  for (const { id, user_id: userId, biz_type: bizType } of running) {
    const items = await ctx.db
      .selectFrom('batch_items')
      .select(['state', 'task_id', 'checks'])
      .where('batch_id', '=', id)
      .execute();
    if (items.some((i) => i.state === 'queued' || (i.state === 'released' && i.checks === null))) continue;
    const tasks = await tasksByIds(
      ctx.db,
      items.filter((i) => i.state === 'released').map((i) => i.task_id),
    );
    const status: BatchStatus =
      tasks.length === items.length && tasks.every((t) => t.status === 'completed') ? 'completed' : 'partial';
    const now = Date.now();
    await writeTransaction(ctx.db, async (trx) => {
      const finished = await trx
        .updateTable('batches')
        .set({ status, updated_at: now, finished_at: now })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      // The receipt with the status change: once per finished batch, whichever process finishes it.
      if (Number(finished.numUpdatedRows) !== 1) return;
      const count = (s: string) => tasks.filter((t) => t.status === s).length;
      const refunded = tasks.filter((t) => t.status === 'failed' || t.status === 'stopped').reduce((n, t) => n + t.cost, 0);
      const tool = (l: Language) => translate(l, `tasks:biz_${bizType}`);
      await sendReceipt(trx, userId, ctx.config.PUBLIC_URL, {
        title: ['batches:receipt.title', { tool, count: items.length }],
        body: [
          [
            'batches:receipt.body',
            {
              batch: id.slice(0, 8),
              tool,
              completed: count('completed'),
              failed: count('failed'),
              stopped: count('stopped'),
              refunded,
            },
          ],
        ],
        link: { path: `/batch?id=${id}`, label: 'batches:receipt.open' },
      });
    });
  }
}

/** Starts the runner of this process (start-up, where the task workers start). */
export function startBatchRunner(ctx: AppContext, intervalMs = 500): BatchRunner {
  let running: Promise<void> = Promise.resolve();
  let closed = false;
  const tick = () => {
    running = running
      .then(() => (closed ? undefined : pass(ctx)))
      .catch((err) => ctx.log.warn({ err }, 'batch runner pass failed'));
    return running;
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  const runner = {
    tick,
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
    },
  };
  registerBatchRunner(ctx, runner);
  ctx.onClose(() => runner.close());
  return runner;
}
