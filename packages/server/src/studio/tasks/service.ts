import crypto from 'node:crypto';
import {
  type BizTypeDefinition,
  bizTypeDefinition,
  DAY_MS,
  HISTORY_RETENTION_DAYS,
  isPaidTier,
  type Language,
  MKT_IDEA_PICTURE,
  PLACARD_GEN,
  type TaskStatus,
} from '@productimage/core';
import type { Transaction } from 'kysely';
import { getBenefitPackage } from '../../commerce/membership/benefit.ts';
import { chargeIn } from '../../commerce/points/ledger.ts';
import { originalKeysOf } from '../../engines/ai-photo/store.ts';
import { EngineInputError } from '../../engines/types.ts';
import { assertBizTypeOpen } from '../../identity/tenants/route-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Database, Db } from '../../platform/db/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import { translate } from '../../platform/http/i18n.ts';
import { ownedRow } from '../../platform/http/owned-row.ts';
import { listPage } from '../../platform/http/paging.ts';
import { useQuota } from '../../platform/sandbox/quota.ts';
import { resolveInputs } from './inputs.ts';
import { checkMaskBounds } from './mask-bounds.ts';
import { priorityOfTier, queueKeyOf } from './priority.ts';
import { refinementTerms } from './refinement.ts';
import type { TaskView } from './schemas.ts';
import {
  ACTIVE_STATUSES,
  FAILED_ERROR,
  parseInputs,
  parseOutputs,
  type StoredInput,
  stopTask,
  type TaskRow,
  taskRef,
} from './store.ts';

/** Parameters as shown back: a refinement mask (a data URL of up to megabytes) is not echoed, only noted. */
function shownParams(params: Record<string, unknown>): Record<string, unknown> {
  if (typeof params.mask !== 'string') return params;
  const { mask: _mask, ...rest } = params;
  return { ...rest, refined: true };
}

/** The message key of a failed task: a free task's says nothing about refunded coins; a text task's says text. */
function failureKey(row: TaskRow): string {
  if (row.error !== FAILED_ERROR) return row.error ?? FAILED_ERROR;
  if (row.cost === 0) return 'generationFailedFree';
  return bizTypeDefinition(row.biz_type)?.output === 'text' ? 'textGenerationFailed' : FAILED_ERROR;
}

