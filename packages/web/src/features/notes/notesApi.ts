import { api } from '../../app/api.ts';

export interface Note {
  noteId: string;
  title: string;
  content: string;
  images: string[];
  tags: string[];
  sourceUrl: string;
  platform: string;
  metrics: { likes: number; collects: number; comments: number; shares: number };
  isPublic: boolean;
  mine: boolean;
  isFavorite: boolean;
  createdAt: number;
  updatedAt: number;
}

export type NoteInput = Pick<Note, 'title' | 'content' | 'images' | 'tags' | 'sourceUrl' | 'platform' | 'metrics' | 'isPublic'>;
export type NoteScope = 'mine' | 'public' | 'favorites';

export const notesApi = {
  list: (scope: NoteScope, searchText: string, pageNum: number, pageSize: number) =>
    api.get<{ list: Note[]; total: number }>('/api/notes', { scope, searchText, pageNum, pageSize }),
  get: (noteId: string) => api.get<Note>(`/api/notes/${encodeURIComponent(noteId)}`),
  create: (input: NoteInput) => api.post<{ noteId: string }>('/api/notes', input),
  update: (noteId: string, input: NoteInput) => api.put(`/api/notes/${encodeURIComponent(noteId)}`, input),
  remove: (noteId: string) => api.del(`/api/notes/${encodeURIComponent(noteId)}`),
  favorite: (noteId: string, isFavorite: boolean) =>
    api.post(`/api/notes/${encodeURIComponent(noteId)}/favorite`, { isFavorite }),
  toHotLibrary: (noteIds: string[]) => api.post('/api/hot-library/import-notes', { noteIds: noteIds.map(Number) }),
};
