import { DAY_MS } from '@productimage/core';
import type { AppContext } from '../../../platform/context.ts';
import { tasksById } from '../../../studio/tasks/reads.ts';

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
