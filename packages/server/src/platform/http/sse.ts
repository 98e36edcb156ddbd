import type { SSEReplyInterface } from '@fastify/sse';

/** One event of a server-sent-events answer: `id` only where the stream can be resumed (tasks). */
export interface SseOut {
  event: string;
  data: unknown;
  id?: string;
}

export interface SseSender {
  /** Queues one event; events go out in the order they were queued. */
  send(event: SseOut): void;
  /** Resolves once every queued event has been written (or dropped). */
  flushed(): Promise<void>;
}

/**
 * The one way the server writes server-sent events: through @fastify/sse (route option
 * `sse: 'only'`, so a refusal before the first event is still a JSON envelope, and the plugin's
 * heartbeat keeps proxies from timing out). Writes are queued so that events keep their order
 * while an asynchronous `prepare` (signing file URLs) runs; once the client has gone, events are
 * dropped and `onGone` is called, so the route can stop its work and end.
 */
export function sseSender(
  sse: SSEReplyInterface,
  options: { prepare?: (data: unknown) => Promise<unknown>; onGone?: () => void } = {},
): SseSender {
  let writing: Promise<void> = Promise.resolve();
  const gone = () => options.onGone?.();
  return {
    send({ event, data, id }) {
      writing = writing
        .then(async () => {
          if (!sse.isConnected) return gone();
          const payload = options.prepare ? await options.prepare(data) : data;
          if (!sse.isConnected) return gone();
          await sse.send({ ...(id ? { id } : {}), event, data: payload });
        })
        .catch(gone);
    },
    flushed: () => writing,
  };
}
