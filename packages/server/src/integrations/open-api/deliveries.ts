import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import { SafeFetchError, safeFetch } from '../../content/knowledge/safe-fetch.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import { runEvery } from '../../platform/queue/every.ts';
import { endedBatchesIn } from '../../studio/batches/reads.ts';
import { tasksIn } from '../../studio/tasks/reads.ts';
import { parseOutputs } from '../../studio/tasks/store.ts';
import { ownWebhook, type WebhookEvent } from './webhooks.ts';

/** The signature header (API.md "Open API"): `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const SIGNATURE_HEADER = 'InspoShot-Signature';
/** Waits after each failed attempt; past the last one (about a day in all) a delivery is given up. */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000, 3 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000];
/** One attempt's time-out; a receiver should answer at once and do its work afterwards. */
const ATTEMPT_TIMEOUT_MS = 10_000;
/** A process sending a delivery holds it this long, so two processes never send it at once. */
const LEASE_MS = 60_000;
const BATCH = 50;
const TERMINAL = ['completed', 'failed', 'stopped'] as const;

export function signature(secret: string, timestamp: number, body: string): string {
  const v1 = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export interface DeliveryView {
  deliveryId: string;
  event: string;
  status: string;
  attempts: number;
  lastAttemptAt: number | null;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: number | null;
  createdAt: number;
}

/** Queues one event for every live webhook of the user that asked for it (inside the claiming transaction). */
async function emitIn(
  trx: Transaction<Database>,
  userId: string,
  event: WebhookEvent,
  data: Record<string, unknown>,
  now: number,
): Promise<number> {
  const hooks = await trx
    .selectFrom('webhooks')
    .select(['id', 'events'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
  let made = 0;
  for (const hook of hooks) {
    if (!(JSON.parse(hook.events) as string[]).includes(event)) continue;
    const id = crypto.randomUUID();
    await trx
      .insertInto('webhook_deliveries')
      .values({
        id,
        webhook_id: hook.id,
        user_id: userId,
        event,
        payload: JSON.stringify({ id, type: event, createdAt: now, data }),
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        lease_until: null,
        last_attempt_at: null,
        last_status: null,
        last_error: null,
        created_at: now,
      })
      .execute();
    made++;
  }
  return made;
}

/**
 * Turns the final state of tasks and batches created through the open API into deliveries for their
 * owner's webhooks. Each is claimed once (notified_at) in the same transaction as its deliveries, so
 * several processes may run this together.
 */
export async function collectEvents(ctx: AppContext, now = Date.now()): Promise<number> {
  let made = 0;
  const tasks = await tasksIn(
    ctx.db,
    ctx.db.selectFrom('api_key_tasks').select('task_id').where('notified_at', 'is', null),
    TERMINAL,
    BATCH,
  );
  for (const task of tasks) {
    await writeTransaction(ctx.db, async (trx) => {
      const claimed = await trx
        .updateTable('api_key_tasks')
        .set({ notified_at: now })
        .where('task_id', '=', task.id)
        .where('notified_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return;
      const outputs = parseOutputs(task).map(({ url, type }) => ({ url, type }));
      made += await emitIn(
        trx,
        task.user_id,
        `task.${task.status}` as WebhookEvent,
        { taskId: task.id, status: task.status, outputs },
        now,
      );
    });
  }
  const batches = await endedBatchesIn(
    ctx.db,
    ctx.db.selectFrom('api_key_batches').select('batch_id').where('notified_at', 'is', null),
    BATCH,
  );
  for (const batch of batches) {
    await writeTransaction(ctx.db, async (trx) => {
      const claimed = await trx
        .updateTable('api_key_batches')
        .set({ notified_at: now })
        .where('batch_id', '=', batch.id)
        .where('notified_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return;
      // One event for a batch's end, whatever the end (completed, partial or stopped): data.status says which.
      made += await emitIn(
        trx,
        batch.userId,
        'batch.completed',
        { batchId: batch.id, status: batch.status, cost: batch.cost },
        now,
      );
    });
  }
  return made;
}

/** Sends one delivery once and records the outcome: 2xx ends it, anything else schedules a retry or gives up. */
async function attempt(ctx: AppContext, deliveryId: string, now: number): Promise<void> {
  const row = await ctx.db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
    .select([
      'webhook_deliveries.payload as payload',
      'webhook_deliveries.attempts as attempts',
      'webhooks.url as url',
      'webhooks.secret as secret',
      'webhooks.deleted_at as deletedAt',
    ])
    .where('webhook_deliveries.id', '=', deliveryId)
    .executeTakeFirst();
  if (!row) return;
  let status: number | null = null;
  let error: string | null = null;
  if (row.deletedAt !== null) {
    error = 'webhook deleted';
  } else {
    const timestamp = Math.floor(now / 1000);
    try {
      const answer = await safeFetch(row.url, {
        method: 'POST',
        body: row.payload,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature(row.secret, timestamp, row.payload) },
        accept: '*/*',
        timeoutMs: ATTEMPT_TIMEOUT_MS,
        maxBytes: 64 * 1024,
        maxRedirects: 0,
        allowAddress: ctx.config.WEBHOOKS_ALLOW_PRIVATE ? () => true : undefined,
      });
      status = answer.status;
    } catch (err) {
      status = err instanceof SafeFetchError && err.status ? err.status : null;
      error = (err as Error).message.slice(0, 300);
    }
  }
  const attempts = row.attempts + 1;
  const delivered = status !== null && status >= 200 && status < 300;
  const delay = RETRY_DELAYS_MS[attempts - 1];
  await ctx.db
    .updateTable('webhook_deliveries')
    .set({
      attempts,
      last_attempt_at: now,
      last_status: status,
      last_error: delivered ? null : error,
      lease_until: null,
      status: delivered ? 'delivered' : delay === undefined || row.deletedAt !== null ? 'failed' : 'pending',
      next_attempt_at: delivered || delay === undefined ? null : now + delay,
    })
    .where('id', '=', deliveryId)
    .execute();
}

/** Sends every delivery that is due, each claimed with a lease first. */
export async function deliverDue(ctx: AppContext, now = Date.now()): Promise<number> {
  const due = await ctx.db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .orderBy('next_attempt_at')
    .limit(BATCH)
    .execute();
  let sent = 0;
  for (const { id } of due) {
    const claimed = await ctx.db
      .updateTable('webhook_deliveries')
      .set({ lease_until: now + LEASE_MS })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    await attempt(ctx, id, now);
    sent++;
  }
  return sent;
}

const view = (r: {
  id: string;
  event: string;
  status: string;
  attempts: number;
  last_attempt_at: number | null;
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: number | null;
  created_at: number;
}): DeliveryView => ({
  deliveryId: r.id,
  event: r.event,
  status: r.status,
  attempts: r.attempts,
  lastAttemptAt: r.last_attempt_at,
  lastStatus: r.last_status,
  lastError: r.last_error,
  nextAttemptAt: r.next_attempt_at,
  createdAt: r.created_at,
});

/** A webhook's latest deliveries with their attempts (the member's own webhooks only). */
export async function listDeliveries(ctx: AppContext, userId: string, webhookId: string): Promise<DeliveryView[]> {
  await ownWebhook(ctx, userId, webhookId);
  const rows = await ctx.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
  return rows.map(view);
}

/** Sends a delivery again now, whatever its state (the same event id and body, a fresh signature). */
export async function redeliver(ctx: AppContext, userId: string, webhookId: string, deliveryId: string): Promise<DeliveryView> {
  await ownWebhook(ctx, userId, webhookId);
  const now = Date.now();
  const claimed = await ctx.db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: now, lease_until: now + LEASE_MS })
    .where('id', '=', deliveryId)
    .where('webhook_id', '=', webhookId)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) {
    const exists = await ctx.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('id', '=', deliveryId)
      .where('webhook_id', '=', webhookId)
      .executeTakeFirst();
    if (!exists) throw new AppError('notFound');
    throw new AppError('conflict');
  }
  await attempt(ctx, deliveryId, now);
  const row = await ctx.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', deliveryId).executeTakeFirstOrThrow();
  return view(row);
}

/**
 * Collects events and sends due deliveries every WEBHOOK_INTERVAL_SECONDS in this process (every
 * API process may run it: claims and leases keep each send single).
 */
export function startWebhookSchedule(ctx: AppContext) {
  runEvery(ctx, 'webhook deliveries', ctx.config.WEBHOOK_INTERVAL_SECONDS * 1000, async () => {
    await collectEvents(ctx);
    await deliverDue(ctx);
  });
}