export function toView(row: TaskRow, lang: Language): TaskView {
  return {
    taskId: row.id,
    bizType: row.biz_type,
    output: bizTypeDefinition(row.biz_type)?.output ?? 'file',
    status: row.status,
    progress: row.status === 'completed' ? 100 : row.progress,
    outputs: parseOutputs(row).map(({ url, type }) => ({ url, type })),
    text: row.text ?? (bizTypeDefinition(row.biz_type)?.output === 'text' ? '' : null),
    data: row.data === null ? null : (JSON.parse(row.data) as unknown),
    cost: row.cost,
    error: row.status === 'failed' && row.error ? translate(lang, `errors:${failureKey(row)}`) : null,
    params: shownParams(JSON.parse(row.params) as Record<string, unknown>),
    inputs: parseInputs(row).map((i) => i.url),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface CreateTaskInput {
  bizType: string;
  params: Record<string, unknown>;
  inputs: string[];
}

/** Validates the parameters with the business type's schema; the first problem becomes the error. */
function parseParams(definition: BizTypeDefinition, raw: Record<string, unknown>): Record<string, unknown> {
  if (!definition.params) return raw;
  const parsed = definition.params.safeParse(raw);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || undefined;
  const key = issue?.message && /^[a-z]+:[A-Za-z0-9]+$/.test(issue.message) ? issue.message : undefined;
  if (key?.startsWith('errors:')) throw new AppError(key.slice(7) as never, {}, field ? { field } : null);
  throw new AppError('badRequest', {}, field ? { field: `params.${field}` } : null, key);
}

/** Paid-member features of the parameters (spec 001 §6), as the business type declares them. */
async function checkMembership(
  ctx: AppContext,
  userId: string,
  definition: BizTypeDefinition,
  params: Record<string, unknown>,
  inputs: number,
) {
  const feature = definition.paidFeature?.(params, inputs);
  if (!feature) return;
  const paid = isPaidTier((await getBenefitPackage(ctx.db, userId)).product.productType);
  if (!paid) throw new AppError(feature as never);
}

/** Business types that render posters: each task counts against the 'postersRendered' quota. */
const POSTER_TYPES = new Set<string>([PLACARD_GEN, MKT_IDEA_PICTURE]);

/** A task checked as `createTask` checks it, nothing written yet (the batch studio plans every item first). */
export interface PlannedTask {
  bizType: string;
  engine: string;
  params: Record<string, unknown>;
  inputs: StoredInput[];
  cost: number;
  /** The owner's tier rank now: the task's place in the queue (priority.ts). */
  priority: number;
  /** The batch the task is an item of (studio/batches), shown as one card of the history. */
  batchId?: string;
}

/**
 * Checks a task without writing anything: engine routing, parameters, membership features, the
 * mask and the inputs; answers what `startPlannedTask` writes and what it costs.
 */
export async function planTask(
  ctx: AppContext,
  user: { id: string; tenantId: string },
  body: CreateTaskInput,
): Promise<PlannedTask> {
  const definition = bizTypeDefinition(body.bizType);
  if (!definition) throw new AppError('badRequest', {}, { field: 'bizType' });
  // A tool every page of which the tenant hides is closed here too (open API and batches included).
  await assertBizTypeOpen(ctx.db, user.tenantId, body.bizType);
  const engine = ctx.tasks.engines.route(body.bizType);
  if (!engine) throw new AppError('engineNotConfigured');
  const params = parseParams(definition, body.params);
  const [min, max] = definition.inputs(params);
  if (body.inputs.length < min || body.inputs.length > max) throw new AppError('taskInputInvalid');
  await checkMembership(ctx, user.id, definition, params, body.inputs.length);
  // A refinement mask is bounded from its header before anything decodes it (tasks/mask-bounds.ts).
  await checkMaskBounds(ctx, user.id, body.bizType, params, body.inputs);
  try {
    await engine.validate?.(body.bizType, params, { inputs: body.inputs.length, db: ctx.db });
  } catch (err) {
    if (err instanceof EngineInputError && err.key) throw new AppError(err.key as never);
    throw err;
  }
  const inputs = await resolveInputs(ctx, user.id, body.inputs);
  // Refining one's own cutout is free; strokes that change nothing are refused (refinement.ts).
  const refinement = await refinementTerms(ctx, user.id, body.bizType, params, inputs);
  const cost = refinement.free ? 0 : definition.cost(params, inputs.length);
  // Posters (the poster tool's and marketing ideas') count against a per-user quota (issue 26), before any charge.
  if (POSTER_TYPES.has(body.bizType)) await useQuota(ctx.db, user.id, 'postersRendered');
  const priority = priorityOfTier((await getBenefitPackage(ctx.db, user.id)).product.productType);
  return { bizType: body.bizType, engine: engine.name, params, inputs, cost, priority };
}

/** Writes a planned task's row inside the caller's transaction (its charge is the caller's: `taskRef(taskId)`). */
export async function insertPlannedTaskIn(
  trx: Transaction<Database>,
  user: { id: string; tenantId: string },
  taskId: string,
  plan: PlannedTask,
): Promise<void> {
  const now = Date.now();
  await trx
    .insertInto('tasks')
    .values({
      id: taskId,
      user_id: user.id,
      tenant_id: user.tenantId,
      biz_type: plan.bizType,
      engine: plan.engine,
      params: JSON.stringify(plan.params),
      inputs: JSON.stringify(plan.inputs),
      status: 'pending',
      progress: 0,
      outputs: '[]',
      cost: plan.cost,
      error: null,
      attempts: 0,
      worker_id: null,
      created_at: now,
      updated_at: now,
      started_at: null,
      finished_at: null,
      deleted_at: null,
      priority: plan.priority,
      queue_key: queueKeyOf(now, plan.priority),
      batch_id: plan.batchId ?? null,
    })
    .execute();
}

/** Queues a task written by `insertPlannedTaskIn` once its transaction has committed. */
export async function enqueuePlannedTask(ctx: AppContext, taskId: string, plan: PlannedTask, tenantId: string): Promise<void> {
  await ctx.tasks.queue.add({ taskId, engine: plan.engine, attempt: 0, priority: plan.priority, tenantId });
}

/** Tasks by id (any owner): the batch studio reads its children's state through this. */
export async function tasksByIds(db: Db, ids: string[]): Promise<TaskRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('tasks').selectAll().where('id', 'in', ids).execute();
}

/**
 * Accepts a task: engine routing, parameters, membership features, the mask and the inputs are all
 * checked before any points move; then the task row and its charge are written in one transaction
 * and the task is queued.
 */
export async function createTask(
  ctx: AppContext,
  user: { id: string; tenantId: string },
  body: CreateTaskInput,
): Promise<{ taskId: string; status: TaskStatus; cost: number }> {
  const plan = await planTask(ctx, user, body);
  const taskId = crypto.randomUUID();
  await writeTransaction(ctx.db, async (trx) => {
    await insertPlannedTaskIn(trx, user, taskId, plan);
    await chargeIn(trx, { userId: user.id, cost: plan.cost, ...taskRef(taskId), note: body.bizType });
  });
  await enqueuePlannedTask(ctx, taskId, plan, user.tenantId);
  return { taskId, status: 'pending', cost: plan.cost };
}

/** The user's task (not deleted), or 404. */
export async function findTask(ctx: AppContext, userId: string, taskId: string): Promise<TaskRow> {
  return ownedRow(ctx.db, 'tasks', taskId, { user_id: userId, deleted_at: null });
}

/** Oldest creation time the user's tier still shows (HISTORY_RETENTION_DAYS). */
export async function retentionStart(ctx: AppContext, userId: string, now = Date.now()): Promise<number> {
  const tier = (await getBenefitPackage(ctx.db, userId)).product.productType;
  return now - HISTORY_RETENTION_DAYS[tier] * DAY_MS;
}

/**
 * Whether a stored output file still belongs to a task its owner can see: not deleted and within
 * the history window of the owner's tier. Files of other tasks are no longer served (GET /files).
 */
export async function isOutputShown(ctx: AppContext, key: string, now = Date.now()): Promise<boolean | null> {
  const row = await ctx.db
    .selectFrom('task_outputs')
    .innerJoin('tasks', 'tasks.id', 'task_outputs.task_id')
    .select(['tasks.user_id', 'tasks.created_at', 'tasks.deleted_at'])
    .where('task_outputs.key', '=', key)
    .executeTakeFirst();
  return row ? inHistory(ctx, row, now) : null;
}

/** Whether a task is in its owner's history (not deleted, within the retention window); null when there is no such task. */
export async function isTaskShown(ctx: AppContext, taskId: string, now = Date.now()): Promise<boolean | null> {
  const row = await ctx.db
    .selectFrom('tasks')
    .select(['user_id', 'created_at', 'deleted_at'])
    .where('id', '=', taskId)
    .executeTakeFirst();
  return row ? inHistory(ctx, row, now) : null;
}

/** The one rule for a task being shown: not deleted and within its owner's history window. */
async function inHistory(
  ctx: AppContext,
  row: { user_id: string; created_at: number; deleted_at: number | null },
  now: number,
): Promise<boolean> {
  return row.deleted_at === null && row.created_at >= (await retentionStart(ctx, row.user_id, now));
}

export interface ListQuery {
  bizType?: string;
  status?: TaskStatus;
  /** The items of one batch (a batch card opened), else the history with each batch as one entry. */
  batchId?: string;
  /** The web history groups a batch's items (the open API lists every task). */
  groupBatches?: boolean;
  pageNum: number;
  pageSize: number;
}

/**
 * The user's history within the retention of their tier, newest first. A batch's items are one entry
 * (issue 41: 50 items flooded the 12-per-page history): its first item, with `batch` saying which
 * batch and how many items match; `batchId` lists one batch's items. `tools` are the business types
 * the user has tasks of in that window (the history's tool filter), whatever the filters.
 */
export async function listTasks(ctx: AppContext, userId: string, q: ListQuery, lang: Language) {
  const since = await retentionStart(ctx, userId);
  const visible = () =>
    ctx.db
      .selectFrom('tasks')
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .where('created_at', '>=', since)
      .$if(!!q.bizType, (qb) => qb.where('biz_type', '=', q.bizType as string))
      .$if(!!q.status, (qb) => qb.where('status', '=', q.status as TaskStatus));
  const base = q.batchId
    ? visible().where('batch_id', '=', q.batchId)
    : !q.groupBatches
      ? visible()
      : visible().where((eb) =>
          eb.or([
            eb('batch_id', 'is', null),
            eb(
              'id',
              'in',
              visible()
                .where('batch_id', 'is not', null)
                .select((s) => s.fn.min('id').as('id'))
                .groupBy('batch_id'),
            ),
          ]),
        );
  const [{ rows, total }, tools] = await Promise.all([
    listPage(base, q, (qb) => qb.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc')),
    ctx.db
      .selectFrom('tasks')
      .select('biz_type')
      .distinct()
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .where('created_at', '>=', since)
      .execute(),
  ]);
  const batchIds = q.batchId || !q.groupBatches ? [] : [...new Set(rows.flatMap((r) => (r.batch_id ? [r.batch_id] : [])))];
  const sizes = batchIds.length
    ? await visible()
        .where('batch_id', 'in', batchIds)
        .select((s) => ['batch_id', s.fn.countAll<number | string>().as('n')])
        .groupBy('batch_id')
        .execute()
    : [];
  const sizeOf = new Map(sizes.map((s) => [s.batch_id as string, Number(s.n)]));
  return {
    list: rows.map((r) => {
      const view = toView(r, lang);
      return r.batch_id && q.groupBatches && !q.batchId
        ? { ...view, batch: { batchId: r.batch_id, count: sizeOf.get(r.batch_id) ?? 1 } }
        : view;
    }),
    total,
    tools: tools.map((t) => t.biz_type).sort(),
  };
}

/** Stops the user's task and refunds it once; a task that already ended cannot be stopped. */
export async function stopUserTask(ctx: AppContext, userId: string, taskId: string, lang: Language): Promise<TaskView> {
  await findTask(ctx, userId, taskId);
  if (!(await stopTask(ctx.db, taskId, userId))) throw new AppError('taskNotStoppable');
  ctx.tasks.abortLocal(taskId);
  ctx.tasks.events.publish(taskId, { status: 'stopped' });
  return toView(await findTask(ctx, userId, taskId), lang);
}

/** Deletes a task from the user's history with its output files; a running task is stopped (and refunded) first. */
export async function deleteUserTask(ctx: AppContext, userId: string, taskId: string): Promise<void> {
  const row = await findTask(ctx, userId, taskId);
  if (ACTIVE_STATUSES.includes(row.status) && (await stopTask(ctx.db, taskId, userId))) {
    ctx.tasks.abortLocal(taskId);
    ctx.tasks.events.publish(taskId, { status: 'stopped' });
  }
  await ctx.db.updateTable('tasks').set({ deleted_at: Date.now() }).where('id', '=', taskId).execute();
  const files = await ctx.db.selectFrom('task_outputs').select('key').where('task_id', '=', taskId).execute();
  for (const file of files) await ctx.storage.delete(file.key);
  // An AI-photography provider's own pictures of garment-locked outputs go with them.
  for (const key of await originalKeysOf(ctx.db, taskId, (url) => ctx.storage.keyFromUrl(url))) await ctx.storage.delete(key);
  await ctx.db.deleteFrom('task_outputs').where('task_id', '=', taskId).execute();
}

export interface RatingInput {
  score: number;
  reasons: string[];
  comment?: string;
}

/** The rating dialog after a result: one rating per user and task, the latest kept. */
export async function rateTask(ctx: AppContext, userId: string, taskId: string, input: RatingInput): Promise<void> {
  await findTask(ctx, userId, taskId);
  const values = {
    score: input.score,
    reasons: JSON.stringify(input.reasons),
    comment: input.comment ?? null,
    created_at: Date.now(),
  };
  await ctx.db
    .insertInto('task_ratings')
    .values({ task_id: taskId, user_id: userId, ...values })
    .onConflict((oc) => oc.columns(['task_id', 'user_id']).doUpdateSet(values))
    .execute();
}

export type { TaskView };
