import type { Schema } from '@productimage/core';
import { api } from '../../../app/api.ts';

export type Note = Schema<'Note'>;
export type NoteInput = Pick<Note, 'title' | 'content' | 'images' | 'tags' | 'sourceUrl' | 'platform' | 'metrics' | 'isPublic'>;
export type NoteScope = 'mine' | 'public' | 'favorites';

const noteId = (id: string) => ({ path: { noteId: Number(id) } });

export const notesApi = {
  list: (scope: NoteScope, searchText: string, pageNum: number, pageSize: number) =>
    api.GET('/api/notes', { params: { query: { scope, searchText, pageNum, pageSize } } }),
  /** One note, or null when it does not exist for this user (a list lookup: no failing request). */
  find: (id: string) =>
    api
      .GET('/api/notes', { params: { query: { noteId: Number(id) || undefined, pageNum: 1, pageSize: 1 } } })
      .then((d) => (Number(id) > 0 ? (d.list[0] ?? null) : null)),
  create: (body: NoteInput) => api.POST('/api/notes', { body }),
  update: (id: string, body: NoteInput) => api.PUT('/api/notes/{noteId}', { params: noteId(id), body }),
  remove: (id: string) => api.DELETE('/api/notes/{noteId}', { params: noteId(id) }),
  favorite: (id: string, isFavorite: boolean) =>
    api.POST('/api/notes/{noteId}/favorite', { params: noteId(id), body: { isFavorite } }),
  toHotLibrary: (noteIds: string[]) => api.POST('/api/hot-library/import-notes', { body: { noteIds: noteIds.map(Number) } }),
};
