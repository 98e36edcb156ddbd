import type { TaskStreamEvents } from '../api/streams.ts';
import { TASK_STATUSES, type TaskStatus } from '../constants/tasks.ts';

/**
 * The task event protocol (GET /api/tasks/:taskId/events, docs/engines.md "Task events"): one
 * server-sent-events channel per task. Every event carries an `id`; a client that reconnects sends
 * the last one as `Last-Event-ID` and receives only what it has not seen yet.
 *
 * - `task`: the whole task view (first event of a fresh connection; not repeated on resume)
 * - `progress`: { progress }
 * - `delta`: { offset, text } a piece of streamed text starting at `offset` of the task's text
 * - `text`: { text } the whole text so far, replacing what the client has (a task that restarted)
 * - `outputs`: { outputs, data? } the results of a completed task
 * - `status`: { status, progress, error } the status changed; a final status ends the stream
 *
 * Their data as types: `TaskStreamEvents` (api/streams.ts), which the server writes them by.
 */
export type TaskEventName = keyof TaskStreamEvents;

export const TERMINAL_TASK_STATUSES: readonly TaskStatus[] = ['completed', 'failed', 'stopped'];
export const isTerminalStatus = (status: string): boolean => (TERMINAL_TASK_STATUSES as readonly string[]).includes(status);
/**
 * Which view of a task to keep when `next` arrives while `shown` is known: a final status is final.
 * Updates reach a client from several places at once (its events, reads beside them), and a read
 * that left before the task ended can land after its final status; it must not undo it.
 */
export function laterTaskView<T extends { status: string }>(shown: T | undefined, next: T): T {
  return shown && isTerminalStatus(shown.status) && !isTerminalStatus(next.status) ? shown : next;
}
export const isTaskStatus = (status: unknown): status is TaskStatus =>
  typeof status === 'string' && (TASK_STATUSES as readonly string[]).includes(status);

/** The fields of a task view the events change. */
export interface TaskEventTarget {
  taskId: string;
  status: TaskStatus;
  progress: number;
  text?: string | null;
}

/**
 * Applies one event to the client's copy of a task and answers the new copy (never mutates).
 * A `delta` that does not start where the client's text ends is ignored when already seen and
 * answers null when it skips text (the caller then re-reads the task): text is never doubled or
 * holed.
 */
export function applyTaskEvent<T extends TaskEventTarget>(current: T, event: string, data: unknown): T | null {
  const d = (data ?? {}) as Record<string, unknown>;
  switch (event) {
    case 'task':
      return { ...current, ...(d as Partial<T>), taskId: current.taskId };
    case 'delta': {
      const text = current.text ?? '';
      const offset = typeof d.offset === 'number' ? d.offset : -1;
      const piece = typeof d.text === 'string' ? d.text : '';
      if (offset < 0 || offset > text.length) return null;
      if (offset + piece.length <= text.length) return current;
      return { ...current, text: text.slice(0, offset) + piece };
    }
    case 'text':
      return { ...current, text: typeof d.text === 'string' ? d.text : '' };
    case 'progress':
      return typeof d.progress === 'number' ? { ...current, progress: d.progress } : current;
    case 'outputs':
    case 'status': {
      const patch: Record<string, unknown> = { ...d };
      if ('status' in patch && !isTaskStatus(patch.status)) delete patch.status;
      return { ...current, ...(patch as Partial<T>) };
    }
    default:
      return current;
  }
}
