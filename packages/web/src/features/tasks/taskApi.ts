import type { BizType, TaskStatus } from '@productimage/core';
import { api } from '../../app/api.ts';

/** Wire shapes of API.md "Generation tasks". */
export interface TaskOutput {
  url: string;
  type: string;
}

export interface TaskView {
  taskId: string;
  bizType: BizType;
  status: TaskStatus;
  progress: number;
  outputs: TaskOutput[];
  cost: number;
  error: string | null;
  params?: Record<string, unknown>;
  inputs?: string[];
  createdAt?: number;
  updatedAt?: number;
}

export interface TaskList {
  list: TaskView[];
  total: number;
}

export interface CreateTaskBody {
  bizType: BizType;
  params: Record<string, unknown>;
  inputs: string[];
}

export interface CreatedTask {
  taskId: string;
  status: TaskStatus;
  cost: number;
}

export const TERMINAL_STATUSES: readonly TaskStatus[] = ['completed', 'failed', 'stopped'];
export const isTerminal = (status: TaskStatus) => TERMINAL_STATUSES.includes(status);

export const taskApi = {
  create: (body: CreateTaskBody) => api.post<CreatedTask>('/api/tasks', body),
  get: (taskId: string) => api.get<TaskView>(`/api/tasks/${encodeURIComponent(taskId)}`),
  list: (query: { bizType?: string; status?: string; pageNum: number; pageSize: number }) =>
    api.get<TaskList>('/api/tasks', query),
  stop: (taskId: string) => api.post<TaskView>(`/api/tasks/${encodeURIComponent(taskId)}/stop`),
  remove: (taskId: string) => api.del<null>(`/api/tasks/${encodeURIComponent(taskId)}`),
  rate: (taskId: string, body: { score: number; reasons: string[]; comment?: string }) =>
    api.post<null>(`/api/tasks/${encodeURIComponent(taskId)}/rating`, body),
  /** Stores a generation input (checked by content on the server); answers its URL. */
  upload: async (file: Blob, filename: string) => {
    const urls = await api.upload(file, filename);
    const url = urls[0];
    if (!url) throw new Error('upload answered no URL');
    return url;
  },
};
