import { DAY_MS } from '@productimage/core';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../../platform/context.ts';
import type { Database } from '../../../platform/db/schema.ts';

/** Days are counted on China Standard Time (UTC+8), the hot lists' own clock. */
const CST_MS = 8 * 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');
export function cstDay(at: number): string {
  const d = new Date(at + CST_MS);
  return `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}`;
}

/**
 * Notes the accounts named by a list snapshot (feed refresh: user ''; an import: its owner) for
 * today: per account the most items it had in one snapshot, its best rank, its top item.
 */
export async function recordAuthors(
  trx: Transaction<Database> | Kysely<Database>,
  userId: string,
  platform: string,
  items: Array<{ title: string; hot: string | null; author: string | null }>,
  now: number,
): Promise<void> {
  const day = cstDay(now);
  const byAuthor = new Map<string, { appearances: number; bestRank: number; title: string; hot: string | null }>();
  for (const [rank, item] of items.entries()) {
    if (!item.author) continue;
    const seen = byAuthor.get(item.author);
    if (seen) seen.appearances++;
    else byAuthor.set(item.author, { appearances: 1, bestRank: rank + 1, title: item.title, hot: item.hot });
  }
  for (const [author, s] of byAuthor) {
    const key = { user_id: userId, platform, author, day };
    const old = await trx
      .selectFrom('hotspot_authors')
      .selectAll()
      .where('user_id', '=', userId)
      .where('platform', '=', platform)
      .where('author', '=', author)
      .where('day', '=', day)
      .executeTakeFirst();
    if (!old) {
      await trx
        .insertInto('hotspot_authors')
        .values({ ...key, appearances: s.appearances, best_rank: s.bestRank, hot: s.hot, title: s.title, updated_at: now })
        .execute();
      continue;
    }
    const better = s.bestRank <= old.best_rank;
    await trx
      .updateTable('hotspot_authors')
      .set({
        appearances: Math.max(old.appearances, s.appearances),
        best_rank: Math.min(old.best_rank, s.bestRank),
        hot: better ? s.hot : old.hot,
        title: better ? s.title : old.title,
        updated_at: now,
      })
      .where('user_id', '=', userId)
      .where('platform', '=', platform)
      .where('author', '=', author)
      .where('day', '=', day)
      .execute();
  }
}

/**
 * The accounts behind hot items of a platform over the last `days` days (the shared feed's and
 * the user's own imports), most days on the list first.
 */
export async function listAuthors(ctx: AppContext, user: { id: string }, platform: string, days: number, now = Date.now()) {
  const dayList = Array.from({ length: days }, (_, i) => cstDay(now - (days - 1 - i) * DAY_MS));
  const rows = await ctx.db
    .selectFrom('hotspot_authors')
    .selectAll()
    .where((eb) => eb.or([eb('user_id', '=', ''), eb('user_id', '=', user.id)]))
    .where('platform', '=', platform)
    .where('day', '>=', dayList[0] as string)
    .orderBy('day')
    .limit(5000)
    .execute();
  const accounts = new Map<
    string,
    {
      author: string;
      daysOnList: number;
      appearances: number;
      bestRank: number;
      title: string;
      hot: string | null;
      lastDay: string;
      byDay: Record<string, number>;
    }
  >();
  for (const r of rows) {
    const a = accounts.get(r.author) ?? {
      author: r.author,
      daysOnList: 0,
      appearances: 0,
      bestRank: Number.MAX_SAFE_INTEGER,
      title: r.title,
      hot: r.hot,
      lastDay: r.day,
      byDay: {},
    };
    if (!(r.day in a.byDay)) a.daysOnList++;
    a.byDay[r.day] = Math.max(a.byDay[r.day] ?? 0, r.appearances);
    a.appearances += r.appearances;
    a.bestRank = Math.min(a.bestRank, r.best_rank);
    if (r.day >= a.lastDay) {
      a.lastDay = r.day;
      a.title = r.title;
      a.hot = r.hot;
    }
    accounts.set(r.author, a);
  }
  const list = [...accounts.values()]
    .sort((x, y) => y.daysOnList - x.daysOnList || y.appearances - x.appearances || x.bestRank - y.bestRank)
    .slice(0, 100)
    .map((a) => ({ ...a, trend: dayList.map((d) => a.byDay[d] ?? 0) }))
    .map(({ byDay: _byDay, ...a }) => a);
  return { days: dayList, list };
}
