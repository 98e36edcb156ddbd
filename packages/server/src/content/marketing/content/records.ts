import type {
  ContentStreamEvents,
  IdeaStyle,
  Language,
  MktType,
  Platform,
  SocialMediaType,
  TaskStatus,
} from '@productimage/core';
import type { AppContext } from '../../../platform/context.ts';
import { ownedRow } from '../../../platform/http/owned-row.ts';
import { tasksById } from '../../../studio/tasks/reads.ts';
import type { GenerationSource } from '../../knowledge/service.ts';
import type { LiveKey } from '../live.ts';

/**
 * A content task's rows as the other content files read them: the task (the user's own, or
 * notFound) and its results joined in memory with their text tasks; the form it was made from.
 */

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

/** The form as stored with the task, with what was found for it before anything was charged. */
export type StoredParams = CreateContentInput & {
  lang: Language;
  sources?: GenerationSource[];
  persona?: string;
  tabooWords?: string[];
};

export type User = { id: string; tenantId: string };
/** The key of its stream on the marketing hub (live.ts). */
export const contentKey = (id: string) => `content:${id}` as LiveKey<ContentStreamEvents>;

/** How a result's running (or last) task was started: null the first writing. */
export type GenMode = 're_generating' | 'continue_generating' | null;

export const isRunning = (status: TaskStatus | null) => status === 'pending' || status === 'generating';

/** The user's own content task (not deleted), or notFound. */
export async function findContent(ctx: AppContext, userId: string, id: string) {
  return ownedRow(ctx.db, 'content_tasks', id, { user_id: userId, deleted_at: null });
}

/** Items of a content task with their tasks (status, text, data, error), oldest first. */
export async function itemsWithTasks(ctx: AppContext, contentId: string) {
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

/** A result with its task, as itemsWithTasks answers it. */
export type ItemWithTask = Awaited<ReturnType<typeof itemsWithTasks>>[number];
