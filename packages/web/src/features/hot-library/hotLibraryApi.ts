import type { Schema } from '@productimage/core';
import { api } from '../../app/api.ts';

export type HotItem = Schema<'HotItem'>;
const itemId = (id: string) => ({ path: { itemId: Number(id) } });

export const hotLibraryApi = {
  list: (searchText: string, pageNum: number, pageSize: number) =>
    api.GET('/api/hot-library', { params: { query: { searchText, pageNum, pageSize } } }),
  get: (id: string) => api.GET('/api/hot-library/{itemId}', { params: itemId(id) }),
  save: (input: { title: string; content: string; url: string; platform: string; hot: string }) =>
    api.POST('/api/hot-library', { body: { ...input, source: 'manual' } }),
  remove: (id: string) => api.DELETE('/api/hot-library/{itemId}', { params: itemId(id) }),
};
