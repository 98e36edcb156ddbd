import crypto from 'node:crypto';
import {
  CONTENT_EDIT_MAX,
  type Language,
  MAX_CONTENT_ITEMS,
  type OperationType,
  type Platform,
  TITLE_LIMITS,
  VIDEO_PLATFORMS,
} from '@productimage/core';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../../platform/context.ts';
import type { Database } from '../../../platform/db/schema.ts';
import { writeTransaction } from '../../../platform/db/transaction.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { stopUserTask } from '../../../studio/tasks/service.ts';
import { searchForGeneration } from '../../knowledge/service.ts';
import { personaPromptFor, personaTabooWords } from '../../kos/persona-prompt.ts';
import { findReportRow } from '../ideas/service.ts';
import { publish } from '../live.ts';
import { ownProductPicture } from '../product-picture.ts';
import { activeEngine } from '../writer/text-engine.ts';
import {
  type CreateContentInput,
  contentKey,
  findContent,
  type GenMode,
  isRunning,
  itemsWithTasks,
  type User,
} from './records.ts';
import { contentView } from './view.ts';
import { referencesOf, restartItem, startItemTask, taskParams } from './writing.ts';

/**
 * Content tasks (spec 001 §4 to §7): made for several platforms at once, each result a text task
 * of the task platform; stopped, written again, continued, edited, liked and deleted here. The
 * views are view.ts, the pictures pictures.ts, the rows records.ts.
 */

/**
 * Creates a content task: one text task per platform on the task platform (charged, queued,
 * streamed, stoppable with one refund each), refused when the user already keeps 10. If a task
 * cannot be started (points short), the ones already started are stopped (refunded) and nothing
 * is kept.
 */
