import type { FastifyReply } from 'fastify';
import { sseSender } from '../../platform/http/sse.ts';
import { type LiveEvent, subscribe } from './live.ts';

/** How often a stream re-reads the state (events are the fast path; this catches other processes). */
const POLL_MS = 2000;

/**
 * Server-sent events of one report or content task, through @fastify/sse (the route says
 * `sse: 'only'`): `snapshot` (the whole view) first and after every stage or item change, `delta` /
 * `restart` with streamed text as the model writes, and the stream closes once `done(view)` says
 * the work has ended. Bearer auth happened before (routes), so browsers read it with fetch, not
 * EventSource. Resolves when the stream has ended (the plugin then closes the answer).
 */
export async function streamLive<V>(
  reply: FastifyReply,
  key: string,
  read: () => Promise<V>,
  done: (view: V) => boolean,
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
  const out = sseSender(sse, { onGone: () => close() });
  const write = (event: string, data: unknown) => {
    if (open) out.send({ event, data });
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
  const unsubscribe = subscribe(key, (event: LiveEvent) => {
    if (event.type === 'delta' || event.type === 'restart') write(event.type, event);
    else void refresh();
  });
  const timer = setInterval(() => void refresh(), POLL_MS);
  sse.onClose(close);
  write('snapshot', first);
  if (done(first)) close();
  await ended;
}
