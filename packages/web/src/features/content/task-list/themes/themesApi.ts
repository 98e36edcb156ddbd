import type { Schema } from '@productimage/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../app/api.ts';

export type Theme = Schema<'Theme'>;
export type Topic = Schema<'ThemeTopic'>;

export const THEMES_KEY = ['themes'] as const;
const themeId = (id: string) => ({ path: { themeId: Number(id) } });
const topicId = (id: string) => ({ path: { topicId: Number(id) } });
type TopicInput = { themeId: string; name: string; description: string };
const topicBody = (input: TopicInput) => ({ ...input, themeId: Number(input.themeId) });

export const themesApi = {
  list: () => api.GET('/api/themes').then((d) => d.list),
  createTheme: (body: { name: string; description: string }) => api.POST('/api/themes', { body }),
  updateTheme: (id: string, body: { name: string; description: string }) =>
    api.PUT('/api/themes/{themeId}', { params: themeId(id), body }),
  deleteTheme: (id: string) => api.DELETE('/api/themes/{themeId}', { params: themeId(id) }),
  createTopic: (input: TopicInput) => api.POST('/api/theme-topics', { body: topicBody(input) }),
  updateTopic: (id: string, input: TopicInput) =>
    api.PUT('/api/theme-topics/{topicId}', { params: topicId(id), body: topicBody(input) }),
  deleteTopic: (id: string) => api.DELETE('/api/theme-topics/{topicId}', { params: topicId(id) }),
};

export function useThemes() {
  return useQuery({ queryKey: THEMES_KEY, queryFn: themesApi.list });
}
