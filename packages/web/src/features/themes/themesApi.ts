import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.ts';

export interface Topic {
  topicId: string;
  themeId: string;
  name: string;
  description: string;
}

export interface Theme {
  themeId: string;
  name: string;
  description: string;
  tasks: number;
  topics: Topic[];
  createdAt: number;
}

export const THEMES_KEY = ['themes'] as const;

export const themesApi = {
  list: () => api.get<{ list: Theme[] }>('/api/themes').then((d) => d.list),
  createTheme: (input: { name: string; description: string }) => api.post<{ themeId: string }>('/api/themes', input),
  updateTheme: (id: string, input: { name: string; description: string }) =>
    api.put(`/api/themes/${encodeURIComponent(id)}`, input),
  deleteTheme: (id: string) => api.del(`/api/themes/${encodeURIComponent(id)}`),
  createTopic: (input: { themeId: string; name: string; description: string }) =>
    api.post<{ topicId: string }>('/api/theme-topics', input),
  updateTopic: (id: string, input: { themeId: string; name: string; description: string }) =>
    api.put(`/api/theme-topics/${encodeURIComponent(id)}`, input),
  deleteTopic: (id: string) => api.del(`/api/theme-topics/${encodeURIComponent(id)}`),
};

export function useThemes() {
  return useQuery({ queryKey: THEMES_KEY, queryFn: themesApi.list });
}
