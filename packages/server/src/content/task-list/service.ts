import { type Selectable, sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ownedRow } from '../../platform/http/owned-row.ts';
import { listPage, type Paging } from '../../platform/http/paging.ts';
import { containing, parseJson } from '../../platform/http/record-fields.ts';
import { readableNotes } from '../notes/service.ts';
import type { TaskListTables } from './tables.ts';
import { getTheme, getTopic } from './themes/service.ts';

export interface Owner {
  id: string;
  tenantId: string;
}

export const CONTENT_TASK_STATUSES = ['NEW', 'RUNNING', 'SUCCESS', 'TIMEOUT'] as const;
export type ContentTaskStatus = (typeof CONTENT_TASK_STATUSES)[number];

export interface ContentTaskInput {
  title: string;
  description: string;
  owner: string;
  dueDate: string;
  platforms: string[];
  noteIds: number[];
  contentIds: string[];
  themeId: number | null;
  topicId: number | null;
  status: ContentTaskStatus;
}

type Row = Selectable<TaskListTables['production_tasks']>;

const toTask = (r: Row) => ({
  taskId: String(r.id),
  title: r.title,
  description: r.description,
  owner: r.owner,
  dueDate: r.due_date,
  platforms: parseJson<string[]>(r.platforms, []),
  noteIds: parseJson<number[]>(r.note_ids, []).map(String),
  contentIds: parseJson<string[]>(r.content_ids, []),
  themeId: r.theme_id == null ? null : String(r.theme_id),
  topicId: r.topic_id == null ? null : String(r.topic_id),
  status: r.status as ContentTaskStatus,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

/** Linked notes, theme and topic must be ones the user may see; a topic must belong to the theme. */
async function checkLinks(ctx: AppContext, user: Owner, input: ContentTaskInput) {
  const noteIds = [...new Set(input.noteIds)];
  if ((await readableNotes(ctx, user, noteIds)).length !== noteIds.length) throw new AppError('notFound');
  if (input.themeId != null) await getTheme(ctx, user, input.themeId);
  if (input.topicId != null) {
    const topic = await getTopic(ctx, user, input.topicId);
    if (input.themeId != null && topic.themeId !== String(input.themeId)) throw new AppError('badRequest');
  }
}

const columnsOf = (input: ContentTaskInput) => ({
  title: input.title,
  description: input.description,
  owner: input.owner,
  due_date: input.dueDate,
  platforms: JSON.stringify(input.platforms),
  note_ids: JSON.stringify([...new Set(input.noteIds)]),
  content_ids: JSON.stringify(input.contentIds),
  theme_id: input.themeId,
  topic_id: input.topicId,
  status: input.status,
});

export async function listContentTasks(
  ctx: AppContext,
  user: Owner,
  filter: { status?: ContentTaskStatus; themeId?: number; topicId?: number; taskId?: number; searchText: string },
  page: Paging,
) {
  let base = ctx.db.selectFrom('production_tasks').where('user_id', '=', user.id).where('tenant_id', '=', user.tenantId);
  if (filter.taskId) base = base.where('id', '=', filter.taskId);
  if (filter.status) base = base.where('status', '=', filter.status);
  if (filter.themeId) base = base.where('theme_id', '=', filter.themeId);
  if (filter.topicId) base = base.where('topic_id', '=', filter.topicId);
  if (filter.searchText.trim()) {
    base = base.where(sql<boolean>`lower(title || ' ' || description) like ${containing(filter.searchText.trim())} escape '\\'`);
  }
  const { rows, total } = await listPage(base, page, (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'));
  return { list: rows.map((r) => toTask(r)), total };
}

export async function getContentTask(ctx: AppContext, user: Owner, taskId: number) {
  return toTask(await ownedRow(ctx.db, 'production_tasks', taskId, { user_id: user.id, tenant_id: user.tenantId }));
}

export async function createContentTask(ctx: AppContext, user: Owner, input: ContentTaskInput) {
  await checkLinks(ctx, user, input);
  const now = Date.now();
  const row = await ctx.db
    .insertInto('production_tasks')
    .values({ user_id: user.id, tenant_id: user.tenantId, ...columnsOf(input), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export async function updateContentTask(ctx: AppContext, user: Owner, taskId: number, input: ContentTaskInput) {
  await getContentTask(ctx, user, taskId);
  await checkLinks(ctx, user, input);
  await ctx.db
    .updateTable('production_tasks')
    .set({ ...columnsOf(input), updated_at: Date.now() })
    .where('id', '=', taskId)
    .execute();
}

export async function deleteContentTask(ctx: AppContext, user: Owner, taskId: number) {
  await getContentTask(ctx, user, taskId);
  await ctx.db.deleteFrom('production_tasks').where('id', '=', taskId).execute();
}
