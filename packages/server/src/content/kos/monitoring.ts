import { kosCountOf, kosDayOf, kosPlatformOf } from '@productimage/core';
import type { Selectable } from 'kysely';
import { recordAudit } from '../../platform/audit-log/record.ts';
import type { AppContext } from '../../platform/context.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { type Actor, KOS_PLATFORMS, type KosPlatform } from './service.ts';
import { headerIndex } from './table-file.ts';
import type { KosTables } from './tables.ts';

/** One reading of a tracked post: what an import row or a plugin sync carries. */
export interface MonitorRow {
  platform: KosPlatform;
  handle: string;
  postKey?: string;
  title?: string;
  url?: string;
  publishedDay?: string;
  /** YYYY/MM/DD the figures were read. */
  day: string;
  views?: number;
  likes?: number;
  comments?: number;
  shares?: number;
}

/** Rows one import or sync takes. */
export const MONITOR_IMPORT_MAX = 5000;

type Field = keyof MonitorRow;
const ALIASES: Record<string, Field> = {
  platform: 'platform',
  平台: 'platform',
  handle: 'handle',
  account: 'handle',
  账号: 'handle',
  帐号: 'handle',
  博主: 'handle',
  postid: 'postKey',
  post_id: 'postKey',
  postkey: 'postKey',
  作品id: 'postKey',
  笔记id: 'postKey',
  title: 'title',
  标题: 'title',
  url: 'url',
  link: 'url',
  链接: 'url',
  published: 'publishedDay',
  publishedday: 'publishedDay',
  发布日期: 'publishedDay',
  发布时间: 'publishedDay',
  day: 'day',
  date: 'day',
  日期: 'day',
  统计日期: 'day',
  views: 'views',
  播放: 'views',
  播放量: 'views',
  阅读: 'views',
  阅读量: 'views',
  浏览量: 'views',
  likes: 'likes',
  点赞: 'likes',
  点赞数: 'likes',
  comments: 'comments',
  评论: 'comments',
  评论数: 'comments',
  shares: 'shares',
  分享: 'shares',
  转发: 'shares',
  分享数: 'shares',
};

/** A post link is kept only when it is an http(s) address (it is shown as a link). */
export const httpUrlOrEmpty = (text: string): string => {
  const t = text.trim().slice(0, 1000);
  try {
    const url = new URL(t);
    return url.protocol === 'http:' || url.protocol === 'https:' ? t : '';
  } catch {
    return '';
  }
};

/** YYYY/MM/DD from YYYY/MM/DD, YYYY-MM-DD, YYYY.MM.DD (a time after it is ignored); null if not a real date. */
export const dayOf = kosDayOf;

export interface RowProblem {
  /** 1-based row number in the file (the header is row 1). */
  row: number;
  /** A message key in the kos namespace. */
  reason: 'monitoring.rowPlatform' | 'monitoring.rowHandle' | 'monitoring.rowDay' | 'monitoring.rowCount' | 'monitoring.rowPost';
}

