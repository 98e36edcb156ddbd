import crypto from 'node:crypto';
import {
  CONTENT_COST_PER_PLATFORM,
  type ContentItemStatus,
  type IdeaStyle,
  type Language,
  MAX_CONTENT_ITEMS,
  type MktType,
  type OperationType,
  type Platform,
  type SocialMediaType,
  TITLE_LIMITS,
} from '@productimage/core';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import { translate } from '../../http/i18n.ts';
import { chargeIn, refundIn } from '../../points/ledger.ts';
import { failureKey } from '../engine-error.ts';
import { findReportRow } from '../ideas/service.ts';
import { abortRun, endRun, publish, StoppedByUser, startRun } from '../live.ts';
import { activeEngine } from '../text-engine.ts';
import { writeContent } from '../writer/steps.ts';

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
}

type User = { id: string; tenantId: string };
const REF = 'content_item';
export const contentKey = (id: string) => `content:${id}`;

interface ItemRow {
  id: number;
  content_id: string;
  platform: string;
  status: ContentItemStatus;
}

async function insertItem(trx: Transaction<Database>, user: User, contentId: string, platform: Platform, cost: number): Promise<number> {
  const now = Date.now();
  const row = await trx
    .insertInto('content_items')
    .values({
      content_id: contentId,
      user_id: user.id,
      platform,
      status: 'loading',
      title: '',
      content: '',
      gen_images: '[]',
      error: null,
      cost,
      tokens: 0,
      like_state: null,
      like_reason: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await chargeIn(trx, { userId: user.id, cost, refType: REF, refId: String(id), note: `content ${platform}` });
  return id;
}

/**
 * Creates a content task: one result per platform, each charged on its own (so a stop or a
 * failure returns exactly that item's points), refused when the user already keeps 10.
 */
export async function createContent(ctx: AppContext, user: User, input: CreateContentInput, lang: Language): Promise<string> {
  if (input.reportId) await findReportRow(ctx, user.id, input.reportId);
  const { name, engine } = activeEngine(ctx);
  const cost = engine ? CONTENT_COST_PER_PLATFORM : 0;
  const platforms = [...new Set(input.platforms)];
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
        params: JSON.stringify({ ...input, platforms, lang }),
        report_id: input.reportId ?? null,
        social_media_type: input.socialMediaType,
        created_at: Date.now(),
        deleted_at: null,
      })
      .execute();
    const ids: number[] = [];
    for (const platform of platforms) ids.push(await insertItem(trx, user, id, platform, cost));
    return ids;
  });
  for (const [i, itemId] of itemIds.entries()) void runItem(ctx, id, itemId, platforms[i] as Platform, { ...input, lang });
  return id;
}

const itemKey = (itemId: number) => `content-item:${itemId}`;

async function runItem(ctx: AppContext, contentId: string, itemId: number, platform: Platform, input: CreateContentInput & { lang: Language }) {
  const key = itemKey(itemId);
  const controller = startRun(key);
  const { engine } = activeEngine(ctx);
  let tokens = 0;
  try {
    const draft = await writeContent(
      { ...input, platform },
      {
        engine,
        signal: controller.signal,
        onDelta: (text, restart) => publish(contentKey(contentId), { type: restart ? 'restart' : 'delta', itemId, text }),
        onTokens: (n) => {
          tokens += n;
        },
      },
    );
    await ctx.db
      .updateTable('content_items')
      .set({ status: 'success', title: draft.title, content: draft.content, tokens, updated_at: Date.now() })
      .where('id', '=', itemId)
      .where('status', '=', 'loading')
      .execute();
  } catch (err) {
    if (!(controller.signal.reason instanceof StoppedByUser)) {
      ctx.log.warn({ err, contentId, itemId }, 'content generation failed');
      await writeTransaction(ctx.db, async (trx) => {
        const result = await trx
          .updateTable('content_items')
          .set({ status: 'fail', error: failureKey(err), tokens, updated_at: Date.now() })
          .where('id', '=', itemId)
          .where('status', '=', 'loading')
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) > 0) await refundIn(trx, { refType: REF, refId: String(itemId), note: 'content failed' });
      });
    }
  } finally {
    endRun(key);
    publish(contentKey(contentId), { type: 'item', itemId });
  }
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

