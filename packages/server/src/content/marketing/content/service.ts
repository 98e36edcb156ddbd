import crypto from 'node:crypto';
import {
  CONTENT_EDIT_MAX,
  type ContentGenerationStatus,
  type ContentItemStatus,
  type ContentStreamEvents,
  type ContentTaskParams,
  DAY_MS,
  type IdeaStyle,
  type Language,
  MAX_CONTENT_ITEMS,
  MKT_CONTENT,
  MKT_CONTENT_DRAFT,
  MKT_IDEA_PICTURE,
  type MktType,
  type OperationType,
  type Platform,
  type SocialMediaType,
  type TaskStatus,
  TITLE_LIMITS,
  VIDEO_PLATFORMS,
} from '@productimage/core';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../../platform/context.ts';
import type { Database } from '../../../platform/db/schema.ts';
import { writeTransaction } from '../../../platform/db/transaction.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { translate } from '../../../platform/http/i18n.ts';
import { tasksById } from '../../../studio/tasks/reads.ts';
import { createTask, stopUserTask } from '../../../studio/tasks/service.ts';
import { checkText, complianceOptions, personaWordsHit, titledText } from '../../compliance/service.ts';
import { type GenerationSource, searchForGeneration } from '../../knowledge/service.ts';
import { personaPromptFor, personaTabooWords } from '../../kos/persona-prompt.ts';
import { findReportRow, ownProductPicture } from '../ideas/service.ts';
import { type LiveKey, publish } from '../live.ts';
import { activeEngine } from '../writer/text-engine.ts';

export interface CreateContentInput {
  platforms: Platform[];
  socialMediaType: SocialMediaType;
  ideaStyle: IdeaStyle;
  mktType: MktType;
  marketDesc: string;
  productInfo: string;
  idea?: { title: string; content: string };
  reportId?: string;
  datasetIds?: string[];
  /** A KOS persona of the user's tenant to write as (kos/persona-prompt.ts); unknown ones are ignored. */
  personaId?: string;
  /** The user's product picture (their own file): each post's picture shows it cut out. */
  productImage?: string;
}

type User = { id: string; tenantId: string };
/** The key of its stream on the marketing hub (live.ts). */
export const contentKey = (id: string) => `content:${id}` as LiveKey<ContentStreamEvents>;

/** A content result's status from its task's (spec 001 §4: loading, then success, fail or stop). */
const STATUS_OF_TASK: Record<TaskStatus, ContentItemStatus> = {
  pending: 'loading',
  generating: 'loading',
  completed: 'success',
  failed: 'fail',
  stopped: 'stop',
};

/** The text type of the engine writing now: the price follows the engine, never the client. */
const contentType = async (ctx: AppContext) => ((await activeEngine(ctx)).engine ? MKT_CONTENT : MKT_CONTENT_DRAFT);

type GenMode = 're_generating' | 'continue_generating' | null;

/**
 * Starts one platform's text task for a result row and links them. The product picture goes along
 * as the task's input when the post has a picture (image-and-text and video posts). Writing a
 * result again (or continuing it) drops the user's edit of the old text: the new text replaces it.
 */
async function startItemTask(
  ctx: AppContext,
  user: User,
  itemId: number,
  params: ContentTaskParams,
  productImage?: string,
  genMode: GenMode = null,
): Promise<string> {
  const inputs = productImage && params.socialMediaType !== 'text' ? [productImage] : [];
  const { taskId, cost } = await createTask(ctx, user, { bizType: await contentType(ctx), params, inputs });
  await ctx.db
    .updateTable('content_items')
    .set({
      task_id: taskId,
      cost,
      gen_mode: genMode,
      ...(genMode ? { edited_title: null, edited_content: null, like_state: null, like_reason: null } : {}),
      updated_at: Date.now(),
    })
    .where('id', '=', itemId)
    .execute();
  return taskId;
}

const taskParams = (input: CreateContentInput, platform: Platform, lang: Language): ContentTaskParams => ({
  platform,
  socialMediaType: input.socialMediaType,
  ideaStyle: input.ideaStyle,
  mktType: input.mktType,
  marketDesc: input.marketDesc,
  productInfo: input.productInfo,
  idea: input.idea,
  references: [],
  lang,
});

/** What the writer gets from the recorded knowledge sources. */
const referencesOf = (sources: GenerationSource[] | undefined) => (sources ?? []).map((s) => s.text.slice(0, 1500));

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

