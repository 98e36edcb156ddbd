import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { sseSender } from '../../platform/http/sse.ts';
import { type LiveEvent, type LiveKey, type MarketingStreamEvents, subscribe } from './live.ts';

/** How often a stream re-reads the state (events are the fast path; this catches other processes). */
const POLL_MS = 2000;

/**
 * Server-sent events of one report or content task, through @fastify/sse (the route says
 * `sse: 'only'`): `snapshot` (the whole view) first and after every stage or item change, `delta`
 * with streamed text as the model writes, and the stream closes once `done(view)` says the work has
 * ended. The events are the key's route's (core api/streams.ts, which the web reads them by), so
 * `read` must answer the view its JSON route publishes. Bearer auth happened before (routes), so browsers read it with fetch, not
 * EventSource. Resolves when the stream has ended (the plugin then closes the answer).
 */
export async function streamLive<E extends MarketingStreamEvents>(
  ctx: AppContext,
  reply: FastifyReply,
  key: LiveKey<E>,
  read: () => Promise<E['snapshot']>,
  done: (view: E['snapshot']) => boolean,
  /** Called once when the stream closes (extra subscriptions end here). */
  onClose?: () => void,
): Promise<void> {
  const first = await read();
  const sse = reply.sse;
  let open = true;
  let finished!: () => void;
  const ended = new Promise<void>((resolve) => {
    finished = resolve;
  });
  const out = sseSender<E>(ctx, sse, { onGone: () => close() });
  const write = <K extends keyof E & string>(event: K, data: E[K]) => {
    if (open) out.send(event, data);
  };
  let reading: Promise<void> = Promise.resolve();
  const close = () => {
    if (!open) return;
    open = false;
    unsubscribe();
    onClose?.();
    clearInterval(timer);
    void out.flushed().finally(() => finished());
  };
  const refresh = () => {
    reading = reading
      .then(async () => {
        if (!open) return;
        const view = await read();
        write('snapshot', view);
        if (done(view)) close();
      })
      .catch(() => close());
    return reading;
  };
  const unsubscribe = subscribe(key, (event: LiveEvent<E>) => {
    if (event.type === 'delta') write('delta', event as E['delta']);
    else void refresh();
  });
  const timer = setInterval(() => void refresh(), POLL_MS);
  sse.onClose(close);
  write('snapshot', first);
  if (done(first)) close();
  await ended;
}
