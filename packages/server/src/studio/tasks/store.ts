import type { TaskStatus } from '@productimage/core';
import type { ExpressionBuilder, Selectable } from 'kysely';
import { refundIn } from '../../commerce/points/ledger.ts';
import type { Database, Db } from '../../platform/db/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import type { Lane, QueueJob } from '../../platform/queue/index.ts';
import type { TaskTables } from './tables.ts';

/**
 * Every status change of a task, in one place. Each is a conditional update (it only applies from
 * the status, and for running tasks the worker, it expects), so two processes can never both
 * finish, fail or stop one task; the ones that end a task unsuccessfully refund its points in the
 * same transaction, and the ledger's per-task idempotency makes the refund happen at most once.
 */
export type TaskRow = Selectable<TaskTables['tasks']>;

export interface StoredOutput {
  url: string;
  type: 'image' | 'video';
  key: string;
}

export interface StoredInput {
  url: string;
  key: string;
}

/** The ledger reference of a task's charge and refund. */
export const taskRef = (taskId: string) => ({ refType: 'task', refId: taskId });

/** The error key a failed task carries (translated when shown). */
export const FAILED_ERROR = 'generationFailed';

/** A running task is resumed this many times after its worker died, then failed and refunded. */
export const MAX_ATTEMPTS = 2;

export const ACTIVE_STATUSES: TaskStatus[] = ['pending', 'generating'];

export const parseOutputs = (row: Pick<TaskRow, 'outputs'>): StoredOutput[] => JSON.parse(row.outputs) as StoredOutput[];
export const parseInputs = (row: Pick<TaskRow, 'inputs'>): StoredInput[] => JSON.parse(row.inputs) as StoredInput[];
export const bizTypeOf = (row: Pick<TaskRow, 'biz_type'>) => row.biz_type;

/** The run of a task, named by when it was last claimed (0 while it never was): a resumed task's text starts again. */
export const runOf = (startedAt: number | null) => (startedAt ?? 0).toString(36);

/** The queue's announcement of a task row (its lanes: priority and tenant). */
export const jobOf = (task: Pick<TaskRow, 'id' | 'engine' | 'attempts' | 'priority' | 'tenant_id'>): QueueJob => ({
  taskId: task.id,
  engine: task.engine,
  attempt: task.attempts,
  priority: task.priority,
  tenantId: task.tenant_id,
});

const changed = (result: { numUpdatedRows: bigint | number }) => Number(result.numUpdatedRows) === 1;

/**
 * Claims a pending task for a worker: the given one, or the next pending task of the engine that
 * the lane may take, in queue-key order (tier priority with ageing, studio/tasks/priority.ts).
 */
