import crypto from 'node:crypto';
import { isPaidTier, subjectInputIndex, type TaskStatus } from '@productimage/core';
import type { Selectable } from 'kysely';
import { getBenefitPackage } from '../../commerce/membership/benefit.ts';
import { chargeIn, refundIn } from '../../commerce/points/ledger.ts';
import type { AppContext } from '../../platform/context.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ownedRow } from '../../platform/http/owned-row.ts';
import { csvCell } from '../../platform/storage/csv.ts';
import { newKey } from '../../platform/storage/index.ts';
import { type ZipEntry, zipStream } from '../../platform/storage/zip.ts';
import { findOwnPicture } from '../tasks/inputs.ts';
import { rememberResult } from '../tasks/own-results.ts';
import { type PlannedTask, planTask, tasksByIds } from '../tasks/service.ts';
import { attachTaskFile, detachTaskFile, parseOutputs, stopTask, type TaskRow, taskRef } from '../tasks/store.ts';
import type { Check, FixName } from './checks.ts';
import { checksOf, exportAndCheck, fixFor, measure, readsOverlays } from './checks.ts';
import {
  CUTTING_BIZ_TYPES,
  choicesOf,
  type ItemChoices,
  type ItemRegion,
  itemParams,
  regionsOf,
  storedChoices,
} from './item-regions.ts';
import { kickBatchRunner } from './kick.ts';
import { paramsForPreset, presetByName } from './presets.ts';
import type { BatchStatus, BatchTables } from './tables.ts';

/**
 * The batch studio (docs/batches.md): one recipe over up to 200 pictures on the task platform.
 * Every function takes (ctx, user, input) so the open API can call them as the web routes do.
 *
 * Money: each item's charge is written under its task's ledger reference (`taskRef(task_id)`), all
 * of them in the one transaction that creates the batch (refused whole: nothing is written when one
 * fails). So every refund path of the task platform (failure, stop, lost worker) refunds that item,
 * and a stop refunds each unstarted item under the same reference, at most once (the ledger's
 * idempotency and the conditional state change).
 */
export const BATCH_MAX_ITEMS = 200;

/** The ledger group of a batch's item charges and refunds: one line each in the points history. */
const batchRef = (batchId: string) => `batch:${batchId}`;

export type BatchUser = { id: string; tenantId: string };
export type BatchRow = Selectable<BatchTables['batches']>;
export type ItemRow = Selectable<BatchTables['batch_items']>;

export interface CreateBatchInput {
  bizType: string;
  params: Record<string, unknown>;
  items: string[][];
  preset?: string | undefined;
  /** The pictures' own file names, item by item (the manifest's source names); else taken from the URLs. */
  names?: string[] | undefined;
}

export type ItemStatus = 'queued' | TaskStatus;

export interface BatchItemView {
  itemId: string;
  sourceName: string;
  input: string[];
  status: ItemStatus;
  progress: number;
  taskId: string;
  outputs: string[];
  checks: Check[];
  fixes: FixName[];
  fixed: string | null;
  /** What the cut keeps or leaves out beside the product (issue 44); null until looked for, or for recipes that do not cut. */
  regions: ItemRegion[] | null;
  /** The keep/drop points the item's run honours. */
  choices: ItemChoices;
}

export interface BatchView {
  batchId: string;
  bizType: string;
  params: Record<string, unknown>;
  preset: string | null;
  status: BatchStatus;
  cost: number;
  refunded: number;
  progress: number;
  counts: Record<ItemStatus, number>;
  createdAt: number;
  items: BatchItemView[];
}

interface StoredChecks {
  checks: Check[];
  fixes: FixName[];
}
interface StoredFix {
  preset: string;
  key: string;
  url: string;
}

const sourceNameOf = (url: string) => decodeURIComponent(url.split('?')[0]?.split('/').pop() || 'picture');

async function requirePaid(ctx: AppContext, userId: string) {
  const tier = (await getBenefitPackage(ctx.db, userId)).product.productType;
  if (!isPaidTier(tier)) throw new AppError('batchNeedsMembership');
}

/**
 * Plans every item like a single task (same checks, same price), without writing anything. `params`
 * is the recipe, or each item's own (the recipe with its keep/drop choices).
 */
