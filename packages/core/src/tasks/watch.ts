import { readEventStream } from '../api/eventStream.ts';
import type { StreamEventArgs, TaskStreamEvents } from '../api/streams.ts';
import { isTerminalStatus } from './events.ts';

/**
 * Follows one task's server-sent events (docs/engines.md "Task events") with fetch, because
 * EventSource cannot send the Authorization header (core's `readEventStream`). When the
 * connection drops before the task has ended, it reconnects with `Last-Event-ID` so the server sends
 * only what was missed. Shared by the web app and the plugins.
 */
export interface FollowTaskEventsOptions {
  /** Absolute or same-origin URL of GET /api/tasks/:taskId/events. */
  url: string;
  /** Headers of each connection (authorization, language): read again on every reconnect. */
  headers: () => Record<string, string>;
  signal: AbortSignal;
  /** Every event in order, parsed from JSON (api/streams.ts names them). */
  onEvent(...event: StreamEventArgs<TaskStreamEvents>): void;
  /** Reconnections in a row without any event before giving up (default 3). */
  maxReconnects?: number;
  /** Waits before reconnection n (1, 2, ...); default 1 s times n. Tests pass 0. */
  backoffMs?: (attempt: number) => number;
  fetch?: typeof fetch;
}

/**
 * `ended`: a final status arrived. `unavailable`: the stream could not be (re)opened, the caller
 * falls back to polling. `aborted`: the signal fired. A 404 (task deleted) rejects with the status.
 */
export type FollowOutcome = 'ended' | 'unavailable' | 'aborted';

export class TaskEventsError extends Error {
  constructor(readonly status: number) {
    super(`task events answered ${status}`);
  }
}

/**
 * Task events through core's event-stream reader, resuming with Last-Event-ID. A final status
 * (in `status`, or in `task` for a task that had already ended) ends it.
 */
export async function followTaskEvents(options: FollowTaskEventsOptions): Promise<FollowOutcome> {
  const doFetch = options.fetch ?? fetch;
  const outcome = await readEventStream<TaskStreamEvents>({
    open: (headers, signal) => doFetch(options.url, { headers: { ...options.headers(), ...headers }, signal }),
    signal: options.signal,
    onEvent: options.onEvent,
    isLast: (name, data) => (name === 'status' || name === 'task') && isTerminalStatus(data.status),
    async refused(response) {
      await response.body?.cancel().catch(() => undefined);
      if (response.status === 404) throw new TaskEventsError(404);
      return 'unavailable';
    },
    resume: { maxReconnects: options.maxReconnects ?? 3, backoffMs: options.backoffMs ?? ((n: number) => 1000 * n) },
  });
  // A resuming stream never ends by a plain close.
  return outcome === 'closed' ? 'unavailable' : outcome;
}
