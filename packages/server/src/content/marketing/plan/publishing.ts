import { type Language, type Platform, PUBLISH_PACKAGE_LIMITS, type PublishingStatus, TITLE_LIMITS } from '@productimage/core';
import type { Selectable } from 'kysely';
import { sendToUser } from '../../../identity/inbox/service.ts';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { translate } from '../../../platform/http/i18n.ts';
import { ownedRow } from '../../../platform/http/owned-row.ts';
import { signedFileUrl } from '../../../platform/storage/file-urls.ts';
import { zipBuffer } from '../../../platform/storage/zip.ts';
import { findOwnUpload } from '../../../studio/uploads/service.ts';
import { resultPictureKeys } from '../content/pictures.ts';
import { contentView } from '../content/view.ts';
import type { MarketingTables } from '../tables.ts';

type User = { id: string; tenantId: string };

/** What the merchant writes for a post (POST and PATCH /api/publishing/posts). */
export interface PostInput {
  platform: Platform;
  day: string;
  time: string;
  title: string;
  content: string;
  /** Picture URLs: the user's uploads or pictures already on the post. */
  images: string[];
  tags: string[];
  status: PublishingStatus;
  /** Minutes before the post's time to send an inbox reminder; null: none. */
  remindBefore: number | null;
}

type Row = Selectable<MarketingTables['publishing_posts']>;

