import crypto from 'node:crypto';
import {
  type ArticleRewriteParams,
  HOT_ARTICLE_REWRITE,
  isTerminalStatus,
  type Language,
  type TaskStatus,
} from '@productimage/core';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { createTask, stopUserTask } from '../tasks/service.ts';

/**
 * Rewrite batches (spec 001 §4): a submitted rewrite gets a batch id; each of its genNum items is a
 * text task of the platform (charged, streamed, stoppable, refunded as any task). The batch is
 * `running` while an item runs, `done` when all have ended; a new, unsubmitted rewrite is the
 * client's `new` placeholder. Regenerating an item starts a new task for it; cancelling stops the
 * running ones. A batch is visible only to its owner (another user gets notFound).
 */
type User = { id: string; tenantId: string };

export interface RewriteSource {
  inputType: 1 | 2;
  xhsUrl: string;
  images: string[];
}

async function startItemTask(ctx: AppContext, user: User, params: ArticleRewriteParams): Promise<string> {
  const { taskId } = await createTask(ctx, user, { bizType: HOT_ARTICLE_REWRITE, params, inputs: [] });
  return taskId;
}

export async function createBatch(
  ctx: AppContext,
  user: User,
  params: ArticleRewriteParams,
  genNum: number,
  source: RewriteSource,
): Promise<string> {
  const batchId = crypto.randomUUID();
  // The first task is created before any row: a type without an engine is refused here, nothing kept.
  const first = await startItemTask(ctx, user, params);
  await ctx.db
    .insertInto('rewrite_batches')
    .values({
      id: batchId,
      user_id: user.id,
      tenant_id: user.tenantId,
      kind: 'article',
      input: JSON.stringify({ params, ...source }),
      created_at: Date.now(),
    })
    .execute();
  const taskIds = [first];
  for (let i = 1; i < genNum; i++) taskIds.push(await startItemTask(ctx, user, params));
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

async function ownBatch(ctx: AppContext, userId: string, batchId: string) {
  const row = await ctx.db
    .selectFrom('rewrite_batches')
    .selectAll()
    .where('id', '=', batchId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('notFound');
  return row;
}

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
}

export interface RewriteBatchView {
  batchId: string;
  kind: string;
  state: 'running' | 'done';
  createdAt: number;
  input: ArticleRewriteParams & { inputType: 1 | 2; xhsUrl: string; images: string[] };
  items: RewriteItemView[];
}

export async function getBatch(ctx: AppContext, userId: string, batchId: string): Promise<RewriteBatchView> {
  const batch = await ownBatch(ctx, userId, batchId);
  const rows = await ctx.db
    .selectFrom('rewrite_items')
    .innerJoin('tasks', 'tasks.id', 'rewrite_items.task_id')
    .select([
      'rewrite_items.id as itemId',
      'rewrite_items.task_id as taskId',
      'rewrite_items.liked as liked',
      'rewrite_items.dislike_reason as dislikeReason',
      'tasks.status as status',
      'tasks.text as text',
      'tasks.data as data',
      'tasks.error as error',
    ])
    .where('rewrite_items.batch_id', '=', batchId)
    .orderBy('rewrite_items.position')
    .execute();
  const items = rows.map((r) => {
    const data = r.data ? (JSON.parse(r.data) as { title?: string; content?: string }) : {};
    return {
      itemId: r.itemId,
      taskId: r.taskId,
      status: r.status,
      text: r.text ?? '',
      title: data.title ?? '',
      content: data.content ?? '',
      error: r.error,
      liked: r.liked === null ? null : r.liked === 1,
      dislikeReason: r.dislikeReason,
    };
  });
  const { params, ...source } = JSON.parse(batch.input) as { params: ArticleRewriteParams } & RewriteSource;
  return {
    batchId,
    kind: batch.kind,
    state: items.some((i) => !isTerminalStatus(i.status)) ? 'running' : 'done',
    createdAt: Number(batch.created_at),
    input: { ...params, ...source },
    items,
  };
}

/** The user's batches, newest first (the open batch is usually the first). */
export async function listBatches(ctx: AppContext, userId: string, limit = 20) {
  const rows = await ctx.db
    .selectFrom('rewrite_batches')
    .select(['id', 'kind', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ batchId: r.id, kind: r.kind, createdAt: Number(r.created_at) }));
}

async function ownItem(ctx: AppContext, userId: string, batchId: string, itemId: string) {
  await ownBatch(ctx, userId, batchId);
  const item = await ctx.db
    .selectFrom('rewrite_items')
    .selectAll()
    .where('id', '=', itemId)
    .where('batch_id', '=', batchId)
    .executeTakeFirst();
  if (!item) throw new AppError('notFound');
  return item;
}

/** Regenerates one item (batchId, itemId): a new task replaces the item's result and its rating. */
export async function regenerateItem(ctx: AppContext, user: User, batchId: string, itemId: string): Promise<void> {
  const batch = await ownBatch(ctx, user.id, batchId);
  await ownItem(ctx, user.id, batchId, itemId);
  const { params } = JSON.parse(batch.input) as { params: ArticleRewriteParams };
  const taskId = await startItemTask(ctx, user, params);
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