/** Stops the loading items of a content task: each becomes `stop` and its points come back, in one transaction. */
export async function stopContent(ctx: AppContext, userId: string, id: string): Promise<{ refunded: number }> {
  await findContent(ctx, userId, id);
  const { stopped, refunded } = await writeTransaction(ctx.db, async (trx) => {
    const loading = await trx.selectFrom('content_items').select('id').where('content_id', '=', id).where('status', '=', 'loading').execute();
    let amount = 0;
    const ids: number[] = [];
    for (const item of loading) {
      const result = await trx
        .updateTable('content_items')
        .set({ status: 'stop', updated_at: Date.now() })
        .where('id', '=', item.id)
        .where('status', '=', 'loading')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) continue;
      ids.push(Number(item.id));
      amount += (await refundIn(trx, { refType: REF, refId: String(item.id), note: 'content stopped' })).amount;
    }
    return { stopped: ids, refunded: amount };
  });
  if (!stopped.length) throw new AppError('marketingNotStoppable');
  for (const itemId of stopped) abortRun(itemKey(itemId), new StoppedByUser('stopped'));
  publish(contentKey(id), { type: 'item' });
  return { refunded };
}

/** Writes one platform's result again: the old result is replaced by a new, newly charged item. */
export async function regenerateItem(ctx: AppContext, user: User, id: string, itemId: number): Promise<number> {
  const task = await findContent(ctx, user.id, id);
  const old = await ctx.db.selectFrom('content_items').selectAll().where('id', '=', itemId).where('content_id', '=', id).executeTakeFirst();
  if (!old) throw new AppError('notFound');
  if (old.status === 'loading') throw new AppError('conflict');
  const { name, engine } = activeEngine(ctx);
  const params = JSON.parse(task.params) as CreateContentInput & { lang: Language };
  const newId = await writeTransaction(ctx.db, async (trx) => {
    await trx.deleteFrom('content_items').where('id', '=', itemId).execute();
    if (task.engine !== name) await trx.updateTable('content_tasks').set({ engine: name }).where('id', '=', id).execute();
    return insertItem(trx, user, id, old.platform as Platform, engine ? CONTENT_COST_PER_PLATFORM : 0);
  });
  void runItem(ctx, id, newId, old.platform as Platform, params);
  return newId;
}

export async function deleteContent(ctx: AppContext, userId: string, id: string): Promise<void> {
  await findContent(ctx, userId, id);
  await stopContent(ctx, userId, id).catch((err) => {
    if (!(err instanceof AppError && err.key === 'marketingNotStoppable')) throw err;
  });
  await ctx.db.updateTable('content_tasks').set({ deleted_at: Date.now() }).where('id', '=', id).execute();
}

/** Like or dislike (with a reason) one result; `null` cancels the operation. */
export async function operateItem(ctx: AppContext, userId: string, id: string, itemId: number, operation: OperationType | null, reason?: string) {
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
  const items = await ctx.db.selectFrom('content_items').selectAll().where('content_id', '=', id).orderBy('id').execute();
  const params = JSON.parse(task.params) as CreateContentInput;
  return {
    contentId: task.id,
    engine: task.engine,
    reportId: task.report_id,
    socialMediaType: task.social_media_type,
    idea: params.idea ?? null,
    productInfo: params.productInfo,
    createdAt: task.created_at,
    items: items.map((i) => ({
      textId: i.id,
      platform: i.platform,
      status: i.status,
      socialMediaMarketingTitle: i.title,
      socialMediaMarketingContent: i.content,
      genImages: JSON.parse(i.gen_images) as Array<{ url: string; type: string; status: string; id: string }>,
      limits: TITLE_LIMITS[i.platform as Platform] ?? null,
      like: i.like_state,
      likeReason: i.like_reason,
      cost: i.cost,
      error: i.error ? translate(lang, `errors:${i.error}`) : null,
    })),
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
export async function contentStatistics(ctx: AppContext, userId: string, days: number, tzOffsetMinutes: number) {
  const since = Date.now() - days * 24 * 3600_000;
  const rows = await ctx.db
    .selectFrom('content_items')
    .select(['platform', 'status', 'like_state', 'created_at'])
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .execute();
  const byDay = new Map<string, { day: string; generated: number; likes: number; dislikes: number }>();
  const platforms: Record<string, number> = {};
  const dayOf = (t: number) => {
    const d = new Date(t - tzOffsetMinutes * 60_000);
    return `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}`;
  };
  for (let i = days - 1; i >= 0; i--) {
    const day = dayOf(Date.now() - i * 24 * 3600_000);
    byDay.set(day, { day, generated: 0, likes: 0, dislikes: 0 });
  }
  for (const row of rows) {
    const entry = byDay.get(dayOf(Number(row.created_at)));
    if (!entry) continue;
    if (row.status === 'success') entry.generated++;
    if (row.like_state === 'like') entry.likes++;
    if (row.like_state === 'dislike') entry.dislikes++;
    if (row.status === 'success') platforms[row.platform] = (platforms[row.platform] ?? 0) + 1;
  }
  return { days: [...byDay.values()], platforms };
}

export type { ItemRow };
