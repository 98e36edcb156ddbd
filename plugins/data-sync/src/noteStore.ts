import type { PluginApi } from '@productimage/plugin-shared';
import type { NoteStore, ProductNote, SyncValues } from './sync.ts';

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

const toNote = (n: NoteView): ProductNote => ({
  noteId: n.noteId,
  title: n.title,
  content: n.content,
  tags: n.tags,
  link: n.sourceUrl,
  updatedAt: n.updatedAt,
});

/** At most this many notes are kept in step per table. */
export const SYNC_LIMIT = 1000;

/** The user's own note base through the API (GET/POST/PUT/DELETE /api/notes). */
export function apiNoteStore(api: PluginApi): NoteStore {
  const body = (n: Pick<NoteView, 'images' | 'platform' | 'metrics' | 'isPublic'>, v: SyncValues) => ({
    title: v.title,
    content: v.content,
    tags: v.tags,
    sourceUrl: v.link,
    // The note's other parts are kept as they are (PUT replaces the whole note).
    images: n.images,
    platform: n.platform,
    metrics: n.metrics,
    isPublic: n.isPublic,
  });
  const get = (noteId: string) => api.get<NoteView>(`/api/notes/${encodeURIComponent(noteId)}`);
  return {
    async list() {
      const out: ProductNote[] = [];
      for (let pageNum = 1; out.length < SYNC_LIMIT; pageNum += 1) {
        const page = await api.get<{ list: NoteView[]; total: number }>('/api/notes', { scope: 'mine', pageNum, pageSize: 100 });
        out.push(...page.list.map(toNote));
        if (page.list.length < 100 || out.length >= page.total) break;
      }
      return out;
    },
    async create(values) {
      const empty = { images: [], platform: '', metrics: { likes: 0, collects: 0, comments: 0, shares: 0 }, isPublic: false };
      const { noteId } = await api.post<{ noteId: string }>('/api/notes', body(empty, values));
      return toNote(await get(noteId));
    },
    async update(noteId, values) {
      const current = await get(noteId);
      await api.put(`/api/notes/${encodeURIComponent(noteId)}`, body(current, values));
      return toNote(await get(noteId));
    },
    async remove(noteId) {
      await api.del(`/api/notes/${encodeURIComponent(noteId)}`);
    },
  };
}
