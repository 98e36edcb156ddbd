import { laterTaskView } from '@productimage/core';
import type { QueryClient } from '@tanstack/react-query';
import type { TaskView } from './taskApi.ts';

/** Where the page keeps each task's latest view (react-query's cache), by task id. */
export const taskKey = (taskId: string) => ['task', taskId] as const;

/**
 * Reads a task for the cache through `read`, keeping a final status the cache got meanwhile (core's
 * `laterTaskView`): the page's own read can leave before the task ends and land after its events
 * brought the final status, which must not make the tool busy again (issue 28).
 */
export async function readIntoCache(client: QueryClient, taskId: string, read: (id: string) => Promise<TaskView>) {
  const next = await read(taskId);
  return laterTaskView(client.getQueryData<TaskView>(taskKey(taskId)), next);
}