/** A table's rows to readings; the header row names the columns (docs/kos.md lists the names). */
export function rowsToReadings(rows: string[][]): { readings: MonitorRow[]; problems: RowProblem[]; missing: Field[] } {
  const header = headerIndex(rows[0] ?? [], ALIASES);
  const missing = (['platform', 'handle', 'day'] as Field[]).filter((f) => !header.has(f));
  if (missing.length) return { readings: [], problems: [], missing };
  const readings: MonitorRow[] = [];
  const problems: RowProblem[] = [];
  const cell = (row: string[], f: Field) => {
    const i = header.get(f);
    return i == null ? '' : String(row[i] ?? '').trim();
  };
  for (const [i, row] of rows.slice(1, MONITOR_IMPORT_MAX + 1).entries()) {
    const n = i + 2;
    if (!row.some((c) => String(c ?? '').trim())) continue;
    const platform = kosPlatformOf(cell(row, 'platform'));
    if (!platform) {
      problems.push({ row: n, reason: 'monitoring.rowPlatform' });
      continue;
    }
    const handle = cell(row, 'handle').replace(/^@/, '');
    if (!handle || handle.length > 100) {
      problems.push({ row: n, reason: 'monitoring.rowHandle' });
      continue;
    }
    const day = dayOf(cell(row, 'day'));
    if (!day) {
      problems.push({ row: n, reason: 'monitoring.rowDay' });
      continue;
    }
    const counts = (['views', 'likes', 'comments', 'shares'] as const).map((f) => kosCountOf(cell(row, f)));
    if (counts.some((c) => c == null)) {
      problems.push({ row: n, reason: 'monitoring.rowCount' });
      continue;
    }
    const reading: MonitorRow = {
      platform,
      handle,
      day,
      postKey: cell(row, 'postKey').slice(0, 200),
      title: cell(row, 'title').slice(0, 300),
      url: httpUrlOrEmpty(cell(row, 'url')),
      publishedDay: dayOf(cell(row, 'publishedDay')) ?? '',
      views: counts[0] ?? 0,
      likes: counts[1] ?? 0,
      comments: counts[2] ?? 0,
      shares: counts[3] ?? 0,
    };
    if (!reading.postKey && !reading.url && !reading.title) {
      problems.push({ row: n, reason: 'monitoring.rowPost' });
      continue;
    }
    readings.push(reading);
  }
  return { readings, problems, missing };
}

/**
 * Saves readings: a tracked post per (platform, handle, post key) and one metrics row per post and
 * day (a later reading of the same day replaces the earlier one). A post's key is its id, else its
 * URL, else its title.
 */
