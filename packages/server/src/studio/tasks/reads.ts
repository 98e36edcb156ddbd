import type { TaskStatus } from '@productimage/core';
import { sql } from 'kysely';
import type { IdQuery } from '../../platform/db/id-query.ts';
import type { Db } from '../../platform/db/index.ts';
import { listPage, type Paging } from '../../platform/http/paging.ts';
import type { TaskRow } from './store.ts';

/**
 * How other domains read tasks (docs/architecture.md "Reading another domain's data"): they keep a
 * task id beside their own rows and ask here, by a list of ids (one query per chunk) or by their
 * own query of ids (one query: `where id in (their select)`, so paging and limits stay in SQL).
 * Nothing outside studio/tasks names the tasks table.
 */

export type { IdQuery };

/** Ids per `in (...)` list: far below SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

/** Tasks by id, any owner, as a map (ids without a task are absent): a page's tasks in one query. */
export async function tasksById(db: Db, ids: ReadonlyArray<string | null | undefined>): Promise<Map<string, TaskRow>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  const found = new Map<string, TaskRow>();
  for (let i = 0; i < wanted.length; i += CHUNK) {
    const rows = await db
      .selectFrom('tasks')
      .selectAll()
      .where('id', 'in', wanted.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

/** One task by id, any owner. */
export async function taskById(db: Db, id: string | null | undefined): Promise<TaskRow | undefined> {
  if (!id) return undefined;
  return db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Which of these task ids belong to the user (a member's ids answer only their own tasks). */
export async function ownTaskIds(db: Db, userId: string, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('tasks').select('id').where('id', 'in', ids).where('user_id', '=', userId).execute();
  return new Set(rows.map((r) => r.id));
}

/** Tasks the caller's query names, in these statuses, up to `limit` (oldest first, by id for a stable order). */
export async function tasksIn(db: Db, ids: IdQuery, statuses: readonly TaskStatus[], limit: number): Promise<TaskRow[]> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('id', 'in', ids)
    .where('status', 'in', [...statuses])
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** How many of the tasks the caller's query names are in these statuses. */
export async function countTasksIn(db: Db, ids: IdQuery, statuses: readonly TaskStatus[]): Promise<number> {
  const row = await db
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('id', 'in', ids)
    .where('status', 'in', [...statuses])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type Tally<G extends string> = Record<G, unknown> & { tasks: number; failed: number; points: number };

/**
 * Tasks, failures (failed or stopped) and points (the cost of the others) per group of the caller's
 * rows: `source` selects `task_id` and the `groupBy` columns, ordered by `orderBy` (one query).
 */
export async function tallyTasks<G extends string>(
  db: Db,
  source: IdQuery,
  groupBy: readonly G[],
  orderBy: ReadonlyArray<[G, 'asc' | 'desc']> = [],
): Promise<Tally<G>[]> {
  const cols = groupBy.map((g) => sql.ref(`s.${g}`));
  let query = db
    .selectFrom(source.as('s'))
    .innerJoin('tasks', (join) => join.on('tasks.id', '=', sql.ref<string>('s.task_id')))
    .select([
      ...groupBy.map((g) => sql.ref(`s.${g}`).as(g)),
      (eb) => eb.fn.countAll<number | string>().as('tasks'),
      sql<number | string>`sum(case when tasks.status in ('failed', 'stopped') then 1 else 0 end)`.as('failed'),
      sql<number | string>`sum(case when tasks.status in ('failed', 'stopped') then 0 else tasks.cost end)`.as('points'),
    ])
    .groupBy(cols);
  for (const [column, direction] of orderBy) query = query.orderBy(sql.ref(`s.${column}`), direction);
  const rows = (await query.execute()) as Array<Record<string, unknown>>;
  return rows.map((r) => ({ ...r, tasks: Number(r.tasks), failed: Number(r.failed), points: Number(r.points) }) as Tally<G>);
}

/** A user's tasks of one business type (not deleted) that a list page shows. */
export interface UserTaskFilter {
  userId: string;
  tenantId: string;
  bizType: string;
  /** Created at or after (the retention start, a chosen date). */
  since: number;
  /** Created before. */
  until?: number;
  /** A fragment the stored params JSON contains (e.g. `"mode":"`), as written by JSON.stringify. */
  paramsContain?: string;
}

/** One page of the user's tasks, newest first, and the total (hot-content workbench lists). */
export async function userTaskPage(db: Db, f: UserTaskFilter, page: Paging): Promise<{ rows: TaskRow[]; total: number }> {
  let base = db
    .selectFrom('tasks')
    .where('user_id', '=', f.userId)
    .where('tenant_id', '=', f.tenantId)
    .where('biz_type', '=', f.bizType)
    .where('deleted_at', 'is', null)
    .where('created_at', '>=', f.since);
  if (f.until !== undefined) base = base.where('created_at', '<', f.until);
  if (f.paramsContain) base = base.where('params', 'like', `%${f.paramsContain}%`);
  return listPage(base, page, (qb) => qb.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'));
}

/**
 * The user's completed tasks of one business type, by last update newest first, after a cursor
 * (`updated_at`, `id` of the last one seen), up to `limit` (the poster list's pages).
 */
export async function completedTasksBefore(
  db: Db,
  f: Omit<UserTaskFilter, 'until' | 'paramsContain'> & { updatedFrom?: number; updatedUntil?: number },
  cursor: { at: number; id: string } | null,
  limit: number,
): Promise<TaskRow[]> {
  let query = db
    .selectFrom('tasks')
    .selectAll()
    .where('user_id', '=', f.userId)
    .where('tenant_id', '=', f.tenantId)
    .where('biz_type', '=', f.bizType)
    .where('status', '=', 'completed')
    .where('deleted_at', 'is', null)
    .where('created_at', '>=', f.since);
  if (f.updatedFrom !== undefined) query = query.where('updated_at', '>=', f.updatedFrom);
  if (f.updatedUntil !== undefined) query = query.where('updated_at', '<', f.updatedUntil);
  if (cursor)
    query = query.where((eb) =>
      eb.or([eb('updated_at', '<', cursor.at), eb.and([eb('updated_at', '=', cursor.at), eb('id', '<', cursor.id)])]),
    );
  return query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
