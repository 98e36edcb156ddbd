import crypto from 'node:crypto';
import { HOTSPOT_FEED_ROUTES, type HotspotPlatform, type Language } from '@productimage/core';
import type { AppContext } from '../../../platform/context.ts';
import { writeTransaction } from '../../../platform/db/transaction.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { translate } from '../../../platform/http/i18n.ts';
import { listPage, type Paging } from '../../../platform/http/paging.ts';
import { recordAuthors } from './authors.ts';
import { feedBaseUrl } from './embedded-feed.ts';
import { FeedUnreachable, fetchFeed } from './feed.ts';
import type { HotspotView } from './schemas.ts';
import { groupTopics, hotWords } from './words.ts';

type Viewer = { id: string; tenantId: string };

const refreshing = new Map<string, Promise<void>>();

/** Fetches the platform's feed when the cache is older than HOTSPOT_CACHE_MINUTES (one fetch at a time). */
async function refreshFeed(ctx: AppContext, platform: HotspotPlatform): Promise<void> {
  const route = HOTSPOT_FEED_ROUTES[platform];
  if (!route) return;
  const cached = await ctx.db.selectFrom('hotspot_feeds').selectAll().where('platform', '=', platform).executeTakeFirst();
  if (cached && Date.now() - cached.fetched_at < ctx.config.HOTSPOT_CACHE_MINUTES * 60_000) return;
  const running = refreshing.get(platform);
  if (running) return running;
  const job = (async () => {
    const base = await feedBaseUrl(ctx);
    if (!base) {
      if (!cached) throw new AppError('hotspotFeedMissing');
      return;
    }
    let feed: Awaited<ReturnType<typeof fetchFeed>>;
    try {
      feed = await fetchFeed(base, route);
    } catch (err) {
      if (!(err instanceof FeedUnreachable)) throw err;
      ctx.log.warn({ platform, err: err.message }, 'hot-list feed unreachable');
      // An older list is still shown with its update time; with none the page offers import.
      if (!cached) throw new AppError('hotspotFeedUnreachable');
      return;
    }
    const now = Date.now();
    await writeTransaction(ctx.db, async (trx) => {
      await trx.deleteFrom('hotspots').where('platform', '=', platform).where('source', '=', 'feed').execute();
      for (const [rank, { author: _author, ...item }] of feed.items.entries())
        await trx
          .insertInto('hotspots')
          .values({
            id: crypto.randomUUID(),
            platform,
            source: 'feed',
            user_id: null,
            tenant_id: null,
            rank,
            created_at: now,
            ...item,
          })
          .execute();
      await trx
        .insertInto('hotspot_feeds')
        .values({ platform, update_time: feed.updateTime, fetched_at: now })
        .onConflict((oc) => oc.column('platform').doUpdateSet({ update_time: feed.updateTime, fetched_at: now }))
        .execute();
      await recordAuthors(trx, '', platform, feed.items, now);
    });
  })().finally(() => refreshing.delete(platform));
  refreshing.set(platform, job);
  return job;
}

/** The rows a user sees for a platform: the shared feed for douyin and weibo, their own imports otherwise. */
/**
 * A platform's list: the feed's rows (platforms with a feed) and what this user imported onto it. An
 * import made on a feed platform's tab shows there too (issue 41: the import dialog keeps the tab the
 * merchant is on), and stays visible when the feed cannot be reached.
 */
function baseQuery(ctx: AppContext, user: Viewer, platform: HotspotPlatform) {
  return ctx.db
    .selectFrom('hotspots')
    .where('platform', '=', platform)
    .where((eb) => {
      const own = eb.and([eb('source', '=', 'import'), eb('user_id', '=', user.id)]);
      return HOTSPOT_FEED_ROUTES[platform] ? eb.or([eb('source', '=', 'feed'), own]) : own;
    });
}

const toView = (r: HotspotView): HotspotView => ({
  id: r.id,
  title: r.title,
  hot: r.hot,
  url: r.url,
  desc: r.desc,
  platform: r.platform,
  source: r.source,
});

/**
 * Refreshes the feed; an unreachable or missing feed is answered as `feedError` (translated) next to
 * an empty list rather than as an HTTP error: it is a state of the source the page shows, with the
 * import offer, not a failed request.
 */