export async function createContent(ctx: AppContext, user: User, input: CreateContentInput, lang: Language): Promise<string> {
  if (input.reportId) await findReportRow(ctx, user.id, input.reportId);
  // The product picture must be the user's own, found before anything is charged; kept unsigned.
  if (input.productImage) input = { ...input, productImage: await ownProductPicture(ctx, user.id, input.productImage) };
  // Knowledge the user picked: found before anything is charged (foreign datasets are not found).
  const sources = input.datasetIds?.length
    ? await searchForGeneration(
        ctx,
        user,
        input.datasetIds,
        [input.productInfo, input.marketDesc, input.idea?.title ?? ''].join(' '),
        5,
      )
    : [];
  const persona = input.personaId ? ((await personaPromptFor(ctx, user.tenantId, input.personaId)) ?? undefined) : undefined;
  const tabooWords = input.personaId ? await personaTabooWords(ctx, user.tenantId, input.personaId) : [];
  const { name } = await activeEngine(ctx);
  const platforms = [...new Set(input.platforms)];
  // Spec 001 §9: video posts are for douyin only.
  if (input.socialMediaType === 'video' && platforms.some((p) => !VIDEO_PLATFORMS.includes(p)))
    throw new AppError('contentVideoPlatform');
  const id = crypto.randomUUID();
  const itemIds = await writeTransaction(ctx.db, async (trx) => {
    const count = await trx
      .selectFrom('content_tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_CONTENT_ITEMS) throw new AppError('contentLimitReached');
    await trx
      .insertInto('content_tasks')
      .values({
        id,
        user_id: user.id,
        tenant_id: user.tenantId,
        engine: name,
        params: JSON.stringify({ ...input, platforms, lang, sources, persona, tabooWords }),
        report_id: input.reportId ?? null,
        social_media_type: input.socialMediaType,
        created_at: Date.now(),
        deleted_at: null,
      })
      .execute();
    const ids: number[] = [];
    for (const platform of platforms) ids.push(await insertItem(trx, user, id, platform));
    return ids;
  });
  const started: string[] = [];
  try {
    for (const [i, itemId] of itemIds.entries())
      started.push(
        await startItemTask(
          ctx,
          user,
          itemId,
          {
            ...taskParams(input, platforms[i] as Platform, lang),
            references: referencesOf(sources),
            persona,
            tabooWords,
          },
          input.productImage,
        ),
      );
  } catch (err) {
    for (const taskId of started) await stopUserTask(ctx, user.id, taskId, lang).catch(() => undefined);
    await ctx.db.deleteFrom('content_tasks').where('id', '=', id).execute();
    throw err;
  }
  publish(contentKey(id), { type: 'item' });
  return id;
}

async function insertItem(trx: Transaction<Database>, user: User, contentId: string, platform: Platform): Promise<number> {
  const now = Date.now();
  const row = await trx
    .insertInto('content_items')
    .values({
      content_id: contentId,
      user_id: user.id,
      task_id: null,
      platform,
      status: 'loading',
      title: '',
      content: '',
      gen_images: '[]',
      error: null,
      cost: 0,
      tokens: 0,
      like_state: null,
      like_reason: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Stops the loading results of a content task: each task stops with its one refund (task platform). */
export async function stopContent(
  ctx: AppContext,
  userId: string,
  id: string,
  lang: Language = 'zh',
): Promise<{ refunded: number }> {
  await findContent(ctx, userId, id);
  let refunded = 0;
  let stopped = 0;
  for (const item of await itemsWithTasks(ctx, id)) {
    if (!item.taskId || (item.taskStatus !== 'pending' && item.taskStatus !== 'generating')) continue;
    try {
      const view = await stopUserTask(ctx, userId, item.taskId, lang);
      stopped++;
      refunded += view.cost;
    } catch (err) {
      // Finished meanwhile: nothing to stop or refund.
      if (!(err instanceof AppError && err.key === 'taskNotStoppable')) throw err;
    }
  }
  if (!stopped) throw new AppError('marketingNotStoppable');
  publish(contentKey(id), { type: 'item' });
  return { refunded };
}

/**
 * Writes one platform's result again as a new text task (newly charged). A finished result is
 * `re_generating`; a stopped or failed one is taken up again (`continue_generating`).
 */
export async function regenerateItem(
  ctx: AppContext,
  user: User,
  id: string,
  itemId: number,
  options: { safely?: boolean; lang?: Language } = {},
): Promise<number> {
  const task = await findContent(ctx, user.id, id);
  const item = (await itemsWithTasks(ctx, id)).find((i) => i.id === itemId);
  if (!item) throw new AppError('notFound');
  if (isRunning(item.taskStatus)) throw new AppError('conflict');
  // "Rewrite safely": the phrases of the shown version the engine flags, found here (not taken from the client).
  const avoid = options.safely
    ? [
        ...new Set(
          (await contentView(ctx, user.id, id, options.lang ?? 'zh')).items
            .find((i) => i.textId === itemId)
            ?.compliance.hits.map((h) => h.text) ?? [],
        ),
      ]
    : undefined;
  await restartItem(ctx, user, task, item, item.taskStatus === 'completed' ? 're_generating' : 'continue_generating', avoid);
  publish(contentKey(id), { type: 'item' });
  return itemId;
}

/**
 * "Continue generating" (spec 001 §4 `continue_generating`): every stopped or failed result of the
 * task gets a new text task (each charged; refunded again on a stop or failure). If one cannot be
 * started (coins short) the ones started by this call are stopped and refunded.
 */
export async function continueContent(ctx: AppContext, user: User, id: string, lang: Language): Promise<number[]> {
  const task = await findContent(ctx, user.id, id);
  const items = (await itemsWithTasks(ctx, id)).filter(
    (i) => i.taskStatus === 'stopped' || i.taskStatus === 'failed' || (!i.taskId && i.legacyStatus !== 'success'),
  );
  if (!items.length || (await itemsWithTasks(ctx, id)).some((i) => isRunning(i.taskStatus)))
    throw new AppError('contentNothingToContinue');
  const started: Array<{ itemId: number; taskId: string | null; before: GenMode }> = [];
  try {
    for (const item of items) {
      await restartItem(ctx, user, task, item, 'continue_generating');
      started.push({ itemId: item.id, taskId: item.taskId, before: item.genMode });
    }
  } catch (err) {
    for (const s of started) {
      const row = await ctx.db.selectFrom('content_items').select('task_id').where('id', '=', s.itemId).executeTakeFirst();
      if (row?.task_id) await stopUserTask(ctx, user.id, row.task_id, lang).catch(() => undefined);
    }
    throw err;
  }
  publish(contentKey(id), { type: 'item' });
  return items.map((i) => i.id);
}

/**
 * Saves the user's edit of a finished post (spec 001 §7 "Save marketing material text"), within the
 * platform's limits (douyin and xiaohongshu 20 / 1000; weibo and wechat CONTENT_EDIT_MAX).
 */
export async function editItem(
  ctx: AppContext,
  userId: string,
  id: string,
  itemId: number,
  text: { title: string; content: string },
): Promise<void> {
  await findContent(ctx, userId, id);
  const item = (await itemsWithTasks(ctx, id)).find((i) => i.id === itemId);
  if (!item) throw new AppError('notFound');
  if (item.taskStatus !== 'completed') throw new AppError('conflict');
  const limits = TITLE_LIMITS[item.platform as Platform] ?? CONTENT_EDIT_MAX;
  const title = text.title.trim();
  const content = text.content.trim();
  if ([...title].length > limits.title) throw new AppError('contentTitleTooLong', { max: limits.title });
  if ([...content].length > limits.content) throw new AppError('contentBodyTooLong', { max: limits.content });
  if (!content) throw new AppError('badRequest');
  await ctx.db
    .updateTable('content_items')
    .set({ edited_title: title, edited_content: content, updated_at: Date.now() })
    .where('id', '=', itemId)
    .execute();
  publish(contentKey(id), { type: 'item' });
}

export async function deleteContent(ctx: AppContext, userId: string, id: string): Promise<void> {
  await findContent(ctx, userId, id);
  await stopContent(ctx, userId, id).catch((err) => {
    if (!(err instanceof AppError && err.key === 'marketingNotStoppable')) throw err;
  });
  await ctx.db.updateTable('content_tasks').set({ deleted_at: Date.now() }).where('id', '=', id).execute();
}

/** Like or dislike (with a reason) one result; `null` cancels the operation. */
export async function operateItem(
  ctx: AppContext,
  userId: string,
  id: string,
  itemId: number,
  operation: OperationType | null,
  reason?: string,
) {
  await findContent(ctx, userId, id);
  const result = await ctx.db
    .updateTable('content_items')
    .set({ like_state: operation, like_reason: operation === 'dislike' ? (reason ?? null) : null, updated_at: Date.now() })
    .where('id', '=', itemId)
    .where('content_id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError('notFound');
}
