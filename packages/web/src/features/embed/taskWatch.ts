import type { EmbedTaskOutput } from '@productimage/core/embed/protocol';
import type { QueryClient } from '@tanstack/react-query';
import { taskKey } from '../tasks/useTaskRun.ts';
import { emitToHost } from './outbox.ts';

interface TaskLike {
  taskId: string;
  bizType: string;
  status: string;
  outputs?: Array<{ url: string; type: string }>;
}

const FINAL = new Set(['completed', 'failed', 'stopped']);
const TASK_KEY_ROOT = taskKey('')[0];
const isTask = (value: unknown): value is TaskLike =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TaskLike).taskId === 'string' &&
  typeof (value as TaskLike).status === 'string';

/**
 * Reports tasks that finish while the widget is open. Tool pages keep each task's latest state in
 * the query cache (taskKey(id), kept up to date from its event stream); a task seen unfinished
 * and then finished is reported once, with absolute output URLs. Tasks that were already finished
 * when first seen (history) are not.
 */
export function watchFinishedTasks(client: QueryClient): () => void {
  const running = new Set<string>();
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'added') return;
    const key = event.query.queryKey;
    const task = event.query.state.data;
    if (key[0] !== TASK_KEY_ROOT || !isTask(task)) return;
    if (!FINAL.has(task.status)) {
      running.add(task.taskId);
      return;
    }
    if (!running.delete(task.taskId)) return;
    const outputs: EmbedTaskOutput[] = (task.outputs ?? []).map((output) => ({
      url: new URL(output.url, window.location.href).toString(),
      type: output.type,
    }));
    void emitToHost('taskFinished', {
      taskId: task.taskId,
      bizType: task.bizType,
      status: task.status as 'completed' | 'failed' | 'stopped',
      outputs,
    });
  });
}