async function tryRefresh(ctx: AppContext, platform: HotspotPlatform, lang: Language): Promise<string | null> {
  try {
    await refreshFeed(ctx, platform);
    return null;
  } catch (err) {
    if (err instanceof AppError && (err.key === 'hotspotFeedUnreachable' || err.key === 'hotspotFeedMissing'))
      return translate(lang, `errors:${err.key}`);
    throw err;
  }
}

export async function listHotspots(ctx: AppContext, user: Viewer, platform: HotspotPlatform, page: Paging, lang: Language) {
  const feedError = await tryRefresh(ctx, platform, lang);
  const base = baseQuery(ctx, user, platform);
  const [{ rows, total }, feed] = await Promise.all([
    listPage(base, page, (q) => q.selectAll().orderBy('rank').orderBy('created_at', 'desc')),
    ctx.db.selectFrom('hotspot_feeds').selectAll().where('platform', '=', platform).executeTakeFirst(),
  ]);
  const updateTime = HOTSPOT_FEED_ROUTES[platform]
    ? (feed?.update_time ?? null)
    : ((await base.select((eb) => eb.fn.max('created_at').as('t')).executeTakeFirst())?.t ?? null);
  return {
    list: rows.map(toView),
    total,
    updateTime: updateTime === null ? null : Number(updateTime),
    feedError,
  };
}

/** The rows a platform's list holds now, without asking the feed (pages that must not wait on it). */
export async function storedHotspots(ctx: AppContext, user: Viewer, platform: HotspotPlatform, limit: number) {
  const rows = await baseQuery(ctx, user, platform)
    .selectAll()
    .orderBy('rank')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toView);
}

/** All titles of a platform's current list (topics and hot words look at the whole list). */
async function allItems(ctx: AppContext, user: Viewer, platform: HotspotPlatform, lang: Language) {
  const feedError = await tryRefresh(ctx, platform, lang);
  const rows = await baseQuery(ctx, user, platform)
    .selectAll()
    .orderBy('rank')
    .orderBy('created_at', 'desc')
    .limit(500)
    .execute();
  return { items: rows.map(toView), feedError };
}

export async function hotspotTopics(ctx: AppContext, user: Viewer, platform: HotspotPlatform, lang: Language) {
  const { items, feedError } = await allItems(ctx, user, platform, lang);
  return { list: groupTopics(items), feedError };
}

export async function hotspotWords(ctx: AppContext, user: Viewer, platform: HotspotPlatform, lang: Language) {
  const { items, feedError } = await allItems(ctx, user, platform, lang);
  return { list: hotWords(items.map((i) => i.title)), feedError };
}

export interface ImportItem {
  title: string;
  url?: string;
  hot?: string | number;
  desc?: string;
  /** The account behind the item (a note's author), when the import names one. */
  author?: string;
}

/** Saves a user's imported items (their own, private); later items of the same title replace earlier ones. */
export async function importHotspots(
  ctx: AppContext,
  user: Viewer,
  platform: HotspotPlatform,
  items: ImportItem[],
): Promise<number> {
  const now = Date.now();
  const unique = new Map<string, ImportItem>();
  for (const item of items) if (item.title.trim()) unique.set(item.title.trim(), item);
  await writeTransaction(ctx.db, async (trx) => {
    if (unique.size)
      await trx
        .deleteFrom('hotspots')
        .where('user_id', '=', user.id)
        .where('platform', '=', platform)
        .where('source', '=', 'import')
        .where('title', 'in', [...unique.keys()])
        .execute();
    let rank = 0;
    for (const [title, item] of unique)
      await trx
        .insertInto('hotspots')
        .values({
          id: crypto.randomUUID(),
          platform,
          source: 'import',
          user_id: user.id,
          tenant_id: user.tenantId,
          title,
          hot: item.hot === undefined ? null : String(item.hot),
          url: item.url || null,
          desc: item.desc || null,
          rank: rank++,
          created_at: now,
        })
        .execute();
    await recordAuthors(
      trx,
      user.id,
      platform,
      [...unique.values()].map((i) => ({
        title: i.title.trim(),
        hot: i.hot === undefined ? null : String(i.hot),
        author: i.author?.trim() || null,
      })),
      now,
    );
  });
  return unique.size;
}

/** A hotspot the user may use: a feed item or one of their own imports. */
export async function findHotspot(ctx: AppContext, userId: string, id: string) {
  const row = await ctx.db
    .selectFrom('hotspots')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('source', '=', 'feed'), eb('user_id', '=', userId)]))
    .executeTakeFirst();
  if (!row) throw new AppError('notFound');
  return row;
}