export async function saveReadings(ctx: AppContext, actor: Actor, readings: MonitorRow[], source: 'import' | 'plugin') {
  const now = Date.now();
  return writeTransaction(ctx.db, async (trx) => {
    const postIds = new Map<string, number>();
    let created = 0;
    for (const input of readings) {
      const r = { ...input, url: httpUrlOrEmpty(input.url ?? '') };
      const postKey = (r.postKey || r.url || r.title || '').slice(0, 1000);
      const key = JSON.stringify([r.platform, r.handle, postKey]);
      let postId = postIds.get(key);
      if (postId == null) {
        const found = await trx
          .selectFrom('kos_tracked_posts')
          .select('id')
          .where('tenant_id', '=', actor.tenantId)
          .where('platform', '=', r.platform)
          .where('handle', '=', r.handle)
          .where('post_key', '=', postKey)
          .executeTakeFirst();
        if (found) {
          postId = Number(found.id);
          const patch: { title?: string; url?: string; published_day?: string } = {};
          if (r.title) patch.title = r.title;
          if (r.url) patch.url = r.url;
          if (r.publishedDay) patch.published_day = r.publishedDay;
          if (Object.keys(patch).length) await trx.updateTable('kos_tracked_posts').set(patch).where('id', '=', postId).execute();
        } else {
          const row = await trx
            .insertInto('kos_tracked_posts')
            .values({
              tenant_id: actor.tenantId,
              platform: r.platform,
              handle: r.handle,
              post_key: postKey,
              title: r.title ?? '',
              url: r.url ?? '',
              published_day: r.publishedDay ?? '',
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          postId = Number(row.id);
          created++;
        }
        postIds.set(key, postId);
      }
      const figures = { views: r.views ?? 0, likes: r.likes ?? 0, comments: r.comments ?? 0, shares: r.shares ?? 0 };
      const existing = await trx
        .selectFrom('kos_post_metrics')
        .select('id')
        .where('post_id', '=', postId)
        .where('day', '=', r.day)
        .executeTakeFirst();
      if (existing)
        await trx
          .updateTable('kos_post_metrics')
          .set({ ...figures, source, updated_at: now })
          .where('id', '=', existing.id)
          .execute();
      else
        await trx
          .insertInto('kos_post_metrics')
          .values({ tenant_id: actor.tenantId, post_id: postId, day: r.day, ...figures, source, updated_at: now })
          .execute();
    }
    await recordAudit(trx, {
      tenantId: actor.tenantId,
      actorId: actor.userId,
      action: source === 'plugin' ? 'kos.monitoring.sync' : 'kos.monitoring.import',
      detail: { readings: readings.length, newPosts: created },
    });
    return { imported: readings.length, newPosts: created };
  });
}

const metricColumns = ['post_id', 'day', 'views', 'likes', 'comments', 'shares'] as const;
type MetricRow = Pick<Selectable<KosTables['kos_post_metrics']>, (typeof metricColumns)[number]>;
const num = (r: MetricRow) => ({
  views: Number(r.views),
  likes: Number(r.likes),
  comments: Number(r.comments),
  shares: Number(r.shares),
});

async function metricsOf(ctx: AppContext, actor: Actor, platform?: KosPlatform, handle?: string) {
  let posts = ctx.db.selectFrom('kos_tracked_posts').selectAll().where('tenant_id', '=', actor.tenantId);
  if (platform) posts = posts.where('platform', '=', platform);
  if (handle) posts = posts.where('handle', '=', handle);
  const postRows = await posts.orderBy('id').limit(5000).execute();
  const ids = postRows.map((p) => p.id);
  const metrics: MetricRow[] = ids.length
    ? await ctx.db
        .selectFrom('kos_post_metrics')
        .select(metricColumns)
        .where('tenant_id', '=', actor.tenantId)
        .where('post_id', 'in', ids)
        .orderBy('day')
        .execute()
    : [];
  return { postRows, metrics };
}

/** Tracked accounts (platform + handle) with their posts' latest figures added up. */
export async function trackedAccounts(ctx: AppContext, actor: Actor) {
  const { postRows, metrics } = await metricsOf(ctx, actor);
  const latest = new Map<number, MetricRow>();
  for (const m of metrics) latest.set(Number(m.post_id), m);
  const accounts = new Map<
    string,
    {
      platform: KosPlatform;
      handle: string;
      posts: number;
      latestDay: string;
      views: number;
      likes: number;
      comments: number;
      shares: number;
    }
  >();
  for (const p of postRows) {
    const key = `${p.platform}\u0000${p.handle}`;
    const a = accounts.get(key) ?? {
      platform: p.platform as KosPlatform,
      handle: p.handle,
      posts: 0,
      latestDay: '',
      views: 0,
      likes: 0,
      comments: 0,
      shares: 0,
    };
    a.posts++;
    const m = latest.get(Number(p.id));
    if (m) {
      const f = num(m);
      a.views += f.views;
      a.likes += f.likes;
      a.comments += f.comments;
      a.shares += f.shares;
      if (m.day > a.latestDay) a.latestDay = m.day;
    }
    accounts.set(key, a);
  }
  return [...accounts.values()].sort((a, b) => b.views - a.views || a.handle.localeCompare(b.handle));
}

/**
 * One tracked account over time: per day, the figures of that day's readings added up over its
 * posts; and its posts with their latest reading.
 */
export async function trackedAccountDetail(ctx: AppContext, actor: Actor, platform: KosPlatform, handle: string) {
  const { postRows, metrics } = await metricsOf(ctx, actor, platform, handle);
  const days = new Map<string, { day: string; views: number; likes: number; comments: number; shares: number }>();
  const latest = new Map<number, MetricRow>();
  for (const m of metrics) {
    const d = days.get(m.day) ?? { day: m.day, views: 0, likes: 0, comments: 0, shares: 0 };
    const f = num(m);
    d.views += f.views;
    d.likes += f.likes;
    d.comments += f.comments;
    d.shares += f.shares;
    days.set(m.day, d);
    latest.set(Number(m.post_id), m);
  }
  const posts = postRows.map((p) => {
    const m = latest.get(Number(p.id));
    return {
      postId: String(p.id),
      title: p.title,
      url: p.url,
      publishedDay: p.published_day,
      latestDay: m?.day ?? '',
      ...(m ? num(m) : { views: 0, likes: 0, comments: 0, shares: 0 }),
    };
  });
  posts.sort((a, b) => b.views - a.views);
  return { platform, handle, days: [...days.values()].sort((a, b) => a.day.localeCompare(b.day)), posts };
}

export const isPlatform = (p: string): p is KosPlatform => (KOS_PLATFORMS as readonly string[]).includes(p);