export async function findContent(ctx: AppContext, userId: string, id: string) {
  const row = await ctx.db
    .selectFrom('content_tasks')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new AppError('notFound');
  return row;
}

/** Items of a content task with their tasks (status, text, data, error), oldest first. */
async function itemsWithTasks(ctx: AppContext, contentId: string) {
  const items = await ctx.db.selectFrom('content_items').selectAll().where('content_id', '=', contentId).orderBy('id').execute();
  const tasks = await tasksById(
    ctx.db,
    items.map((i) => i.task_id),
  );
  return items.map((i) => {
    const task = i.task_id ? tasks.get(i.task_id) : undefined;
    return {
      id: i.id,
      taskId: i.task_id,
      platform: i.platform,
      legacyStatus: i.status,
      legacyTitle: i.title,
      legacyContent: i.content,
      genImages: i.gen_images,
      like: i.like_state,
      likeReason: i.like_reason,
      editedTitle: i.edited_title,
      editedContent: i.edited_content,
      removedImages: i.removed_images,
      genMode: i.gen_mode,
      createdAt: i.created_at,
      taskStatus: task?.status ?? null,
      cost: task?.cost ?? null,
      text: task?.text ?? null,
      data: task?.data ?? null,
      error: task?.error ?? null,
      outputs: task?.outputs ?? null,
    };
  });
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

type StoredParams = CreateContentInput & {
  lang: Language;
  sources?: GenerationSource[];
  persona?: string;
  tabooWords?: string[];
};

const isRunning = (status: TaskStatus | null) => status === 'pending' || status === 'generating';

/** Starts a new text task for an existing result (newly charged); the old task stays in history. */
async function restartItem(
  ctx: AppContext,
  user: User,
  task: { id: string; params: string; engine: string },
  item: { id: number; platform: string },
  genMode: Exclude<GenMode, null>,
  avoid?: string[],
) {
  const params = JSON.parse(task.params) as StoredParams;
  await startItemTask(
    ctx,
    user,
    item.id,
    {
      ...taskParams(params, item.platform as Platform, params.lang ?? 'zh'),
      references: referencesOf(params.sources),
      persona: params.persona,
      tabooWords: params.tabooWords,
      ...(avoid?.length ? { avoid } : {}),
    },
    params.productImage,
    genMode,
  );
  const { name } = await activeEngine(ctx);
  if (task.engine !== name) await ctx.db.updateTable('content_tasks').set({ engine: name }).where('id', '=', task.id).execute();
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

/**
 * Deletes one picture of a result (spec 001 §7 "delete material image"): a picture made for the
 * post leaves its list; the post's own picture is remembered as removed. The files stay in the
 * user's history. A picture still being made cannot be deleted (stop it by deleting later).
 */
export async function removeItemPicture(ctx: AppContext, userId: string, id: string, itemId: number, pictureId: string) {
  await findContent(ctx, userId, id);
  const item = (await itemsWithTasks(ctx, id)).find((i) => i.id === itemId);
  if (!item) throw new AppError('notFound');
  const stored = JSON.parse(item.genImages) as StoredImage[];
  const removed = JSON.parse(item.removedImages) as string[];
  const shown = [...autoImages(item), ...(await resolveImages(ctx, stored))].filter((i) => !removed.includes(i.id));
  const picture = shown.find((i) => i.id === pictureId);
  if (!picture) throw new AppError('notFound');
  if (picture.status === 'loading') throw new AppError('conflict');
  await ctx.db
    .updateTable('content_items')
    .set({
      gen_images: JSON.stringify(stored.filter((s) => s.id !== pictureId)),
      removed_images: JSON.stringify(stored.some((s) => s.id === pictureId) ? removed : [...removed, pictureId]),
      updated_at: Date.now(),
    })
    .where('id', '=', itemId)
    .execute();
  publish(contentKey(id), { type: 'item' });
}

/** The generation status of a content task (spec 001 §4), from its results' tasks. */
function generationStatus(
  items: Array<{ taskId: string | null; taskStatus: TaskStatus | null; genMode: GenMode }>,
): ContentGenerationStatus {
  const running = items.filter((i) => isRunning(i.taskStatus) || !i.taskId);
  if (running.length) {
    if (running.every((i) => !i.taskId)) return 'pending';
    if (running.some((i) => i.genMode === 'continue_generating')) return 'continue_generating';
    if (running.some((i) => i.genMode === 're_generating')) return 're_generating';
    return 'generating';
  }
  return items.some((i) => i.taskStatus === 'completed') ? 'completed' : 'failed';
}

/**
 * A picture for one result (poster engine, a file task): listed in the result's genImages. It shows
 * the product cut out: the picture given now, else the one given with the content request.
 */
export async function itemPicture(
  ctx: AppContext,
  user: User,
  id: string,
  itemId: number,
  productImage?: string,
): Promise<string> {
  const content = await findContent(ctx, user.id, id);
  const product = productImage
    ? await ownProductPicture(ctx, user.id, productImage)
    : (JSON.parse(content.params) as CreateContentInput).productImage;
  const item = (await itemsWithTasks(ctx, id)).find((i) => i.id === itemId);
  if (!item) throw new AppError('notFound');
  const data = item.data ? (JSON.parse(item.data) as { title: string; content: string }) : null;
  if (item.taskStatus !== 'completed' || !data) throw new AppError('conflict');
  const { taskId } = await createTask(ctx, user, {
    bizType: MKT_IDEA_PICTURE,
    params: { title: data.title || item.platform, content: [...data.content].slice(0, 300).join('') },
    inputs: product ? [product] : [],
  });
  const images = JSON.parse(item.genImages) as StoredImage[];
  images.push({ id: taskId });
  await ctx.db
    .updateTable('content_items')
    .set({ gen_images: JSON.stringify(images), updated_at: Date.now() })
    .where('id', '=', itemId)
    .execute();
  publish(contentKey(id), { type: 'item' });
  return taskId;
}

/** A result's pictures are tasks; the row keeps their ids, the tasks their status and files. */
interface StoredImage {
  id: string;
}

const IMAGE_STATUS: Record<TaskStatus, string> = {
  pending: 'loading',
  generating: 'loading',
  completed: 'success',
  failed: 'fail',
  stopped: 'stop',
};

/** The result's own picture (an output of its text task, made with the post), when it completed. */
function autoImages(item: { taskId: string | null; taskStatus: TaskStatus | null; outputs: string | null }) {
  if (item.taskStatus !== 'completed' || !item.taskId) return [];
  return (JSON.parse(item.outputs ?? '[]') as Array<{ url: string; key: string; type: string }>)
    .filter((o) => o.type === 'image')
    .map((o, i) => ({ id: `${item.taskId}:${i}`, type: 'image', status: 'success', url: o.url, key: o.key as string | null }));
}

async function resolveImages(ctx: AppContext, stored: StoredImage[]) {
  if (!stored.length) return [];
  const rows = await tasksById(
    ctx.db,
    stored.map((s) => s.id),
  );
  return stored.map((s) => {
    const row = rows.get(s.id);
    const output = row?.status === 'completed' ? (JSON.parse(row.outputs) as Array<{ url: string; key: string }>)[0] : undefined;
    return {
      id: s.id,
      type: 'image',
      status: row ? IMAGE_STATUS[row.status] : 'fail',
      url: output?.url ?? '',
      key: output?.key ?? null,
    };
  });
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

export async function contentView(ctx: AppContext, userId: string, id: string, lang: Language) {
  const task = await findContent(ctx, userId, id);
  const items = await itemsWithTasks(ctx, id);
  const params = JSON.parse(task.params) as CreateContentInput & { tabooWords?: string[] };
  const personaWords = params.tabooWords ?? [];
  const checks = await complianceOptions(ctx.db, { tenantId: task.tenant_id, lang, personaWords });
  return {
    contentId: task.id,
    engine: task.engine,
    reportId: task.report_id,
    socialMediaType: task.social_media_type,
    idea: params.idea ?? null,
    productInfo: params.productInfo,
    /** Knowledge chunks the writer drew on (datasetIds), shown as the result's sources. */
    sources: ((params as { sources?: GenerationSource[] }).sources ?? []).map(
      ({ sourceName, text, score, datasetId, collectionId, snippet }) => ({
        sourceName,
        text,
        score,
        datasetId,
        collectionId,
        snippet,
      }),
    ),
    createdAt: task.created_at,
    generation: generationStatus(items),
    items: await Promise.all(
      items.map(async (i) => {
        const data = i.data ? (JSON.parse(i.data) as { title: string; content: string }) : null;
        const status: ContentItemStatus = i.taskStatus ? STATUS_OF_TASK[i.taskStatus] : i.taskId ? 'fail' : 'loading';
        const title = (status === 'success' ? i.editedTitle : null) ?? data?.title ?? '';
        const content = (status === 'success' ? i.editedContent : null) ?? data?.content ?? '';
        // Checked on what is shown (an edit is checked again), for the item's platform.
        const compliance = checkText(titledText(title, content), { ...checks, platform: i.platform as never }, lang);
        return {
          textId: i.id,
          taskId: i.taskId,
          platform: i.platform,
          status,
          socialMediaMarketingTitle: title,
          socialMediaMarketingContent: content,
          /** The user edited the post (spec 001 §7 "Save marketing material text"). */
          edited: status === 'success' && i.editedContent !== null,
          /** How the result's running or last task was started (null: the first writing). */
          genMode: i.genMode,
          /** The text streamed so far while loading. */
          streamedText: status === 'loading' ? (i.text ?? '') : null,
          genImages: [...autoImages(i), ...(await resolveImages(ctx, JSON.parse(i.genImages) as StoredImage[]))]
            .filter((image) => !(JSON.parse(i.removedImages) as string[]).includes(image.id))
            .map(({ key: _key, ...image }) => image),
          limits: TITLE_LIMITS[i.platform as Platform] ?? null,
          like: i.like,
          likeReason: i.likeReason,
          /** The persona's taboo words the shown text still contains (the compliance engine's personaWord hits). */
          tabooHits: personaWordsHit(titledText(title, content), personaWords),
          /** The compliance engine's verdict on `title + "\n" + content` (docs/compliance.md). */
          compliance,
          cost: i.cost ?? 0,
          error: status === 'fail' ? translate(lang, `errors:${i.error || 'generationFailed'}`) : null,
        };
      }),
    ),
  };
}

export async function listContent(ctx: AppContext, userId: string, lang: Language) {
  const rows = await ctx.db
    .selectFrom('content_tasks')
    .select('id')
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(MAX_CONTENT_ITEMS)
    .execute();
  const list = [];
  for (const row of rows) list.push(await contentView(ctx, userId, row.id, lang));
  return { list, total: list.length, max: MAX_CONTENT_ITEMS };
}

/** Per day: results made, likes and dislikes, and results per platform (deleted tasks included). */
/** Per day: results made, likes and dislikes, and results per platform (deleted tasks included). */
export async function contentStatistics(ctx: AppContext, userId: string, days: number, tzOffsetMinutes: number) {
  const since = Date.now() - days * DAY_MS;
  const items = await ctx.db
    .selectFrom('content_items')
    .select(['platform', 'task_id', 'like_state', 'created_at'])
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .execute();
  const tasks = await tasksById(
    ctx.db,
    items.map((i) => i.task_id),
  );
  const rows = items.map((i) => ({
    platform: i.platform,
    status: i.task_id ? (tasks.get(i.task_id)?.status ?? null) : null,
    like: i.like_state,
    createdAt: i.created_at,
  }));
  const byDay = new Map<string, { day: string; generated: number; likes: number; dislikes: number }>();
  const platforms: Record<string, number> = {};
  const dayOf = (t: number) => {
    const d = new Date(t - tzOffsetMinutes * 60_000);
    return `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}`;
  };
  for (let i = days - 1; i >= 0; i--) {
    const day = dayOf(Date.now() - i * DAY_MS);
    byDay.set(day, { day, generated: 0, likes: 0, dislikes: 0 });
  }
  for (const row of rows) {
    const entry = byDay.get(dayOf(Number(row.createdAt)));
    if (!entry) continue;
    const done = row.status === 'completed';
    if (done) entry.generated++;
    if (row.like === 'like') entry.likes++;
    if (row.like === 'dislike') entry.dislikes++;
    if (done) platforms[row.platform] = (platforms[row.platform] ?? 0) + 1;
  }
  return { days: [...byDay.values()], platforms };
}

/** The stored picture files of a content task's results, by result id (for the Word export). */
export async function resultPictureKeys(ctx: AppContext, contentId: string): Promise<Map<number, string[]>> {
  const keys = new Map<number, string[]>();
  for (const item of await itemsWithTasks(ctx, contentId)) {
    const removed = JSON.parse(item.removedImages) as string[];
    const images = [...autoImages(item), ...(await resolveImages(ctx, JSON.parse(item.genImages) as StoredImage[]))].filter(
      (i) => !removed.includes(i.id),
    );
    keys.set(
      item.id,
      images.flatMap((i) => (i.key ? [i.key] : [])),
    );
  }
  return keys;
}
