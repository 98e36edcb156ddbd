import { DAY_MS } from '@productimage/core';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';

/** Days are counted in China Standard Time, like the rest of the product's calendar. */
const DAY_OFFSET_MS = 8 * 3_600_000;
/** How far back usage is shown. */
export const USAGE_DAYS = 30;

export interface KeyUsageDay {
  keyId: string;
  name: string;
  /** YYYY/MM/DD (UTC+8). */
  day: string;
  tasks: number;
  failed: number;
  /** Points kept: failed and stopped tasks are refunded, so they count 0. */
  points: number;
}

const dayLabel = (dayNumber: number) => {
  const d = new Date(dayNumber * DAY_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}`;
};

/**
 * Tasks and points per key and day over the last USAGE_DAYS days, for one member (`userId`) or for
 * every key of a tenant (operators, `tenantId`).
 */
export async function keyUsage(db: Db, owner: { userId?: string; tenantId?: string }, now = Date.now()): Promise<KeyUsageDay[]> {
  // Literals, not parameters: PostgreSQL only matches the GROUP BY expression to the selected one when they are the same text.
  const dayExpr = sql<number>`(api_key_tasks.created_at + ${sql.lit(DAY_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;
  let query = db
    .selectFrom('api_key_tasks')
    .innerJoin('api_keys', 'api_keys.id', 'api_key_tasks.key_id')
    .innerJoin('tasks', 'tasks.id', 'api_key_tasks.task_id')
    .select([
      'api_keys.id as keyId',
      'api_keys.name as name',
      dayExpr.as('dayNumber'),
      (eb) => eb.fn.countAll<number>().as('tasks'),
      sql<number>`sum(case when tasks.status in ('failed', 'stopped') then 1 else 0 end)`.as('failed'),
      sql<number>`sum(case when tasks.status in ('failed', 'stopped') then 0 else tasks.cost end)`.as('points'),
    ])
    .where('api_key_tasks.created_at', '>=', now - USAGE_DAYS * DAY_MS)
    .groupBy(['api_keys.id', 'api_keys.name', dayExpr])
    .orderBy(dayExpr, 'desc')
    .orderBy('api_keys.name');
  if (owner.userId) query = query.where('api_keys.user_id', '=', owner.userId);
  if (owner.tenantId) query = query.where('api_keys.tenant_id', '=', owner.tenantId);
  const rows = await query.execute();
  return rows.map((r) => ({
    keyId: r.keyId,
    name: r.name,
    day: dayLabel(Number(r.dayNumber)),
    tasks: Number(r.tasks),
    failed: Number(r.failed),
    points: Number(r.points),
  }));
}
