import type { SSEReplyInterface } from '@fastify/sse';
import { type SigningContext, signFileUrlsInValue } from '../storage/file-urls.ts';

export interface SseSender<E> {
  /**
   * Queues one event of the route's map `E` (core api/streams.ts, which its clients read by);
   * events go out in the order they were queued. `id` only where the stream can be resumed (tasks).
   */
  send<K extends keyof E & string>(event: K, data: E[K], id?: string): void;
  /** Resolves once every queued event has been written (or dropped). */
  flushed(): Promise<void>;
}

/** The event streams open in each context (per app), by the function that ends each one. */
const openStreams = new WeakMap<object, Set<() => void>>();

/**
 * Ends every event stream still open in `ctx` (app.ts, when the process stops): the route stops as
 * when its client goes, so the answer ends and its connection can close. Clients resume with
 * Last-Event-ID (core tasks/watch.ts), on another process behind a balancer.
 */
export function endStreams(ctx: object): void {
  for (const end of openStreams.get(ctx) ?? []) end();
}

/**
 * The one way the server writes server-sent events: through @fastify/sse (route option
 * `sse: 'only'`, so a refusal before the first event is still a JSON envelope, and the plugin's
 * heartbeat keeps proxies from timing out). File URLs go out signed and expiring, as in every JSON
 * answer (storage/file-urls.ts). Writes are queued so that events keep their order while the
 * signing runs; once the client has gone, events are dropped and `onGone` is called, so the route
 * can stop its work and end.
 */
export function sseSender<E>(ctx: SigningContext, sse: SSEReplyInterface, options: { onGone?: () => void } = {}): SseSender<E> {
  let writing: Promise<void> = Promise.resolve();
  const gone = () => options.onGone?.();
  // Open until the client goes or the route ends it; a stopping process ends it first (endStreams).
  const open = openStreams.get(ctx) ?? new Set();
  openStreams.set(ctx, open);
  open.add(gone);
  sse.onClose(() => open.delete(gone));
  return {
    send(event, data, id) {
      writing = writing
        .then(async () => {
          if (!sse.isConnected) return gone();
          const payload = await signFileUrlsInValue(ctx, data);
          if (!sse.isConnected) return gone();
          await sse.send({ ...(id ? { id } : {}), event, data: payload });
        })
        .catch(gone);
    },
    flushed: () => writing,
  };
}