async function planItems(
  ctx: AppContext,
  user: BatchUser,
  bizType: string,
  params: Record<string, unknown> | ((index: number) => Record<string, unknown>),
  items: string[][],
) {
  const plans: PlannedTask[] = [];
  for (const [index, inputs] of items.entries()) {
    try {
      plans.push(await planTask(ctx, user, { bizType, params: typeof params === 'function' ? params(index) : params, inputs }));
    } catch (err) {
      // Which item was refused: the message is the task's, the field points at the item.
      if (err instanceof AppError && err.key === 'taskInputInvalid')
        throw new AppError('taskInputInvalid', {}, { field: `items.${index}` });
      throw err;
    }
  }
  return plans;
}

/**
 * Accepts a batch: every item checked and priced first, then the batch, its items and every item's
 * charge in ONE transaction (not enough points: nothing written). Items run later, a few at a time
 * (runner.ts).
 */
export async function createBatch(
  ctx: AppContext,
  user: BatchUser,
  input: CreateBatchInput,
): Promise<{ batchId: string; cost: number }> {
  if (input.items.length === 0 || input.items.length > BATCH_MAX_ITEMS) throw new AppError('badRequest', {}, { field: 'items' });
  if (input.names && input.names.length !== input.items.length) throw new AppError('badRequest', {}, { field: 'names' });
  await requirePaid(ctx, user.id);
  const preset = input.preset ? await presetByName(ctx.db, input.preset) : null;
  const params = preset ? paramsForPreset(input.bizType, input.params, preset) : input.params;
  const plans = await planItems(ctx, user, input.bizType, params, input.items);
  const first = plans[0] as PlannedTask;
  const itemCost = first.cost;
  const cost = plans.reduce((sum, p) => sum + p.cost, 0);
  const batchId = crypto.randomUUID();
  const now = Date.now();
  await writeTransaction(ctx.db, async (trx) => {
    await trx
      .insertInto('batches')
      .values({
        id: batchId,
        user_id: user.id,
        tenant_id: user.tenantId,
        biz_type: input.bizType,
        params: JSON.stringify(first.params),
        preset: input.preset ?? null,
        item_cost: itemCost,
        cost,
        status: 'running',
        created_at: now,
        updated_at: now,
        finished_at: null,
      })
      .execute();
    for (const [seq, plan] of plans.entries()) {
      const taskId = crypto.randomUUID();
      await trx
        .insertInto('batch_items')
        .values({
          id: crypto.randomUUID(),
          batch_id: batchId,
          user_id: user.id,
          seq,
          source_name: input.names?.[seq]?.trim() || sourceNameOf(plan.inputs[subjectInputIndex(input.bizType)]?.url ?? ''),
          inputs: JSON.stringify(plan.inputs),
          state: 'queued',
          task_id: taskId,
          task_ids: JSON.stringify([taskId]),
          checks: null,
          fixed: null,
          regions: null,
          choices: null,
          updated_at: now,
        })
        .execute();
      // One line of the history for the whole batch (group), each item its own row for its refund.
      await chargeIn(trx, {
        userId: user.id,
        cost: plan.cost,
        ...taskRef(taskId),
        note: input.bizType,
        groupRef: batchRef(batchId),
      });
    }
  });
  kickBatchRunner(ctx);
  return { batchId, cost };
}

/** The user's batch, or 404. */
export async function findBatch(ctx: AppContext, userId: string, batchId: string): Promise<BatchRow> {
  return ownedRow(ctx.db, 'batches', batchId, { user_id: userId });
}

export async function itemsOf(ctx: AppContext, batchId: string): Promise<ItemRow[]> {
  return ctx.db.selectFrom('batch_items').selectAll().where('batch_id', '=', batchId).orderBy('seq').execute();
}

/** An item's status: waiting in the batch, stopped before it started, or its current task's. */
export function itemStatus(item: Pick<ItemRow, 'state' | 'task_id'>, tasks: Map<string, TaskRow>): ItemStatus {
  if (item.state === 'queued') return 'queued';
  if (item.state === 'stopped') return 'stopped';
  return tasks.get(item.task_id)?.status ?? 'pending';
}

const REFUNDED: TaskStatus[] = ['failed', 'stopped'];

