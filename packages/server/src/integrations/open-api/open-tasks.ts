import crypto from 'node:crypto';
import type { TaskStatus } from '@productimage/core';
import { chargeIn, lockAccount } from '../../commerce/points/ledger.ts';
import type { AppContext } from '../../platform/context.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { Db } from '../../platform/db/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import { type CreateBatchInput, createBatch } from '../../studio/batches/service.ts';
import { countTasksIn, taskById } from '../../studio/tasks/reads.ts';
import { type CreateTaskInput, enqueuePlannedTask, insertPlannedTaskIn, planTask } from '../../studio/tasks/service.ts';
import { ACTIVE_STATUSES, taskRef } from '../../studio/tasks/store.ts';
import type { ApiKeyAuth } from './keys.ts';

/** Tasks of one key that may be pending or generating at once; more answer 429 with Retry-After. */
export const MAX_IN_FLIGHT_PER_KEY = 10;
/** The same across all of one member's keys (issue 42: a new key must not mean more tasks at once). */
export const MAX_IN_FLIGHT_PER_MEMBER = 20;

type Created = { taskId: string; status: TaskStatus; cost: number };

/** The same request body always hashes the same (object keys sorted), so a retry is recognised. */
export function bodyHash(body: CreateTaskInput): string {
  const stable = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(stable);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.keys(value as object)
          .sort()
          .map((k) => [k, stable((value as Record<string, unknown>)[k])]),
      );
    return value;
  };
  return crypto.hash('sha256', JSON.stringify(stable(body)), 'hex');
}

/** The task a key created earlier under this Idempotency-Key, or null; a different body is refused. */
async function earlier(ctx: AppContext, auth: ApiKeyAuth, idempotencyKey: string, hash: string): Promise<Created | null> {
  const row = await ctx.db
    .selectFrom('api_key_tasks')
    .select(['task_id', 'body_hash'])
    .where('key_id', '=', auth.keyId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  const task = row && (await taskById(ctx.db, row.task_id));
  if (!row || !task) return null;
  if (row.body_hash !== hash) throw new AppError('idempotencyMismatch');
  return { taskId: task.id, status: task.status, cost: task.cost };
}

/** How many of the key's tasks (or with `member`, of all the member's keys) are still pending or generating. */
export async function inFlight(db: Db, by: { keyId: string } | { userId: string }): Promise<number> {
  const ids =
    'keyId' in by
      ? db.selectFrom('api_key_tasks').select('task_id').where('key_id', '=', by.keyId)
      : db.selectFrom('api_key_tasks').select('task_id').where('user_id', '=', by.userId);
  return countTasksIn(db, ids, ACTIVE_STATUSES);
}

/**
 * Refuses (429 `openApiInFlight`) a key at MAX_IN_FLIGHT_PER_KEY or a member at MAX_IN_FLIGHT_PER_MEMBER.
 * Inside the creating transaction after the member's account is locked, so concurrent creates are
 * counted one after the other (issue 42: 20 parallel creates passed a limit of 10).
 */
async function checkInFlight(db: Db, key: ApiKeyAuth): Promise<void> {
  if ((await inFlight(db, { keyId: key.keyId })) >= MAX_IN_FLIGHT_PER_KEY) throw new AppError('openApiInFlight');
  if ((await inFlight(db, { userId: key.userId })) >= MAX_IN_FLIGHT_PER_MEMBER) throw new AppError('openApiInFlight');
}

/**
 * Creates a task for a key, exactly as the web app does (same checks, points and refunds). The task
 * row, its charge and the key's record (with the Idempotency-Key, unique per key) are written in one
 * transaction: of concurrent retries one commits, the others roll back (nothing charged) and answer
 * the task that committed.
 */
export async function createOpenTask(
  ctx: AppContext,
  key: ApiKeyAuth,
  body: CreateTaskInput,
  idempotencyKey: string | null,
): Promise<Created> {
  const hash = bodyHash(body);
  if (idempotencyKey) {
    const found = await earlier(ctx, key, idempotencyKey, hash);
    if (found) return found;
  }
  // Early and cheap, before the task is planned; counted again, atomically, in the transaction.
  await checkInFlight(ctx.db, key);
  const user = { id: key.userId, tenantId: key.tenantId };
  const plan = await planTask(ctx, user, body);
  const taskId = crypto.randomUUID();
  try {
    await writeTransaction(ctx.db, async (trx) => {
      await lockAccount(trx, user.id);
      await checkInFlight(trx, key);
      await insertPlannedTaskIn(trx, user, taskId, plan);
      await chargeIn(trx, { userId: user.id, cost: plan.cost, ...taskRef(taskId), note: body.bizType });
      await trx
        .insertInto('api_key_tasks')
        .values({
          task_id: taskId,
          key_id: key.keyId,
          user_id: key.userId,
          idempotency_key: idempotencyKey,
          body_hash: hash,
          created_at: Date.now(),
          notified_at: null,
        })
        .execute();
    });
  } catch (error) {
    if (idempotencyKey && isUniqueViolation(error)) {
      const found = await earlier(ctx, key, idempotencyKey, hash);
      if (found) return found;
    }
    throw error;
  }
  await enqueuePlannedTask(ctx, taskId, plan, user.tenantId);
  return { taskId, status: 'pending', cost: plan.cost };
}

/**
 * Creates a batch for a key exactly as the batch studio does, then notes the key, so the batch's end
 * reaches the owner's webhooks (batch.completed).
 */
export async function createOpenBatch(
  ctx: AppContext,
  key: ApiKeyAuth,
  body: CreateBatchInput,
): Promise<{ batchId: string; cost: number }> {
  const created = await createBatch(ctx, { id: key.userId, tenantId: key.tenantId }, body);
  await ctx.db
    .insertInto('api_key_batches')
    .values({ batch_id: created.batchId, key_id: key.keyId, user_id: key.userId, created_at: Date.now(), notified_at: null })
    .execute();
  return created;
}
