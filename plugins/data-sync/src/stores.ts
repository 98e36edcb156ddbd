import type { PluginApi } from '@productimage/plugin-shared';
import type { ItemStore, ProductItem, SyncValues } from './sync.ts';

/** At most this many items are kept in step per table. */
export const SYNC_LIMIT = 1000;

const list = (text: string) =>
  text
    .split(/[,，]/)
    .map((s) => s.trim())
    .filter(Boolean);

async function allPages<T>(api: PluginApi, path: string, query: Record<string, string>): Promise<T[]> {
  const out: T[] = [];
  for (let pageNum = 1; out.length < SYNC_LIMIT; pageNum += 1) {
    const page = await api.get<{ list: T[]; total: number }>(path, { ...query, pageNum, pageSize: 100 });
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
  const get = (id: string) => api.get<NoteView>(`/api/notes/${encodeURIComponent(id)}`);
  return {
    columns: [{ key: 'title', required: true }, { key: 'content' }, { key: 'tags' }, { key: 'link', url: true }],
    list: async () => (await allPages<NoteView>(api, '/api/notes', { scope: 'mine' })).map(toItem),
    async create(values) {
      const empty = { images: [], platform: '', metrics: { likes: 0, collects: 0, comments: 0, shares: 0 }, isPublic: false };
      const { noteId } = await api.post<{ noteId: string }>('/api/notes', body(empty, values));
      return toItem(await get(noteId));
    },
    async update(id, values) {
      await api.put(`/api/notes/${encodeURIComponent(id)}`, body(await get(id), values));
      return toItem(await get(id));
    },
    async remove(id) {
      await api.del(`/api/notes/${encodeURIComponent(id)}`);
    },
  };
}

interface TaskView {
  taskId: string;
  title: string;
  description: string;
  owner: string;
  dueDate: string;
  platforms: string[];
  noteIds: string[];
  contentIds: string[];
  themeId: string | null;
  topicId: string | null;
  status: string;
  updatedAt: number;
}

/** The task list (GET/POST/PUT/DELETE /api/content-tasks): title, description, owner, due date, status. */
export function apiTaskStore(api: PluginApi): ItemStore {
  const toItem = (t: TaskView): ProductItem => ({
    id: t.taskId,
    values: { title: t.title, description: t.description, owner: t.owner, dueDate: t.dueDate, status: t.status },
    updatedAt: t.updatedAt,
  });
  const body = (t: Partial<TaskView>, v: SyncValues) => ({
    title: v.title ?? '',
    description: v.description ?? '',
    owner: v.owner ?? '',
    dueDate: v.dueDate ?? '',
    status: v.status || 'NEW',
    platforms: t.platforms ?? [],
    noteIds: (t.noteIds ?? []).map(Number),
    contentIds: t.contentIds ?? [],
    themeId: t.themeId == null ? null : Number(t.themeId),
    topicId: t.topicId == null ? null : Number(t.topicId),
  });
  const get = (id: string) => api.get<TaskView>(`/api/content-tasks/${encodeURIComponent(id)}`);
  return {
    columns: [{ key: 'title', required: true }, { key: 'description' }, { key: 'owner' }, { key: 'dueDate' }, { key: 'status' }],
    list: async () => (await allPages<TaskView>(api, '/api/content-tasks', {})).map(toItem),
    async create(values) {
      const created = await api.post<{ taskId: string }>('/api/content-tasks', body({}, values));
      return toItem(await get(created.taskId));
    },
    async update(id, values) {
      await api.put(`/api/content-tasks/${encodeURIComponent(id)}`, body(await get(id), values));
      return toItem(await get(id));
    },
    async remove(id) {
      await api.del(`/api/content-tasks/${encodeURIComponent(id)}`);
    },
  };
}
