import type { FastifyReply } from 'fastify';

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
  /** The client went away (or a write failed): events are dropped from then on. */
  readonly gone: boolean;
}

/**
 * The one way the server writes server-sent events (task events, marketing streams, the agent's
 * answers): through @fastify/sse (route option `sse: 'only'`, so a refusal before the first event
 * is still a JSON envelope, and the plugin's heartbeat keeps proxies from timing out). Writes are
 * queued so that events keep their order while an asynchronous `prepare` (signing file URLs) runs.
 *
 * "The client has gone" is read from the answer itself: it closed before it was ended (a closed
 * tab, a dropped connection), or it was already closed when the stream began. Not from
 * `reply.sse.isConnected`, which is also false once the answer was closed on purpose (by the route
 * or by the plugin when the handler returns), and which a stream must not confuse with a reader
 * that left. Then `onGone` is called once (asynchronously, never inside this call), events are
 * dropped, and the route stops its work and ends.
 */
export function sseSender(
  reply: FastifyReply,
  options: { prepare?: (data: unknown) => Promise<unknown>; onGone?: () => void } = {},
): SseSender {
  const { raw, sse } = reply;
  let gone = false;
  let writing: Promise<void> = Promise.resolve();
  const leave = () => {
    if (gone) return;
    gone = true;
    options.onGone?.();
  };
  if (raw.destroyed) queueMicrotask(leave);
  else raw.once('close', () => (raw.writableEnded ? undefined : leave()));
  return {
    send({ event, data, id }) {
      writing = writing
        .then(async () => {
          if (gone) return;
          const payload = options.prepare ? await options.prepare(data) : data;
          if (gone) return;
          await sse.send({ ...(id ? { id } : {}), event, data: payload });
        })
        .catch((err: unknown) => {
          // A write on a connection that closed meanwhile, or a failed `prepare`: the stream ends
          // (a task stream's client resumes from the last event it got).
          if (!raw.destroyed) reply.log.warn({ err, event }, 'event stream write failed');
          leave();
        });
    },
    flushed: () => writing,
    get gone() {
      return gone;
    },
  };
}
