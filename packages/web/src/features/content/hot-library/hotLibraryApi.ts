import type { Schema } from '@productimage/core';
import { api } from '../../../app/api.ts';

export type HotItem = Schema<'HotItem'>;
const itemId = (id: string) => ({ path: { itemId: Number(id) } });

export const hotLibraryApi = {
  list: (searchText: string, pageNum: number, pageSize: number) =>
    api.GET('/api/hot-library', { params: { query: { searchText, pageNum, pageSize } } }),
  /** One item, or null when it does not exist for this user (a list lookup: no failing request). */
  find: (id: string) =>
    api
      .GET('/api/hot-library', { params: { query: { itemId: Number(id) || undefined, pageNum: 1, pageSize: 1 } } })
      .then((d) => (Number(id) > 0 ? (d.list[0] ?? null) : null)),
  save: (input: { title: string; content: string; url: string; platform: string; hot: string }) =>
    api.POST('/api/hot-library', { body: { ...input, source: 'manual' } }),
  remove: (id: string) => api.DELETE('/api/hot-library/{itemId}', { params: itemId(id) }),
};
