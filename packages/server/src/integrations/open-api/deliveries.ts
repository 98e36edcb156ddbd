import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ownedRow } from '../../platform/http/owned-row.ts';
import { SafeFetchError, safeFetch } from '../../platform/http/safe-fetch.ts';
import { runEvery } from '../../platform/queue/every.ts';
import { signFileUrlsIn } from '../../platform/storage/file-urls.ts';
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
/**
 * Fairness (issue 42: deliveries went one at a time, so one member's slow endpoints delayed another
 * member's delivery by 378 s): a pass sends up to WEBHOOK_CONCURRENCY deliveries at once, at most
 * WEBHOOK_MEMBER_CONCURRENCY of one member's at once and WEBHOOK_MEMBER_PER_PASS of one member's in a
 * pass, members taking turns. So a member's slow receivers cost that member, and a pass lasts at most
 * about (PER_PASS / MEMBER_CONCURRENCY) x the attempt time-out.
 */
export const WEBHOOK_CONCURRENCY = 8;
export const WEBHOOK_MEMBER_CONCURRENCY = 2;
export const WEBHOOK_MEMBER_PER_PASS = 4;
/** Lifetime of the signed file URLs in a delivery's body, from its attempt: the receiver fetches them later. */
export const WEBHOOK_FILE_URL_HOURS = 24;
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

/**
 * The body as sent: its output URLs (stored plain, `/files/<key>`) signed for WEBHOOK_FILE_URL_HOURS
 * from this attempt, absolute with PUBLIC_URL (or S3 presigned), so the receiver can fetch them
 * (issue 42: relative unsigned URLs answered 403). The event id and everything else stay the same.
 */
function withSignedFileUrls(ctx: AppContext, payload: string): Promise<string> {
  const ttl = Math.max(ctx.config.FILE_URL_TTL_MINUTES, WEBHOOK_FILE_URL_HOURS * 60);
  return signFileUrlsIn(
    { config: { ...ctx.config, FILE_URL_TTL_MINUTES: ttl }, secret: ctx.secret, storage: ctx.storage },
    payload,
  );
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
    const body = await withSignedFileUrls(ctx, row.payload);
    // Taken as the attempt goes out, not when its pass began (issue 42: deliveries late in a slow pass
    // arrived over 300 s old and failed the documented verification).
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const answer = await safeFetch(row.url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature(row.secret, timestamp, body) },
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

/**
 * Sends every delivery that is due, each claimed with a lease just before it goes out: members take
 * turns (the oldest due first within a member), WEBHOOK_CONCURRENCY at once, WEBHOOK_MEMBER_CONCURRENCY
 * of one member's at once, WEBHOOK_MEMBER_PER_PASS of one member's per pass (the rest wait for the
 * next pass, a few seconds later).
 */
export async function deliverDue(ctx: AppContext, now = Date.now()): Promise<number> {
  const due = await ctx.db
    .selectFrom('webhook_deliveries')
    .select(['id', 'user_id'])
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .orderBy('next_attempt_at')
    .limit(BATCH * 10)
    .execute();
  const queue = takeTurns(due).slice(0, BATCH);
  const busy = new Map<string, number>();
  let sent = 0;
  const sendOne = async (item: { id: string; user_id: string }) => {
    const leaseNow = Date.now();
    const claimed = await ctx.db
      .updateTable('webhook_deliveries')
      .set({ lease_until: Math.max(now, leaseNow) + LEASE_MS })
      .where('id', '=', item.id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    await attempt(ctx, item.id, now);
    sent++;
  };
  // A pool of senders: each takes the first delivery whose member is under its share, or waits for a send to end.
  const running = new Set<Promise<void>>();
  while (queue.length > 0 || running.size > 0) {
    const i = queue.findIndex((d) => (busy.get(d.user_id) ?? 0) < WEBHOOK_MEMBER_CONCURRENCY);
    if (running.size < WEBHOOK_CONCURRENCY && i >= 0) {
      const [item] = queue.splice(i, 1) as [{ id: string; user_id: string }];
      busy.set(item.user_id, (busy.get(item.user_id) ?? 0) + 1);
      const send: Promise<void> = sendOne(item)
        .catch((err) => ctx.log.warn({ err, deliveryId: item.id }, 'webhook delivery failed'))
        .finally(() => {
          busy.set(item.user_id, (busy.get(item.user_id) ?? 1) - 1);
          running.delete(send);
        });
      running.add(send);
    } else await Promise.race(running);
  }
  return sent;
}

/** Due deliveries in turns: one of each member's in turn (oldest first), at most WEBHOOK_MEMBER_PER_PASS each. */
function takeTurns<T extends { user_id: string }>(due: T[]): T[] {
  const byMember = new Map<string, T[]>();
  for (const d of due) {
    const list = byMember.get(d.user_id) ?? [];
    if (list.length < WEBHOOK_MEMBER_PER_PASS) list.push(d);
    byMember.set(d.user_id, list);
  }
  const turns: T[] = [];
  for (let round = 0; round < WEBHOOK_MEMBER_PER_PASS; round++)
    for (const list of byMember.values()) if (list[round]) turns.push(list[round] as T);
  return turns;
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
    // Not claimed: another webhook's (or no) delivery is a 404, one being sent a conflict.
    await ownedRow(ctx.db, 'webhook_deliveries', deliveryId, { webhook_id: webhookId }, ['id']);
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
