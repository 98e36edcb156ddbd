import { createParser } from 'eventsource-parser';
import { isTerminalStatus } from './events.ts';

/**
 * Follows one task's server-sent events (docs/engines.md "Task events") with fetch, because
 * EventSource cannot send the Authorization header; eventsource-parser does the framing. When the
 * connection drops before the task has ended, it reconnects with `Last-Event-ID` so the server sends
 * only what was missed. Shared by the web app and the plugins.
 */
export interface FollowTaskEventsOptions {
  /** Absolute or same-origin URL of GET /api/tasks/:taskId/events. */
  url: string;
  /** Headers of each connection (authorization, language): read again on every reconnect. */
  headers: () => Record<string, string>;
  signal: AbortSignal;
  /** Every event in order, parsed from JSON. */
  onEvent(event: string, data: unknown): void;
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

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export async function followTaskEvents(options: FollowTaskEventsOptions): Promise<FollowOutcome> {
  const { signal } = options;
  const doFetch = options.fetch ?? fetch;
  const maxReconnects = options.maxReconnects ?? 3;
  const backoff = options.backoffMs ?? ((n: number) => 1000 * n);
  let lastEventId: string | null = null;
  let ended = false;
  let failures = 0;

  while (!signal.aborted) {
    let received = false;
    try {
      const headers: Record<string, string> = { ...options.headers(), Accept: 'text/event-stream' };
      if (lastEventId) headers['Last-Event-ID'] = lastEventId;
      const response = await doFetch(options.url, { headers, signal });
      if (response.status === 404) throw new TaskEventsError(404);
      if (!response.ok || !response.body || !response.headers.get('content-type')?.includes('text/event-stream')) {
        await response.body?.cancel().catch(() => undefined);
        return 'unavailable';
      }
      const parser = createParser({
        onEvent(message) {
          received = true;
          if (message.id) lastEventId = message.id;
          let data: unknown = null;
          try {
            data = JSON.parse(message.data);
          } catch {
            return;
          }
          const name = message.event ?? 'message';
          options.onEvent(name, data);
          const status = (data as { status?: unknown } | null)?.status;
          if ((name === 'status' || name === 'task') && typeof status === 'string' && isTerminalStatus(status)) ended = true;
        },
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      try {
        while (!ended) {
          const { value, done } = await reader.read();
          if (done) break;
          parser.feed(value);
        }
      } finally {
        reader.cancel().catch(() => undefined);
      }
      if (ended) return 'ended';
    } catch (error) {
      if (error instanceof TaskEventsError) throw error;
      if (signal.aborted) return 'aborted';
      // a dropped connection: reconnect below
    }
    failures = received ? 1 : failures + 1;
    if (failures > maxReconnects) return 'unavailable';
    await sleep(backoff(failures), signal);
  }
  return 'aborted';
}
