import type { FastifyReply, FastifyRequest } from 'fastify';
import { type LiveEvent, subscribe } from './live.ts';

/** How often a stream re-reads the state (events are the fast path; this catches other processes). */
const POLL_MS = 2000;

/**
 * Server-sent events of one report or content task: `snapshot` (the whole view) first and after
 * every stage or item change, `delta` / `restart` with streamed text as the model writes, and the
 * stream closes once `done(view)` says the work has ended. Bearer auth happened before (routes),
 * so browsers read it with fetch, not EventSource.
 */
export async function streamLive<V>(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  read: () => Promise<V>,
  done: (view: V) => boolean,
  /** Called once when the stream closes (extra subscriptions end here). */
  onClose?: () => void,
): Promise<void> {
  const first = await read();
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let open = true;
  const write = (event: string, data: unknown) => {
    if (open) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  let reading: Promise<void> = Promise.resolve();
  const close = () => {
    if (!open) return;
    open = false;
    unsubscribe();
    onClose?.();
    clearInterval(timer);
    res.end();
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
  const timer = setInterval(() => {
    if (open) res.write(': keep-alive\n\n');
    void refresh();
  }, POLL_MS);
  request.raw.on('close', close);
  write('snapshot', first);
  if (done(first)) close();
}
