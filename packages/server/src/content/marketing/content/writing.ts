import { type ContentTaskParams, type Language, MKT_CONTENT, MKT_CONTENT_DRAFT, type Platform } from '@productimage/core';
import type { AppContext } from '../../../platform/context.ts';
import { createTask } from '../../../studio/tasks/service.ts';
import type { GenerationSource } from '../../knowledge/service.ts';
import { activeEngine } from '../writer/text-engine.ts';
import type { CreateContentInput, GenMode, StoredParams, User } from './records.ts';

/** Starting a result's text task: the first writing, a rewrite and a continuation all start here. */

/** The text type of the engine writing now: the price follows the engine, never the client. */
const contentType = async (ctx: AppContext) => ((await activeEngine(ctx)).engine ? MKT_CONTENT : MKT_CONTENT_DRAFT);

/**
 * Starts one platform's text task for a result row and links them. The product picture goes along
 * as the task's input when the post has a picture (image-and-text and video posts). Writing a
 * result again (or continuing it) drops the user's edit of the old text: the new text replaces it.
 */
export async function startItemTask(
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

export const taskParams = (input: CreateContentInput, platform: Platform, lang: Language): ContentTaskParams => ({
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
export const referencesOf = (sources: GenerationSource[] | undefined) => (sources ?? []).map((s) => s.text.slice(0, 1500));

/** Starts a new text task for an existing result (newly charged); the old task stays in history. */
export async function restartItem(
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
