import { createParser } from 'eventsource-parser';
import type { StreamEventArgs } from './streams.ts';

/**
 * The one reader of server-sent events on every client (web app, kit, plugins): task events,
 * marketing report and content streams, the agent's answers. Streams are read with fetch because
 * EventSource cannot send the Authorization header (nor POST a question); eventsource-parser does
 * the framing (the WHATWG rules: `event:`, `data:`, `id:` lines, a blank line ends an event, `:`
 * comments ignored). Where the server gives event ids (task events), `resume` reconnects after a
 * drop with `Last-Event-ID`, so the server sends only what was missed. `E` is the route's events
 * (api/streams.ts, the map the server writes them by): the data is trusted to be what it names.
 */
export interface EventStreamOptions<E = Record<string, unknown>> {
  /**
   * Opens one connection. `headers` are the stream's own (Accept, and Last-Event-ID on a resume),
   * to be sent beside the caller's (authorization, language), which are read again each time.
   */
  open(headers: Record<string, string>, signal: AbortSignal | undefined): Promise<Response>;
  signal?: AbortSignal;
  /** Every event in order, its data parsed from JSON (events whose data is not JSON are skipped). */
  onEvent(...event: StreamEventArgs<E>): void;
  /** Whether this event is the last one: the reader stops at once instead of waiting for the close. */
  isLast?(...event: StreamEventArgs<E>): boolean;
  /**
   * An answer that is not an event stream (an error envelope, a proxy's page): throw what the
   * caller wants thrown (it may read the body), or cancel the body and answer 'unavailable'.
   * Without it, `EventStreamRefused` is thrown.
   */
  refused?(response: Response): Promise<'unavailable'>;
  /** Reconnect after a drop with Last-Event-ID (only streams whose server gives event ids). */
  resume?: {
    /** Reconnections in a row without any event before giving up (default 3). */
    maxReconnects?: number;
    /** Waits before reconnection n (1, 2, ...); default 1 s times n. Tests pass 0. */
    backoffMs?: (attempt: number) => number;
  };
}

/**
 * `ended`: the last event arrived (`isLast`). `closed`: the server closed the stream (a stream that
 * does not resume). `unavailable`: the stream could not be (re)opened. `aborted`: the signal fired
 * while resuming (a stream that does not resume rethrows the abort, as fetch does).
 */
export type EventStreamOutcome = 'ended' | 'closed' | 'unavailable' | 'aborted';

/** The server answered something other than an event stream. */
export class EventStreamRefused extends Error {
  constructor(readonly response: Response) {
    super(`event stream answered ${response.status}`);
  }
}

const isEventStream = (response: Response) =>
  response.ok && !!response.body && !!response.headers.get('content-type')?.includes('text/event-stream');

const sleep = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export async function readEventStream<E = Record<string, unknown>>(options: EventStreamOptions<E>): Promise<EventStreamOutcome> {
  const { signal, resume } = options;
  const maxReconnects = resume?.maxReconnects ?? 3;
  const backoff = resume?.backoffMs ?? ((n: number) => 1000 * n);
  let lastEventId: string | null = null;
  let failures = 0;

  for (;;) {
    let received = false;
    let ended = false;
    try {
      const headers: Record<string, string> = { Accept: 'text/event-stream' };
      if (lastEventId) headers['Last-Event-ID'] = lastEventId;
      const response = await options.open(headers, signal);
      // A refusal is the caller's answer (or error), never a drop to reconnect after.
      if (!isEventStream(response)) throw new EventStreamRefused(response);
      const parser = createParser({
        onEvent(message) {
          received = true;
          if (message.id) lastEventId = message.id;
          let data: unknown;
          try {
            data = JSON.parse(message.data);
          } catch {
            return;
          }
          const event = [message.event ?? 'message', data] as StreamEventArgs<E>;
          options.onEvent(...event);
          if (options.isLast?.(...event)) ended = true;
        },
      });
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
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
      if (!resume) return 'closed';
    } catch (error) {
      if (error instanceof EventStreamRefused && options.refused) {
        return options.refused(error.response);
      }
      if (!resume || error instanceof EventStreamRefused) throw error;
      if (signal?.aborted) return 'aborted';
      // a dropped connection: reconnect below
    }
    if (signal?.aborted) return 'aborted';
    failures = received ? 1 : failures + 1;
    if (failures > maxReconnects) return 'unavailable';
    await sleep(backoff(failures), signal);
    if (signal?.aborted) return 'aborted';
  }
}
