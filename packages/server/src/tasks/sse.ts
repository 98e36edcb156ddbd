import type { Language } from '@productimage/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { TaskPatch } from './events.ts';
import { findTask, type TaskView, toView } from './service.ts';

/** How often a stream re-reads the task (events are the fast path; this is the safety net). */
const POLL_MS = 2000;
const PING_MS = 15_000;
const TERMINAL = new Set(['completed', 'failed', 'stopped']);

/**
 * GET /api/tasks/:taskId/events: server-sent events until the task ends. The first event (`task`)
 * is the whole task; then `progress` ({ progress }), `status` ({ status, error? }) and `outputs`
 * ({ outputs }) as they happen, from task events (Redis pub/sub across processes when configured)
 * and from re-reading the database every 2 s, so a stream never misses the end of its task.
 */
export async function streamTaskEvents(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  taskId: string,
  lang: Language,
): Promise<void> {
  let last: TaskView = toView(await findTask(ctx, userId, taskId), lang);
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Proxies such as nginx must not buffer the stream.
    'x-accel-buffering': 'no',
  });
  let open = true;
  const send = (event: string, data: unknown) => {
    if (open) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  send('task', last);
  if (TERMINAL.has(last.status)) {
    raw.end();
    return;
  }

  let unsubscribe = () => {};
  let poll: NodeJS.Timeout | undefined;
  let ping: NodeJS.Timeout | undefined;
  const finish = () => {
    if (!open) return;
    open = false;
    unsubscribe();
    clearInterval(poll);
    clearInterval(ping);
    raw.end();
  };

  /** Sends what changed between two views; ends the stream when the task has ended. */
  const emitChanges = (incoming: TaskView) => {
    // Events run ahead of the (throttled) database writes: progress never goes back while running.
    const next =
      incoming.status === last.status ? { ...incoming, progress: Math.max(incoming.progress, last.progress) } : incoming;
    if (next.progress !== last.progress && next.status === 'generating') send('progress', { progress: next.progress });
    if (next.status !== last.status) {
      if (next.status === 'completed') send('outputs', { outputs: next.outputs });
      send('status', { status: next.status, progress: next.progress, error: next.error });
    }
    last = next;
    if (TERMINAL.has(next.status)) finish();
  };

  const refresh = async () => {
    try {
      emitChanges(toView(await findTask(ctx, userId, taskId), lang));
    } catch {
      // deleted meanwhile
      finish();
    }
  };

  unsubscribe = ctx.tasks.events.subscribe(taskId, (patch: TaskPatch) => {
    if (typeof patch.status === 'string' && TERMINAL.has(patch.status)) {
      // The database has the translated error and the final outputs.
      void refresh();
      return;
    }
    const next = { ...last, ...(patch as Partial<TaskView>) };
    emitChanges(next);
  });
  poll = setInterval(() => void refresh(), POLL_MS);
  ping = setInterval(() => open && raw.write(': ping\n\n'), PING_MS);
  request.raw.on('close', finish);
  // Whatever happened between the first read and the subscription.
  await refresh();
}
