import { DAY_MS } from '@productimage/core';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import { tallyTasks } from '../../studio/tasks/reads.ts';

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
  // The UTC+8 day of each of the keys' tasks; the task domain counts them per key and day.
  const dayExpr = sql<number>`(api_key_tasks.created_at + ${sql.lit(DAY_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;
  let source = db
    .selectFrom('api_key_tasks')
    .innerJoin('api_keys', 'api_keys.id', 'api_key_tasks.key_id')
    .select(['api_key_tasks.task_id as task_id', 'api_keys.id as keyId', 'api_keys.name as name', dayExpr.as('dayNumber')])
    .where('api_key_tasks.created_at', '>=', now - USAGE_DAYS * DAY_MS);
  if (owner.userId) source = source.where('api_keys.user_id', '=', owner.userId);
  if (owner.tenantId) source = source.where('api_keys.tenant_id', '=', owner.tenantId);
  const rows = await tallyTasks(
    db,
    source,
    ['keyId', 'name', 'dayNumber'],
    [
      ['dayNumber', 'desc'],
      ['name', 'asc'],
    ],
  );
  return rows.map((r) => ({
    keyId: String(r.keyId),
    name: String(r.name),
    day: dayLabel(Number(r.dayNumber)),
    tasks: Number(r.tasks),
    failed: Number(r.failed),
    points: Number(r.points),
  }));
}
