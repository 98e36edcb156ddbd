import type { EmbedEventMap, EmbedTaskOutput } from '@productimage/core/embed/protocol';
import { isTerminalStatus } from '@productimage/core/tasks/events';

interface TaskLike {
  taskId: string;
  bizType: string;
  status: string;
  outputs?: Array<{ url: string; type: string }>;
}

const isTask = (value: unknown): value is TaskLike =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TaskLike).taskId === 'string' &&
  typeof (value as TaskLike).status === 'string';

/**
 * Follows task states as they arrive and returns the `taskFinished` report when a task seen
 * unfinished has just finished; tasks already finished when first seen (history) give nothing.
 * Output URLs are made absolute against `base` so the host can use them.
 */
export function finishedTaskTracker(base: string) {
  const running = new Set<string>();
  return (value: unknown): EmbedEventMap['taskFinished'] | null => {
    if (!isTask(value)) return null;
    if (!isTerminalStatus(value.status)) {
      running.add(value.taskId);
      return null;
    }
    if (!running.delete(value.taskId)) return null;
    const outputs: EmbedTaskOutput[] = (value.outputs ?? []).map((output) => ({
      url: new URL(output.url, base).toString(),
      type: output.type,
    }));
    return {
      taskId: value.taskId,
      bizType: value.bizType,
      status: value.status as EmbedEventMap['taskFinished']['status'],
      outputs,
    };
  };
}
