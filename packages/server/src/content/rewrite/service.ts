import crypto from 'node:crypto';
import {
  bizTypeDefinition,
  HOT_ARTICLE_REWRITE,
  HOT_PIC_REWRITE,
  HOT_VIDEO_REWRITE,
  isTerminalStatus,
  type Language,
  type RewriteKind,
  type TaskStatus,
  THEME_ARTICLE_GEN,
} from '@productimage/core';
import { spendableBalance } from '../../commerce/points/balance.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ownedRow } from '../../platform/http/owned-row.ts';
import { tasksById } from '../../studio/tasks/reads.ts';
import { createTask, stopUserTask } from '../../studio/tasks/service.ts';
import { parseOutputs } from '../../studio/tasks/store.ts';
import type { ComplianceVerdict } from '../compliance/engine.ts';
import { checkText, complianceOptions, titledText } from '../compliance/service.ts';

/**
 * Rewrite batches (spec 001 §4): a submitted rewrite gets a batch id; each of its genNum items is a
 * text task of the platform (charged, streamed, stoppable, refunded as any task). The batch is
 * `running` while an item runs, `done` when all have ended; a new, unsubmitted rewrite is the
 * client's `new` placeholder. Regenerating an item starts a new task for it; cancelling stops the
 * running ones. A batch is visible only to its owner (another user gets notFound).
 */
type User = { id: string; tenantId: string };
type Params = Record<string, unknown>;

/** The business type each kind of rewrite runs on (text rewrites use the article engine). */
export const KIND_BIZ_TYPES: Record<RewriteKind, string> = {
  article: HOT_ARTICLE_REWRITE,
  text: HOT_ARTICLE_REWRITE,
  picture: HOT_PIC_REWRITE,
  video: HOT_VIDEO_REWRITE,
  topic: THEME_ARTICLE_GEN,
};

/** How the rewrite was given, kept with the batch (shown back on reload); free-form per kind. */
export type RewriteSource = Record<string, unknown>;

async function startItemTask(ctx: AppContext, user: User, kind: RewriteKind, params: Params, inputs: string[]): Promise<string> {
  const { taskId } = await createTask(ctx, user, { bizType: KIND_BIZ_TYPES[kind], params, inputs });
  return taskId;
}

/**
 * Submits a batch of genNum items. Priced kinds (pictures, scripts: 10 points each) are refused
 * before anything is charged when the points do not cover the whole batch; the first task is
 * created before any row, so a type without an engine is refused with nothing kept. Should a later
 * item still fail, the items already started are stopped (each refunded) and the batch removed.
 */
export async function createBatch(
  ctx: AppContext,
  user: User,
  kind: RewriteKind,
  params: Params,
  genNum: number,
  source: RewriteSource,
  inputs: string[] = [],
  lang: Language = 'zh',
): Promise<string> {
  const bizType = KIND_BIZ_TYPES[kind];
  if (!ctx.tasks.engines.route(bizType)) throw new AppError('engineNotConfigured');
  const unit = bizTypeDefinition(bizType)?.cost(params, inputs.length) ?? 0;
  if (unit > 0 && (await spendableBalance(ctx.db, user.id)) < unit * genNum) throw new AppError('notEnoughCoins');
  const batchId = crypto.randomUUID();
  const first = await startItemTask(ctx, user, kind, params, inputs);
  await ctx.db
    .insertInto('rewrite_batches')
    .values({
      id: batchId,
      user_id: user.id,
      tenant_id: user.tenantId,
      kind,
      input: JSON.stringify({ params, inputs, ...source }),
      created_at: Date.now(),
    })
    .execute();
  const taskIds = [first];
  try {
    for (let i = 1; i < genNum; i++) taskIds.push(await startItemTask(ctx, user, kind, params, inputs));
  } catch (err) {
    for (const taskId of taskIds) await stopUserTask(ctx, user.id, taskId, lang).catch(() => undefined);
    await ctx.db.deleteFrom('rewrite_batches').where('id', '=', batchId).execute();
    throw err;
  }
  await ctx.db
    .insertInto('rewrite_items')
    .values(
      taskIds.map((taskId, position) => ({
        id: crypto.randomUUID(),
        batch_id: batchId,
        position,
        task_id: taskId,
        liked: null,
        dislike_reason: null,
      })),
    )
    .execute();
  return batchId;
}

const ownBatch = (ctx: AppContext, userId: string, batchId: string) =>
  ownedRow(ctx.db, 'rewrite_batches', batchId, { user_id: userId });

export interface RewriteItemView {
  itemId: string;
  taskId: string;
  status: TaskStatus;
  text: string;
  title: string;
  content: string;
  error: string | null;
  liked: boolean | null;
  dislikeReason: string | null;
  /** The engine that made it (`topic-offline` drafts are labelled as template drafts). */
  engine: string;
  /** Pictures (picture rewrites). */
  pictures: string[];
  /** The structured result: `{ title, content }` of text kinds, `{ title, shots }` of a video script; null for pictures. */
  data: {
    title?: string;
    content?: string;
    shots?: Array<{ shot: number; picture: string; line: string; duration: number }>;
  } | null;
  /** The compliance engine's verdict on `checkedText` (docs/compliance.md). */
  compliance: ComplianceVerdict;
}

/**
 * What a rewrite result's verdict is computed on: a text kind's `title + "\n" + content`, a
 * video script's title and shot lines one a line, else the task's text.
 */
export function checkedText(item: { text: string; title: string; content: string; data: RewriteItemView['data'] }): string {
  if (item.data?.shots) return [item.data.title ?? '', ...item.data.shots.map((s) => s.line)].join('\n');
  if (item.title || item.content) return titledText(item.title, item.content);
  return item.text;
}

