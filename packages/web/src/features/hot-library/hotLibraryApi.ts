import { api } from '../../app/api.ts';

export interface HotItem {
  itemId: string;
  title: string;
  content: string;
  url: string;
  platform: string;
  hot: string;
  source: 'hotspot' | 'note' | 'manual';
  noteId: string | null;
  createdAt: number;
}

export const hotLibraryApi = {
  list: (searchText: string, pageNum: number, pageSize: number) =>
    api.get<{ list: HotItem[]; total: number }>('/api/hot-library', { searchText, pageNum, pageSize }),
  get: (itemId: string) => api.get<HotItem>(`/api/hot-library/${encodeURIComponent(itemId)}`),
  save: (input: { title: string; content: string; url: string; platform: string; hot: string }) =>
    api.post<{ itemId: string }>('/api/hot-library', { ...input, source: 'manual' }),
  remove: (itemId: string) => api.del(`/api/hot-library/${encodeURIComponent(itemId)}`),
};