export async function claimTask(
  db: Db,
  workerId: string,
  target: { taskId: string } | { engine: string; lane?: Lane },
): Promise<string | null> {
  for (let tries = 0; tries < 5; tries++) {
    let query = db.selectFrom('tasks').select(['id', 'attempts']).where('status', '=', 'pending');
    if ('taskId' in target) query = query.where('id', '=', target.taskId);
    else {
      query = query.where('engine', '=', target.engine);
      if (target.lane?.minPriority) query = query.where('priority', '>=', target.lane.minPriority);
      if (target.lane?.tenantId) query = query.where('tenant_id', '=', target.lane.tenantId);
    }
    const next = await query.orderBy('queue_key').orderBy('id').limit(1).executeTakeFirst();
    if (!next) return null;
    const now = Date.now();
    const result = await db
      .updateTable('tasks')
      .set({
        status: 'generating',
        worker_id: workerId,
        attempts: next.attempts + 1,
        progress: 0,
        // A resumed text task streams again from the start.
        text: null,
        data: null,
        started_at: now,
        updated_at: now,
      })
      .where('id', '=', next.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (changed(result)) return next.id;
  }
  return null;
}

/** Writes a running task's progress and, for text types, its text so far. */
export async function setProgress(db: Db, taskId: string, workerId: string, progress: number, text?: string): Promise<void> {
  await db
    .updateTable('tasks')
    .set({ progress, ...(text === undefined ? {} : { text }), updated_at: Date.now() })
    .where('id', '=', taskId)
    .where('status', '=', 'generating')
    .where('worker_id', '=', workerId)
    .execute();
}

/** What a completed text task keeps besides files. */
export interface TextResult {
  text: string;
  data?: unknown;
}

/** Completes a running task with its stored outputs; false when it was stopped or taken over meanwhile. */
export async function completeTask(
  db: Db,
  task: TaskRow,
  workerId: string,
  outputs: StoredOutput[],
  textResult?: TextResult,
  /** Delivered short of what was paid for (EngineResult.refund): the points go back once, with this note. */
  refundNote?: string,
): Promise<boolean> {
  return writeTransaction(db, async (trx) => {
    const now = Date.now();
    const result = await trx
      .updateTable('tasks')
      .set({
        status: 'completed',
        progress: 100,
        outputs: JSON.stringify(outputs),
        ...(textResult
          ? { text: textResult.text, data: textResult.data === undefined ? null : JSON.stringify(textResult.data) }
          : {}),
        error: null,
        finished_at: now,
        updated_at: now,
      })
      .where('id', '=', task.id)
      .where('status', '=', 'generating')
      .where('worker_id', '=', workerId)
      .executeTakeFirst();
    if (!changed(result)) return false;
    if (outputs.length) {
      await trx
        .insertInto('task_outputs')
        .values(outputs.map((o) => ({ key: o.key, task_id: task.id, user_id: task.user_id, created_at: now })))
        .execute();
    }
    if (refundNote) await refundIn(trx, { ...taskRef(task.id), note: refundNote });
    return true;
  });
}

/** Fails a running task and refunds it (once). `workerId` null fails it whoever runs it. */
export async function failTask(db: Db, taskId: string, workerId: string | null, error = FAILED_ERROR): Promise<boolean> {
  return writeTransaction(db, async (trx) => {
    const now = Date.now();
    let update = trx
      .updateTable('tasks')
      .set({ status: 'failed', error, finished_at: now, updated_at: now })
      .where('id', '=', taskId)
      .where('status', 'in', ACTIVE_STATUSES);
    if (workerId) update = update.where('worker_id', '=', workerId);
    if (!changed(await update.executeTakeFirst())) return false;
    await refundIn(trx, { ...taskRef(taskId), note: error });
    return true;
  });
}

/** Stops a pending or running task of the user and refunds it (once); false when it had already ended. */
export async function stopTask(db: Db, taskId: string, userId: string): Promise<boolean> {
  return writeTransaction(db, async (trx) => {
    const now = Date.now();
    const result = await trx
      .updateTable('tasks')
      .set({ status: 'stopped', finished_at: now, updated_at: now })
      .where('id', '=', taskId)
      .where('user_id', '=', userId)
      .where('status', 'in', ACTIVE_STATUSES)
      .executeTakeFirst();
    if (!changed(result)) return false;
    await refundIn(trx, { ...taskRef(taskId), note: 'stopped' });
    return true;
  });
}

/** Puts a task this worker was running back in the queue (graceful shutdown): no refund, it will run again. */
export async function requeueTask(db: Db, taskId: string, workerId: string): Promise<boolean> {
  const result = await db
    .updateTable('tasks')
    .set((eb) => ({
      status: 'pending',
      worker_id: null,
      progress: 0,
      text: null,
      updated_at: Date.now(),
      attempts: eb('attempts', '-', 1),
    }))
    .where('id', '=', taskId)
    .where('status', '=', 'generating')
    .where('worker_id', '=', workerId)
    .executeTakeFirst();
  return changed(result);
}

/**
 * Recovers a task whose worker died: back to pending while it has attempts left, else failed and
 * refunded. Answers what happened (null when someone else recovered it first).
 */
export async function recoverTask(
  db: Db,
  task: Pick<TaskRow, 'id' | 'worker_id' | 'attempts'>,
): Promise<'resumed' | 'failed' | null> {
  return writeTransaction(db, async (trx) => {
    const now = Date.now();
    const sameOwner = (eb: ExpressionBuilder<Database, 'tasks'>) =>
      task.worker_id === null ? eb('worker_id', 'is', null) : eb('worker_id', '=', task.worker_id);
    if (task.attempts < MAX_ATTEMPTS) {
      const result = await trx
        .updateTable('tasks')
        .set({ status: 'pending', worker_id: null, progress: 0, text: null, updated_at: now })
        .where('id', '=', task.id)
        .where('status', '=', 'generating')
        .where(sameOwner)
        .executeTakeFirst();
      return changed(result) ? 'resumed' : null;
    }
    const result = await trx
      .updateTable('tasks')
      .set({ status: 'failed', error: FAILED_ERROR, finished_at: now, updated_at: now })
      .where('id', '=', task.id)
      .where('status', '=', 'generating')
      .where(sameOwner)
      .executeTakeFirst();
    if (!changed(result)) return null;
    await refundIn(trx, { ...taskRef(task.id), note: 'worker lost' });
    return 'failed';
  });
}

/**
 * Records a file derived from a task's output (the batch studio's one-click fix) as that task's, so
 * it is served and removed with the task like its outputs; `detach` forgets one again.
 */
export async function attachTaskFile(db: Db, taskId: string, userId: string, key: string): Promise<void> {
  await db.insertInto('task_outputs').values({ key, task_id: taskId, user_id: userId, created_at: Date.now() }).execute();
}

export async function detachTaskFile(db: Db, key: string): Promise<void> {
  await db.deleteFrom('task_outputs').where('key', '=', key).execute();
}