export async function batchView(ctx: AppContext, batch: BatchRow): Promise<BatchView> {
  const items = await itemsOf(ctx, batch.id);
  const attempts = items.flatMap((i) => JSON.parse(i.task_ids) as string[]);
  const tasks = new Map((await tasksByIds(ctx.db, attempts)).map((t) => [t.id, t]));
  const counts = { queued: 0, pending: 0, generating: 0, completed: 0, failed: 0, stopped: 0 } as Record<ItemStatus, number>;
  let refunded = 0;
  let progress = 0;
  const views = items.map((item): BatchItemView => {
    const status = itemStatus(item, tasks);
    counts[status]++;
    if (item.state === 'stopped') refunded += batch.item_cost;
    for (const id of JSON.parse(item.task_ids) as string[]) {
      const task = tasks.get(id);
      if (task && REFUNDED.includes(task.status)) refunded += task.cost;
    }
    const task = tasks.get(item.task_id);
    const itemProgress = status === 'completed' || status === 'failed' || status === 'stopped' ? 100 : (task?.progress ?? 0);
    progress += itemProgress;
    const stored = item.checks ? (JSON.parse(item.checks) as StoredChecks) : { checks: [], fixes: [] };
    const fixed = item.fixed ? (JSON.parse(item.fixed) as StoredFix) : null;
    return {
      itemId: item.id,
      sourceName: item.source_name,
      input: (JSON.parse(item.inputs) as Array<{ url: string }>).map((i) => i.url),
      status,
      progress: itemProgress,
      taskId: item.task_id,
      outputs: status === 'completed' && task ? parseOutputs(task).map((o) => o.url) : [],
      checks: stored.checks,
      fixes: stored.fixes,
      fixed: fixed && fixed.preset === batch.preset ? fixed.url : null,
      regions: regionsOf(item),
      choices: choicesOf(item),
    };
  });
  return {
    batchId: batch.id,
    bizType: batch.biz_type,
    params: JSON.parse(batch.params) as Record<string, unknown>,
    preset: batch.preset,
    status: batch.status,
    cost: batch.cost,
    refunded,
    progress: items.length ? Math.round(progress / items.length) : 100,
    counts,
    createdAt: batch.created_at,
    items: views,
  };
}

export async function getBatch(ctx: AppContext, user: BatchUser, batchId: string): Promise<BatchView> {
  return batchView(ctx, await findBatch(ctx, user.id, batchId));
}

/** The user's batches, newest first (the studio's list). */
export async function listBatches(ctx: AppContext, user: BatchUser) {
  const rows = await ctx.db
    .selectFrom('batches')
    .select(['id', 'biz_type', 'status', 'cost', 'preset', 'created_at'])
    .where('user_id', '=', user.id)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
  const counts = await ctx.db
    .selectFrom('batch_items')
    .select((eb) => ['batch_id', eb.fn.countAll<number>().as('n')])
    .where('batch_id', 'in', rows.map((r) => r.id).concat(['-']))
    .groupBy('batch_id')
    .execute();
  const n = new Map(counts.map((c) => [c.batch_id, Number(c.n)]));
  return rows.map((r) => ({
    batchId: r.id,
    bizType: r.biz_type,
    status: r.status,
    cost: r.cost,
    preset: r.preset,
    items: n.get(r.id) ?? 0,
    createdAt: r.created_at,
  }));
}

/**
 * Stops a batch: every item not yet started (waiting in the batch, or released but still pending)
 * is stopped and refunded once; items already generating finish and are kept. Safe to call twice or
 * from two processes at once: each item's state change is conditional and its refund idempotent.
 */
export async function stopBatch(ctx: AppContext, user: BatchUser, batchId: string): Promise<BatchView> {
  const batch = await findBatch(ctx, user.id, batchId);
  await writeTransaction(ctx.db, async (trx) => {
    const queued = await trx
      .selectFrom('batch_items')
      .select(['id', 'task_id'])
      .where('batch_id', '=', batchId)
      .where('state', '=', 'queued')
      .execute();
    const now = Date.now();
    for (const item of queued) {
      const result = await trx
        .updateTable('batch_items')
        .set({ state: 'stopped', checks: JSON.stringify({ checks: [], fixes: [] }), updated_at: now })
        .where('id', '=', item.id)
        .where('state', '=', 'queued')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) await refundIn(trx, { ...taskRef(item.task_id), note: 'batch stopped' });
    }
    if (batch.status === 'running')
      await trx
        .updateTable('batches')
        .set({ status: 'stopped', updated_at: now, finished_at: now })
        .where('id', '=', batchId)
        .where('status', '=', 'running')
        .execute();
  });
  // Released items whose task has not started yet: stopped (and refunded) by the task platform.
  const released = await ctx.db
    .selectFrom('batch_items')
    .select('task_id')
    .where('batch_id', '=', batchId)
    .where('state', '=', 'released')
    .execute();
  for (const task of await tasksByIds(
    ctx.db,
    released.map((r) => r.task_id),
  )) {
    if (task.status !== 'pending') continue;
    if (await stopTask(ctx.db, task.id, user.id)) {
      ctx.tasks.abortLocal(task.id);
      ctx.tasks.events.publish(task.id, { status: 'stopped' });
    }
  }
  return getBatch(ctx, user, batchId);
}

