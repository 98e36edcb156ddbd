import { api } from '../../app/api.ts';

export const CONTENT_TASK_STATUSES = ['NEW', 'RUNNING', 'SUCCESS', 'TIMEOUT'] as const;
export type ContentTaskStatus = (typeof CONTENT_TASK_STATUSES)[number];
export const TASK_PLATFORMS = ['douyin', 'xiaohongshu', 'weibo', 'wechat'] as const;

export interface ContentTask {
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
  status: ContentTaskStatus;
  createdAt: number;
}

export interface ContentTaskInput {
  title: string;
  description: string;
  owner: string;
  dueDate: string;
  platforms: string[];
  noteIds: number[];
  contentIds: string[];
  themeId: number | null;
  topicId: number | null;
  status: ContentTaskStatus;
}

export const taskListApi = {
  list: (query: { pageNum: number; pageSize: number; status?: string; themeId?: string }) =>
    api.get<{ list: ContentTask[]; total: number }>('/api/content-tasks', query),
  get: (taskId: string) => api.get<ContentTask>(`/api/content-tasks/${encodeURIComponent(taskId)}`),
  create: (input: ContentTaskInput) => api.post<{ taskId: string }>('/api/content-tasks', input),
  update: (taskId: string, input: ContentTaskInput) => api.put(`/api/content-tasks/${encodeURIComponent(taskId)}`, input),
  remove: (taskId: string) => api.del(`/api/content-tasks/${encodeURIComponent(taskId)}`),
};