const keysOf = (json: string): string[] => {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

/** The post's time as epoch ms, read in the merchant's time zone (`tz`: minutes as getTimezoneOffset). */
function postTime(day: string, time: string, tz: number): number {
  const [y, m, d] = day.split('/').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  return Date.UTC(y as number, (m as number) - 1, d as number, hh as number, mm as number) + tz * 60_000;
}

/** What a platform refuses: a title or text over its limit (spec 001: douyin and xiaohongshu 20 / 1000). */
function checkLimits(input: Pick<PostInput, 'platform' | 'title' | 'content' | 'images' | 'tags'>) {
  const limits = TITLE_LIMITS[input.platform];
  if (limits && [...input.title].length > limits.title)
    throw new AppError('badRequest', {}, { field: 'title', max: limits.title });
  if (limits && [...input.content].length > limits.content)
    throw new AppError('badRequest', {}, { field: 'content', max: limits.content });
  const pack = PUBLISH_PACKAGE_LIMITS[input.platform];
  if (input.images.length > pack.images) throw new AppError('badRequest', {}, { field: 'images', max: pack.images });
  if (input.tags.length > pack.tags) throw new AppError('badRequest', {}, { field: 'tags', max: pack.tags });
}

/** Picture URLs to stored keys: the post's own pictures, or the user's uploads; anything else is refused. */
async function imageKeys(ctx: AppContext, user: User, urls: string[], kept: string[]): Promise<string[]> {
  const keys: string[] = [];
  for (const url of urls) {
    const key = ctx.storage.keyFromUrl(url);
    if (key && kept.includes(key)) keys.push(key);
    else if (key && (await findOwnUpload(ctx, user.id, url))) keys.push(key);
    else throw new AppError('badRequest', {}, { field: 'images' });
  }
  return [...new Set(keys)];
}

async function view(ctx: AppContext, row: Row) {
  return {
    postId: row.id,
    platform: row.platform,
    day: row.day,
    time: row.time,
    title: row.title,
    content: row.content,
    images: await Promise.all(keysOf(row.images).map((k) => signedFileUrl(ctx, k))),
    tags: keysOf(row.tags),
    status: row.status,
    remindAt: row.remind_at === null ? null : Number(row.remind_at),
    reminded: row.reminded_at !== null,
    contentId: row.content_id,
    updatedAt: Number(row.updated_at),
  };
}
export type PostView = Awaited<ReturnType<typeof view>>;

const ownRow = (ctx: AppContext, user: User, postId: number): Promise<Row> =>
  ownedRow(ctx.db, 'publishing_posts', postId, { user_id: user.id });

/** The plan between two days (YYYY/MM/DD, both included), by day and time. */
export async function listPosts(ctx: AppContext, user: User, from: string, to: string) {
  const rows = await ctx.db
    .selectFrom('publishing_posts')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .orderBy('time')
    .orderBy('id')
    .limit(500)
    .execute();
  return { list: await Promise.all(rows.map((r) => view(ctx, r as Row))) };
}

export async function createPost(
  ctx: AppContext,
  user: User,
  input: PostInput,
  tz: number,
  from?: { contentId: string; itemId: number },
): Promise<PostView> {
  checkLimits(input);
  const keys = await imageKeys(ctx, user, input.images, []);
  const now = Date.now();
  const remindAt = input.remindBefore === null ? null : postTime(input.day, input.time, tz) - input.remindBefore * 60_000;
  const row = await ctx.db
    .insertInto('publishing_posts')
    .values({
      user_id: user.id,
      tenant_id: user.tenantId,
      platform: input.platform,
      day: input.day,
      time: input.time,
      title: input.title,
      content: input.content,
      images: JSON.stringify(keys),
      tags: JSON.stringify(input.tags),
      status: input.status,
      remind_at: remindAt,
      reminded_at: null,
      content_id: from?.contentId ?? null,
      item_id: from?.itemId ?? null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return view(ctx, row as Row);
}

/**
 * A content result put on the plan: its platform, title, text and pictures, on the day asked.
 * Tags are the text's #hashtags (the writers end posts with them).
 */
export async function planFromContent(
  ctx: AppContext,
  user: User,
  input: { contentId: string; itemId: number; day: string; time: string; remindBefore: number | null },
  tz: number,
  lang: Language,
): Promise<PostView> {
  const content = await contentView(ctx, user.id, input.contentId, lang);
  const item = content.items.find((i) => i.textId === input.itemId);
  if (item?.status !== 'success') throw new AppError('notFound');
  const platform = item.platform as Platform;
  const limits = TITLE_LIMITS[platform];
  const text = item.socialMediaMarketingContent;
  const tags = [...new Set([...text.matchAll(/#([^\s#]{1,30})/gu)].map((m) => m[1] as string))].slice(
    0,
    PUBLISH_PACKAGE_LIMITS[platform].tags,
  );
  const keys = ((await resultPictureKeys(ctx, input.contentId)).get(input.itemId) ?? []).slice(
    0,
    PUBLISH_PACKAGE_LIMITS[platform].images,
  );
  const title = limits ? [...item.socialMediaMarketingTitle].slice(0, limits.title).join('') : item.socialMediaMarketingTitle;
  const body = limits ? [...text].slice(0, limits.content).join('') : text;
  const post = await createPost(
    ctx,
    user,
    {
      platform,
      day: input.day,
      time: input.time,
      title,
      content: body,
      images: [],
      tags,
      status: 'planned',
      remindBefore: input.remindBefore,
    },
    tz,
    { contentId: input.contentId, itemId: input.itemId },
  );
  if (keys.length) {
    await ctx.db
      .updateTable('publishing_posts')
      .set({ images: JSON.stringify(keys) })
      .where('id', '=', post.postId)
      .execute();
    return view(ctx, await ownRow(ctx, user, post.postId));
  }
  return post;
}

export async function updatePost(ctx: AppContext, user: User, postId: number, input: PostInput, tz: number): Promise<PostView> {
  const row = await ownRow(ctx, user, postId);
  checkLimits(input);
  const keys = await imageKeys(ctx, user, input.images, keysOf(row.images));
  const remindAt = input.remindBefore === null ? null : postTime(input.day, input.time, tz) - input.remindBefore * 60_000;
  await ctx.db
    .updateTable('publishing_posts')
    .set({
      platform: input.platform,
      day: input.day,
      time: input.time,
      title: input.title,
      content: input.content,
      images: JSON.stringify(keys),
      tags: JSON.stringify(input.tags),
      status: input.status,
      remind_at: remindAt,
      // A new reminder time is sent again.
      reminded_at: remindAt === (row.remind_at === null ? null : Number(row.remind_at)) ? row.reminded_at : null,
      updated_at: Date.now(),
    })
    .where('id', '=', postId)
    .execute();
  return view(ctx, await ownRow(ctx, user, postId));
}

export async function deletePost(ctx: AppContext, user: User, postId: number): Promise<void> {
  await ownRow(ctx, user, postId);
  await ctx.db.deleteFrom('publishing_posts').where('id', '=', postId).execute();
}

const PLATFORM_FILE: Record<Platform, string> = {
  douyin: 'douyin',
  xiaohongshu: 'xiaohongshu',
  weibo: 'weibo',
  wechat: 'wechat',
};

/**
 * A platform's export package (zip): `post.txt` with the title, the text and the tags as the
 * platform writes them (#tag, weibo #tag#), `tags.txt` one per line, and the pictures in order.
 */
export async function exportPackage(ctx: AppContext, user: User, postId: number, lang: Language) {
  const row = await ownRow(ctx, user, postId);
  const tags = keysOf(row.tags);
  const tagLine = tags.map((t) => (row.platform === 'weibo' ? `#${t}#` : `#${t}`)).join(' ');
  const text = [row.title, '', row.content, '', tagLine].join('\n').trim();
  const entries: Array<{ name: string; data: Buffer }> = [
    { name: 'post.txt', data: Buffer.from(`${text}\n`, 'utf8') },
    { name: 'tags.txt', data: Buffer.from(tags.length ? `${tags.join('\n')}\n` : '', 'utf8') },
  ];
  for (const [i, key] of keysOf(row.images).entries()) {
    const file = await ctx.storage.get(key);
    if (!file) continue;
    const ext = key.split('.').pop()?.toLowerCase() ?? 'png';
    entries.push({ name: `pictures/${String(i + 1).padStart(2, '0')}.${ext}`, data: file.data });
  }
  const platformName = translate(lang, `marketing:content.platforms.${row.platform}`);
  return {
    fileName: `${PLATFORM_FILE[row.platform]}-${row.day.replaceAll('/', '')}-${row.id}.zip`,
    label: platformName,
    data: await zipBuffer(entries),
  };
}

/**
 * Sends the inbox reminders that are due (remind_at passed, not yet sent). Each post is claimed by
 * a conditional update first, so two processes never send the same reminder.
 */
export async function sendDueReminders(ctx: AppContext, now = Date.now()): Promise<number> {
  const due = await ctx.db
    .selectFrom('publishing_posts')
    .selectAll()
    .where('remind_at', '<=', now)
    .where('reminded_at', 'is', null)
    .where('status', 'in', ['planned', 'ready'])
    .limit(100)
    .execute();
  let sent = 0;
  for (const row of due) {
    const claimed = await ctx.db
      .updateTable('publishing_posts')
      .set({ reminded_at: now })
      .where('id', '=', row.id)
      .where('reminded_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const platform = translate('zh', `marketing:content.platforms.${row.platform}`);
    await sendToUser(ctx.db, row.user_id, {
      title: translate('zh', 'marketing:plan.publishing.reminderTitle', { platform, day: row.day, time: row.time }),
      content: translate('zh', 'marketing:plan.publishing.reminderBody', {
        title: row.title || row.content.slice(0, 40),
        platform,
      }),
      contentType: 'text',
    });
    sent++;
  }
  return sent;
}

/** Checks for due reminders every minute while the process runs (started by startup.ts). */
export function startPublishingReminders(ctx: AppContext): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sendDueReminders(ctx)
      .catch((err) => ctx.log.warn({ err }, 'publishing reminders failed; they run again at the next tick'))
      .finally(() => {
        running = false;
      });
  }, 60_000);
  timer.unref();
  ctx.onClose(async () => {
    clearInterval(timer);
    while (running) await new Promise((r) => setTimeout(r, 20));
  });
}