/**
 * Runs items again under new task ids: all their charges in one transaction (refused whole), the
 * items back in the batch's queue. Used by retry (the failed items) and redo (one item, maybe with
 * new keep/drop choices: `choices`, stored with the rerun).
 */
async function rerun(
  ctx: AppContext,
  user: BatchUser,
  batch: BatchRow,
  items: ItemRow[],
  choices?: ItemChoices,
): Promise<number> {
  if (items.length === 0) return 0;
  await requirePaid(ctx, user.id);
  const params = JSON.parse(batch.params) as Record<string, unknown>;
  const stored = items.map((item) => (choices ? storedChoices(choices) : item.choices));
  // Priced and checked again now (an input may have been deleted since), each with its choices.
  const plans = await planItems(
    ctx,
    user,
    batch.biz_type,
    (index) => itemParams(params, { choices: stored[index] ?? null }),
    items.map((i) => (JSON.parse(i.inputs) as Array<{ url: string }>).map((x) => x.url)),
  );
  const cost = plans.reduce((sum, p) => sum + p.cost, 0);
  await writeTransaction(ctx.db, async (trx) => {
    const now = Date.now();
    for (const [index, item] of items.entries()) {
      const taskId = crypto.randomUUID();
      const result = await trx
        .updateTable('batch_items')
        .set({
          state: 'queued',
          task_id: taskId,
          task_ids: JSON.stringify([...(JSON.parse(item.task_ids) as string[]), taskId]),
          checks: null,
          fixed: null,
          choices: stored[index] ?? null,
          updated_at: now,
        })
        .where('id', '=', item.id)
        .where('task_id', '=', item.task_id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new AppError('conflict');
      await chargeIn(trx, {
        userId: user.id,
        cost: plans[index]?.cost ?? 0,
        ...taskRef(taskId),
        note: batch.biz_type,
        groupRef: batchRef(batch.id),
      });
    }
    await trx
      .updateTable('batches')
      .set((eb) => ({ status: 'running', cost: eb('cost', '+', cost), updated_at: now, finished_at: null }))
      .where('id', '=', batch.id)
      .execute();
  });
  kickBatchRunner(ctx);
  return cost;
}

/** Runs the failed items again (charged again; refunded again if they fail). */
export async function retryBatch(ctx: AppContext, user: BatchUser, batchId: string): Promise<BatchView> {
  const batch = await findBatch(ctx, user.id, batchId);
  const items = (await itemsOf(ctx, batchId)).filter((i) => i.state === 'released');
  const tasks = new Map(
    (
      await tasksByIds(
        ctx.db,
        items.map((i) => i.task_id),
      )
    ).map((t) => [t.id, t]),
  );
  const failed = items.filter((i) => tasks.get(i.task_id)?.status === 'failed');
  if (failed.length === 0) throw new AppError('conflict');
  await rerun(ctx, user, batch, failed);
  return getBatch(ctx, user, batchId);
}

/**
 * Runs one finished item again (the grid's redo): charged like one more item. With `choices` (a
 * recipe that cuts, issue 44) the item runs with those keep/drop points from now on.
 */
export async function redoItem(
  ctx: AppContext,
  user: BatchUser,
  batchId: string,
  itemId: string,
  choices?: ItemChoices,
): Promise<BatchView> {
  const batch = await findBatch(ctx, user.id, batchId);
  if (choices && !CUTTING_BIZ_TYPES.has(batch.biz_type)) throw new AppError('badRequest', {}, { field: 'keep' });
  const item = (await itemsOf(ctx, batchId)).find((i) => i.id === itemId);
  if (!item) throw new AppError('notFound');
  const [task] = await tasksByIds(ctx.db, [item.task_id]);
  const finished = item.state === 'stopped' || (task && ['completed', 'failed', 'stopped'].includes(task.status));
  if (!finished) throw new AppError('conflict');
  await rerun(ctx, user, batch, [item], choices);
  return getBatch(ctx, user, batchId);
}

/** The file an item exports from for a preset: its fix for that preset, else its first output. */
export async function itemSource(ctx: AppContext, item: ItemRow, task: TaskRow | undefined, preset: string) {
  const fixed = item.fixed ? (JSON.parse(item.fixed) as StoredFix) : null;
  const key = fixed && fixed.preset === preset ? fixed.key : task ? parseOutputs(task)[0]?.key : undefined;
  if (!key) return null;
  const object = await ctx.storage.get(key);
  return object ? { key, data: object.data } : null;
}

/**
 * Checks an item's export against the batch's preset and stores the result (runner.ts, fixes). A
 * fresh result that fails a check its preset can fix (pure white at the edges, fill and margins,
 * size, format) is fixed at once (`autoFix`, issue 41): a batch run for a preset renders to that
 * preset's rules by construction, with no click per picture; the engine's output stays beside it.
 */
export async function checkItem(
  ctx: AppContext,
  batch: Pick<BatchRow, 'preset'>,
  item: ItemRow,
  task: TaskRow | undefined,
  autoFix = true,
) {
  let stored: StoredChecks = { checks: [], fixes: [] };
  if (batch.preset && task?.status === 'completed') {
    try {
      const preset = await presetByName(ctx.db, batch.preset);
      const source = await itemSource(ctx, item, task, preset.name);
      if (source) {
        const { checks, fixes } = await exportAndCheck(source.data, preset);
        stored = { checks, fixes };
        const fixed =
          autoFix && !item.fixed && fixes.length && checks.some((c) => !c.ok) ? await fixFor(source.data, preset) : null;
        if (fixed) {
          const again = await exportAndCheck(await storeFix(ctx, task, item, preset, fixed), preset);
          stored = { checks: again.checks, fixes: again.fixes };
        }
      }
    } catch (err) {
      // A picture that cannot be checked (or a preset an operator removed) shows no checks; the item still settles.
      ctx.log.warn({ err, itemId: item.id }, 'batch item check failed');
    }
  }
  await ctx.db
    .updateTable('batch_items')
    .set({ checks: JSON.stringify(stored), updated_at: Date.now() })
    .where('id', '=', item.id)
    .where('task_id', '=', item.task_id)
    .execute();
  return stored;
}

/**
 * The grid's one-click fix for an item's failing checks (re-frame, re-pad, re-encode, whiten):
 * the fixed picture is stored beside the output (the output stays) and checked again. Free: no
 * engine runs. A scene that is not white cannot be fixed (409).
 */
export async function fixItem(ctx: AppContext, user: BatchUser, batchId: string, itemId: string): Promise<BatchView> {
  const batch = await findBatch(ctx, user.id, batchId);
  if (!batch.preset) throw new AppError('badRequest', {}, { field: 'preset' });
  const preset = await presetByName(ctx.db, batch.preset);
  const item = (await itemsOf(ctx, batchId)).find((i) => i.id === itemId);
  if (!item) throw new AppError('notFound');
  const [task] = await tasksByIds(ctx.db, [item.task_id]);
  if (task?.status !== 'completed') throw new AppError('conflict');
  const output = parseOutputs(task)[0];
  const object = output ? await ctx.storage.get(output.key) : null;
  if (!object) throw new AppError('notFound');
  const fixed = await fixFor(object.data, preset);
  if (!fixed) throw new AppError('conflict');
  await storeFix(ctx, task, item, preset, fixed);
  const next = (await itemsOf(ctx, batchId)).find((i) => i.id === itemId) ?? item;
  await checkItem(ctx, batch, next, task, false);
  return getBatch(ctx, user, batchId);
}

/** Stores an item's fixed picture beside its output (served and deleted with its task); answers it. */
async function storeFix(ctx: AppContext, task: TaskRow, item: ItemRow, preset: { name: string; format: string }, fixed: Buffer) {
  const ext = preset.format === 'jpeg' ? 'jpg' : preset.format;
  const { key, url } = await ctx.storage.put(newKey('outputs', ext), fixed, `image/${preset.format}`);
  await attachTaskFile(ctx.db, task.id, task.user_id, key);
  // Delivered to the user: uploaded again, it is their own result (tasks/own-results.ts).
  await rememberResult(ctx.db, task.user_id, task.id, fixed);
  const old = item.fixed ? (JSON.parse(item.fixed) as StoredFix) : null;
  const value = JSON.stringify({ preset: preset.name, key, url } satisfies StoredFix);
  await ctx.db.updateTable('batch_items').set({ fixed: value, updated_at: Date.now() }).where('id', '=', item.id).execute();
  if (old && old.key !== key) {
    await detachTaskFile(ctx.db, old.key);
    await ctx.storage.delete(old.key).catch(() => undefined);
  }
  return fixed;
}

/**
 * POST /api/batches/:batchId/fix ("修复全部", issue 41): every available one-click fix of the batch's
 * preset applied to every completed item that fails a check, one after the other. Free (no engine
 * runs); an item whose picture cannot be fixed (a scene that is not white) keeps its checks.
 */
export async function fixBatch(ctx: AppContext, user: BatchUser, batchId: string): Promise<BatchView> {
  const batch = await findBatch(ctx, user.id, batchId);
  if (!batch.preset) throw new AppError('badRequest', {}, { field: 'preset' });
  for (const item of await itemsOf(ctx, batchId)) {
    const stored = item.checks ? (JSON.parse(item.checks) as StoredChecks) : null;
    if (!stored || stored.fixes.length === 0 || stored.checks.every((c) => c.ok)) continue;
    try {
      await fixItem(ctx, user, batchId, item.id);
    } catch (err) {
      if (!(err instanceof AppError && (err.key === 'conflict' || err.key === 'notFound'))) throw err;
    }
  }
  return getBatch(ctx, user, batchId);
}

/**
 * POST /api/batches/presets/:name/check: one of the user's own pictures (an upload or a task's
 * output, by its URL) checked as it is against a preset. Free, and nothing is stored.
 */
export async function checkPicture(
  ctx: AppContext,
  user: BatchUser,
  presetName: string,
  url: string,
): Promise<{ checks: Check[] }> {
  const preset = await presetByName(ctx.db, presetName, 'name');
  const picture = await findOwnPicture(ctx, user.id, url);
  if (!picture) throw new AppError('badRequest', {}, { field: 'url' });
  const object = await ctx.storage.get(picture.key);
  if (!object) throw new AppError('notFound');
  let m: Awaited<ReturnType<typeof measure>>;
  try {
    m = await measure(object.data, readsOverlays(preset.rules));
  } catch {
    // Stored but not a picture sharp can read (a file from before uploads were sniffed).
    throw new AppError('uploadTypeInvalid');
  }
  return { checks: checksOf(m, preset) };
}

/**
 * The batch's pictures exported for a preset as a ZIP, each checked against it, with
 * `manifest.csv` (source name, status, output files, size, bytes, checks) last. Built while it
 * streams: one picture in memory at a time.
 */
export async function batchZip(ctx: AppContext, user: BatchUser, batchId: string, presetName: string) {
  const batch = await findBatch(ctx, user.id, batchId);
  const preset = await presetByName(ctx.db, presetName);
  const items = await itemsOf(ctx, batchId);
  const tasks = new Map(
    (
      await tasksByIds(
        ctx.db,
        items.map((i) => i.task_id),
      )
    ).map((t) => [t.id, t]),
  );
  const ext = preset.format === 'jpeg' ? 'jpg' : preset.format;
  async function* entries(): AsyncGenerator<ZipEntry> {
    const rows = [['source_name', 'status', 'output_files', 'width', 'height', 'bytes', 'checks', 'failed']];
    for (const item of items) {
      const task = tasks.get(item.task_id);
      const status = itemStatus(item, tasks);
      const source = status === 'completed' ? await itemSource(ctx, item, task, preset.name) : null;
      if (!source) {
        rows.push([item.source_name, status, '', '', '', '', '', '']);
        continue;
      }
      const { file, checks } = await exportAndCheck(source.data, preset);
      const base = item.source_name.replace(/\.[A-Za-z0-9]+$/, '').replace(/[\\/:*?"<>|]/g, '_');
      const name = `${String(item.seq + 1).padStart(3, '0')}_${base}.${ext}`;
      yield { name, data: file };
      const size = checks
        .find((c) => c.rule === 'size')
        ?.detail.split(' ')[0]
        ?.split('x') ?? ['', ''];
      const failed = checks.filter((c) => !c.ok);
      rows.push([
        item.source_name,
        status,
        name,
        size[0] ?? '',
        size[1] ?? '',
        String(file.length),
        checks.map((c) => `${c.rule}:${c.ok ? 'ok' : 'fail'} ${c.detail}`).join('; '),
        failed.map((c) => c.rule).join(' '),
      ]);
    }
    // A byte-order mark so spreadsheet programs read the UTF-8 (Chinese file names) right.
    const csv = `\uFEFF${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
    yield { name: 'manifest.csv', data: Buffer.from(csv, 'utf8') };
  }
  return { filename: `batch-${batch.id.slice(0, 8)}-${preset.name}.zip`, stream: zipStream(entries()) };
}