/** The submitted form as shown back: the fields of the batch's kind (core rewrite params and the source). */
export interface RewriteInputView {
  [field: string]: string | number | string[] | Array<{ start: number; end: number; frame: string | null }> | undefined;
}

export interface RewriteBatchView {
  batchId: string;
  kind: string;
  state: 'running' | 'done';
  createdAt: number;
  input: RewriteInputView;
  items: RewriteItemView[];
}

export async function getBatch(ctx: AppContext, userId: string, batchId: string, lang?: Language): Promise<RewriteBatchView> {
  const batch = await ownBatch(ctx, userId, batchId);
  const { params, ...source } = JSON.parse(batch.input) as { params: Params } & RewriteSource;
  const shownIn: Language = lang ?? ((params as { lang?: string }).lang === 'en' ? 'en' : 'zh');
  const checks = await complianceOptions(ctx.db, {
    tenantId: batch.tenant_id,
    lang: shownIn,
    platform: (params as { platform?: string }).platform,
  });
  const itemRows = await ctx.db
    .selectFrom('rewrite_items')
    .select(['id', 'task_id', 'liked', 'dislike_reason'])
    .where('batch_id', '=', batchId)
    .orderBy('position')
    .execute();
  const tasks = await tasksById(
    ctx.db,
    itemRows.map((r) => r.task_id),
  );
  // An item whose task is gone is not shown.
  const rows = itemRows.flatMap((r) => {
    const task = tasks.get(r.task_id);
    return task
      ? [
          {
            itemId: r.id,
            taskId: r.task_id,
            liked: r.liked,
            dislikeReason: r.dislike_reason,
            status: task.status,
            text: task.text,
            data: task.data,
            error: task.error,
            engine: task.engine,
            outputs: task.outputs,
          },
        ]
      : [];
  });
  const items = rows.map((r) => {
    const data = r.data ? (JSON.parse(r.data) as RewriteItemView['data']) : null;
    const shown = { text: r.text ?? '', title: data?.title ?? '', content: data?.content ?? '', data };
    return {
      compliance: checkText(checkedText(shown), checks, shownIn),
      itemId: r.itemId,
      taskId: r.taskId,
      status: r.status,
      text: r.text ?? '',
      title: data?.title ?? '',
      content: data?.content ?? '',
      error: r.error,
      liked: r.liked === null ? null : r.liked === 1,
      dislikeReason: r.dislikeReason,
      engine: r.engine,
      pictures: parseOutputs(r)
        .filter((o) => o.type === 'image')
        .map((o) => o.url),
      data,
    };
  });
  return {
    batchId,
    kind: batch.kind,
    state: items.some((i) => !isTerminalStatus(i.status)) ? 'running' : 'done',
    createdAt: Number(batch.created_at),
    input: { ...params, ...source } as RewriteInputView,
    items,
  };
}

/** The user's batches (of one kind when given), newest first (the open batch is usually the first). */
export async function listBatches(ctx: AppContext, userId: string, limit = 20, kind?: RewriteKind) {
  let query = ctx.db.selectFrom('rewrite_batches').select(['id', 'kind', 'created_at']).where('user_id', '=', userId);
  if (kind) query = query.where('kind', '=', kind);
  const rows = await query.orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map((r) => ({ batchId: r.id, kind: r.kind, createdAt: Number(r.created_at) }));
}

async function ownItem(ctx: AppContext, userId: string, batchId: string, itemId: string) {
  await ownBatch(ctx, userId, batchId);
  return ownedRow(ctx.db, 'rewrite_items', itemId, { batch_id: batchId });
}

/** Regenerates one item (batchId, itemId): a new task replaces the item's result and its rating. */
export async function regenerateItem(ctx: AppContext, user: User, batchId: string, itemId: string): Promise<void> {
  const batch = await ownBatch(ctx, user.id, batchId);
  await ownItem(ctx, user.id, batchId, itemId);
  const { params, inputs } = JSON.parse(batch.input) as { params: Params; inputs?: string[] };
  const taskId = await startItemTask(ctx, user, batch.kind as RewriteKind, params, inputs ?? []);
  await ctx.db
    .updateTable('rewrite_items')
    .set({ task_id: taskId, liked: null, dislike_reason: null })
    .where('id', '=', itemId)
    .execute();
}

/** Cancels a batch: every running item stops (each with its one refund). */
export async function cancelBatch(ctx: AppContext, userId: string, batchId: string, lang: Language): Promise<void> {
  const view = await getBatch(ctx, userId, batchId);
  for (const item of view.items) if (!isTerminalStatus(item.status)) await stopUserTask(ctx, userId, item.taskId, lang);
}

export async function rateItem(
  ctx: AppContext,
  userId: string,
  batchId: string,
  itemId: string,
  liked: boolean,
  reason: string | null,
) {
  await ownItem(ctx, userId, batchId, itemId);
  await ctx.db
    .updateTable('rewrite_items')
    .set({ liked: liked ? 1 : 0, dislike_reason: liked ? null : reason })
    .where('id', '=', itemId)
    .execute();
}

/** Deletes a batch (the client then starts a new one); running items are stopped first. */
export async function deleteBatch(ctx: AppContext, userId: string, batchId: string, lang: Language): Promise<void> {
  await cancelBatch(ctx, userId, batchId, lang);
  await ctx.db.deleteFrom('rewrite_batches').where('id', '=', batchId).where('user_id', '=', userId).execute();
}
