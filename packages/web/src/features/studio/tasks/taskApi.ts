import {
  type ApiBody,
  type ApiData,
  type ApiQuery,
  isTerminalStatus,
  LOADING_TIMEOUT_MS,
  type TaskStatus,
} from '@productimage/core';
import { api } from '../../../app/api.ts';

/** Wire shapes of API.md "Generation tasks", from the generated API types (never typed here). */
export type { TaskOutput, TaskView } from '@productimage/core';
export type TaskList = ApiData<'get', '/api/tasks'>;
export type CreateTaskBody = ApiBody<'post', '/api/tasks'>;
export type CreatedTask = ApiData<'post', '/api/tasks'>;

/** Whether a task has ended (completed, failed or stopped): core's one definition. */
export const isTerminal = (status: TaskStatus) => isTerminalStatus(status);

export const taskApi = {
  /** Given up after 30 s (spec 001 §4 loading timers): the user is told, nothing is left hanging. */
  create: (body: CreateTaskBody) => api.POST('/api/tasks', { body, timeoutMs: LOADING_TIMEOUT_MS.generation }),
  get: (taskId: string) => api.GET('/api/tasks/{taskId}', { params: { path: { taskId } } }),
  list: (query: ApiQuery<'get', '/api/tasks'>) => api.GET('/api/tasks', { params: { query } }),
  stop: (taskId: string) => api.POST('/api/tasks/{taskId}/stop', { params: { path: { taskId } } }),
  remove: (taskId: string) => api.DELETE('/api/tasks/{taskId}', { params: { path: { taskId } } }),
  rate: (taskId: string, body: ApiBody<'post', '/api/tasks/{taskId}/rating'>) =>
    api.POST('/api/tasks/{taskId}/rating', { params: { path: { taskId } }, body }),
  /**
   * One of the user's pictures as a task would take it (a hand-off link, a small upload that may be a
   * downloaded result): answers its URL freshly signed, or fails with the task's refusal.
   */
  resolve: async (url: string) => (await api.POST('/api/upload/resolve', { body: { url } })).url,
  /** Stores a generation input (checked by content on the server); answers its URL. `onProgress`: bytes sent so far. */
  upload: async (file: Blob, filename: string, onProgress?: (loaded: number, total: number) => void) => {
    const urls = await api.upload(file, filename, undefined, {
      timeoutMs: LOADING_TIMEOUT_MS.upload,
      ...(onProgress ? { onUploadProgress: onProgress } : {}),
    });
    const url = urls[0];
    if (!url) throw new Error('upload answered no URL');
    return url;
  },
};
