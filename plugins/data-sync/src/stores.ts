import type { ApiBody, ApiData } from '@productimage/core';
import type { PluginApi } from '@productimage/plugin-shared';
import type { ItemStore, ProductItem, SyncValues } from './sync.ts';

/** At most this many items are kept in step per table. */
export const SYNC_LIMIT = 1000;

const list = (text: string) =>
  text
    .split(/[,，]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Every page of a list, up to SYNC_LIMIT items. */
async function allPages<T>(fetchPage: (pageNum: number) => Promise<{ list: T[]; total: number }>): Promise<T[]> {
  const out: T[] = [];
  for (let pageNum = 1; out.length < SYNC_LIMIT; pageNum += 1) {
    const page = await fetchPage(pageNum);
    out.push(...page.list);
    if (page.list.length < 100 || out.length >= page.total) break;
  }
  return out;
}

interface NoteView {
  noteId: string;
  title: string;
  content: string;
  images: string[];
  tags: string[];
  sourceUrl: string;
  platform: string;
  metrics: { likes: number; collects: number; comments: number; shares: number };
  isPublic: boolean;
  updatedAt: number;
}

/** The user's own note base (GET/POST/PUT/DELETE /api/notes): title, content, tags, link. */
export function apiNoteStore(api: PluginApi): ItemStore {
  const toItem = (n: NoteView): ProductItem => ({
    id: n.noteId,
    values: { title: n.title, content: n.content, tags: n.tags.join(', '), link: n.sourceUrl },
    updatedAt: n.updatedAt,
  });
  // PUT replaces the whole note: the parts the table does not hold are sent back as they are.
  const body = (n: Pick<NoteView, 'images' | 'platform' | 'metrics' | 'isPublic'>, v: SyncValues) => ({
    title: v.title ?? '',
    content: v.content ?? '',
    tags: list(v.tags ?? ''),
    sourceUrl: v.link ?? '',
    images: n.images,
    platform: n.platform,
    metrics: n.metrics,
    isPublic: n.isPublic,
  });
  const get = (id: string): Promise<NoteView> => api.GET('/api/notes/{noteId}', { params: { path: { noteId: Number(id) } } });
  return {
    columns: [{ key: 'title', required: true }, { key: 'content' }, { key: 'tags' }, { key: 'link', url: true }],
    list: async () =>
      (await allPages((pageNum) => api.GET('/api/notes', { params: { query: { scope: 'mine', pageNum, pageSize: 100 } } }))).map(
        toItem,
      ),
    async create(values) {
      const empty = { images: [], platform: '', metrics: { likes: 0, collects: 0, comments: 0, shares: 0 }, isPublic: false };
      const { noteId } = await api.POST('/api/notes', { body: body(empty, values) });
      return toItem(await get(noteId));
    },
    async update(id, values) {
      await api.PUT('/api/notes/{noteId}', { params: { path: { noteId: Number(id) } }, body: body(await get(id), values) });
      return toItem(await get(id));
    },
    async remove(id) {
      await api.DELETE('/api/notes/{noteId}', { params: { path: { noteId: Number(id) } } });
    },
  };
}

type TaskView = ApiData<'get', '/api/content-tasks/{taskId}'>;
type TaskBody = ApiBody<'post', '/api/content-tasks'>;

/** The task list (GET/POST/PUT/DELETE /api/content-tasks): title, description, owner, due date, status. */
export function apiTaskStore(api: PluginApi): ItemStore {
  const toItem = (t: TaskView): ProductItem => ({
    id: t.taskId,
    values: { title: t.title, description: t.description, owner: t.owner, dueDate: t.dueDate, status: t.status },
    updatedAt: t.updatedAt,
  });
  // The status is the table's text: the server accepts its four values and refuses others (per row).
  const body = (t: Partial<TaskView>, v: SyncValues): TaskBody => ({
    title: v.title ?? '',
    description: v.description ?? '',
    owner: v.owner ?? '',
    dueDate: v.dueDate ?? '',
    status: (v.status || 'NEW') as TaskBody['status'],
    platforms: (t.platforms ?? []) as TaskBody['platforms'],
    noteIds: (t.noteIds ?? []).map(Number),
    contentIds: t.contentIds ?? [],
    themeId: t.themeId == null ? null : Number(t.themeId),
    topicId: t.topicId == null ? null : Number(t.topicId),
  });
  const get = (id: string): Promise<TaskView> =>
    api.GET('/api/content-tasks/{taskId}', { params: { path: { taskId: Number(id) } } });
  return {
    columns: [{ key: 'title', required: true }, { key: 'description' }, { key: 'owner' }, { key: 'dueDate' }, { key: 'status' }],
    list: async () =>
      (await allPages((pageNum) => api.GET('/api/content-tasks', { params: { query: { pageNum, pageSize: 100 } } }))).map(toItem),
    async create(values) {
      const created = await api.POST('/api/content-tasks', { body: body({}, values) });
      return toItem(await get(created.taskId));
    },
    async update(id, values) {
      await api.PUT('/api/content-tasks/{taskId}', {
        params: { path: { taskId: Number(id) } },
        body: body(await get(id), values),
      });
      return toItem(await get(id));
    },
    async remove(id) {
      await api.DELETE('/api/content-tasks/{taskId}', { params: { path: { taskId: Number(id) } } });
    },
  };
}
