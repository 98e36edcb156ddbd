import type { ApiBody, Schema } from '@productimage/core';
import { api } from '../../../app/api.ts';

export const CONTENT_TASK_STATUSES = ['NEW', 'RUNNING', 'SUCCESS', 'TIMEOUT'] as const;
export type ContentTaskStatus = (typeof CONTENT_TASK_STATUSES)[number];
export const TASK_PLATFORMS = ['douyin', 'xiaohongshu', 'weibo', 'wechat'] as const;

export type ContentTask = Schema<'ProductionTask'>;

/** Body of creating or saving a task, from the route's schema (generated client types). */
export type ContentTaskInput = ApiBody<'post', '/api/content-tasks'>;

const taskId = (id: string) => ({ path: { taskId: Number(id) } });

export const taskListApi = {
  list: (query: { pageNum: number; pageSize: number; status?: ContentTaskStatus; themeId?: string }) =>
    api.GET('/api/content-tasks', {
      params: { query: { ...query, themeId: query.themeId ? Number(query.themeId) : undefined } },
    }),
  /** One task, or null when it does not exist for this user (a list lookup: no failing request). */
  find: (id: string) =>
    api
      .GET('/api/content-tasks', { params: { query: { taskId: Number(id) || undefined, pageNum: 1, pageSize: 1 } } })
      .then((d) => (Number(id) > 0 ? (d.list[0] ?? null) : null)),
  create: (body: ContentTaskInput) => api.POST('/api/content-tasks', { body }),
  update: (id: string, body: ContentTaskInput) => api.PUT('/api/content-tasks/{taskId}', { params: taskId(id), body }),
  remove: (id: string) => api.DELETE('/api/content-tasks/{taskId}', { params: taskId(id) }),
};
