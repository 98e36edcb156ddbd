import {
  type ContentGenerationStatus,
  type ContentItemStatus,
  type Language,
  MAX_CONTENT_ITEMS,
  type Platform,
  type TaskStatus,
  TITLE_LIMITS,
} from '@productimage/core';
import type { AppContext } from '../../../platform/context.ts';
import { translate } from '../../../platform/http/i18n.ts';
import { checkText, complianceOptions, personaWordsHit, titledText } from '../../compliance/service.ts';
import { shownSources } from '../schemas.ts';
import { shownPictures } from './pictures.ts';
import { findContent, type GenMode, isRunning, itemsWithTasks, type StoredParams } from './records.ts';

/** A content result's status from its task's (spec 001 §4: loading, then success, fail or stop). */
const STATUS_OF_TASK: Record<TaskStatus, ContentItemStatus> = {
  pending: 'loading',
  generating: 'loading',
  completed: 'success',
  failed: 'fail',
  stopped: 'stop',
};

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

/** A content task as its routes answer it (GET /content/:id and the stream's snapshots). */
export async function contentView(ctx: AppContext, userId: string, id: string, lang: Language) {
  const task = await findContent(ctx, userId, id);
  const items = await itemsWithTasks(ctx, id);
  const params = JSON.parse(task.params) as StoredParams;
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
    sources: shownSources(params.sources),
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
          genImages: (await shownPictures(ctx, i)).map(({ key: _key, ...image }) => image),
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

/** The user's content tasks, newest first (at most MAX_CONTENT_ITEMS are kept). */
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
