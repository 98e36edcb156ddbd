import { isTerminalStatus } from '@productimage/core';
import type { QueryClient } from '@tanstack/react-query';
import type { TaskView } from './taskApi.ts';

/** Where the page keeps each task's latest view (react-query's cache), by task id. */
export const taskKey = (taskId: string) => ['task', taskId] as const;

/**
 * What to show when `next` arrives while `shown` is in the cache: a final status is final. Updates
 * come from several places at once (the task's events, the kit's safety read, the page's own
 * read every 5 s); a read that left before the task ended can land after its final status, and
 * must not make the tool busy again.
 */
export function laterView(shown: TaskView | undefined, next: TaskView): TaskView {
  return shown && isTerminalStatus(shown.status) && !isTerminalStatus(next.status) ? shown : next;
}

/** Reads a task for the cache through `read`, keeping a final status the cache got meanwhile. */
export async function readIntoCache(client: QueryClient, taskId: string, read: (id: string) => Promise<TaskView>) {
  const next = await read(taskId);
  return laterView(client.getQueryData<TaskView>(taskKey(taskId)), next);
}
