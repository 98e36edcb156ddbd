import { isTerminalStatus, type Language, TASK_STATUSES, type TaskStatus, type TaskStreamEvents } from '@productimage/core';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { sseSender } from '../../platform/http/sse.ts';
import type { TaskPatch } from './events.ts';
import { findTask, type TaskView, toView } from './service.ts';
import { runOf, type TaskRow } from './store.ts';

/** How often a stream re-reads the task (events are the fast path; this is the safety net). */
const POLL_MS = 2000;
/** After a gap in streamed text, the stream re-reads the task this soon (the runner writes text every 500 ms). */
const GAP_REFRESH_MS = 600;

/**
 * What the client has seen, which is also the event id: `run.textLength.progress.status`, where
 * `run` names the task's current run (its start time, base 36; a resumed task runs again).
 * An id describes the client's state instead of numbering a log, so any API process can resume a
 * stream from the database alone: a reconnect with `Last-Event-ID` is sent exactly what changed
 * since (the rest of the text, newer progress, the status), never an event twice and none lost.
 */
interface Seen {
  run: string;
  /** Text the client has; `known` false when only its length is known (a resumed stream). */
  text: string;
  textLength: number;
  known: boolean;
  progress: number;
  status: TaskStatus;
  /** The `outputs` event of a completed task was sent (it precedes the final `status`). */
  outputs: boolean;
}

export function eventId(seen: Seen): string {
  return `${seen.run}.${seen.textLength}.${seen.progress}.${TASK_STATUSES.indexOf(seen.status)}${seen.outputs ? 'o' : ''}`;
}

export function parseEventId(id: string | null | undefined): Seen | null {
  const m = id?.match(/^([0-9a-z]{1,12})\.(\d{1,9})\.(\d{1,3})\.(\d)(o?)$/);
  const status = m ? TASK_STATUSES[Number(m[4])] : undefined;
  if (!m || !status) return null;
  return { run: m[1]!, text: '', textLength: Number(m[2]), known: false, progress: Number(m[3]), status, outputs: !!m[5] };
}

/** A task as the stream compares it: its view plus its run (a new run restarts the text). */
interface Snapshot {
  view: TaskView;
  run: string;
}

const snapshotOf = (row: TaskRow, lang: Language): Snapshot => ({ view: toView(row, lang), run: runOf(row.started_at) });

/**
 * GET /api/tasks/:taskId/events through @fastify/sse (route option `sse`; the events are core's
 * `TaskStreamEvents`, which clients read by): a fresh connection gets
 * `task` (the whole task) first; then `progress`, `delta` (streamed text), `text` (text replaced),
 * `outputs` and `status` as they happen, from task events (Redis pub/sub across processes when
 * configured) and from re-reading the database every 2 s, so a stream never misses the end of its
 * task. The stream ends with the task's final status.
 */
export async function streamTaskEvents(
  ctx: AppContext,
  reply: FastifyReply,
  userId: string,
  taskId: string,
  lang: Language,
): Promise<void> {
  const first = snapshotOf(await findTask(ctx, userId, taskId), lang);
  const sse = reply.sse;
  const isText = first.view.output === 'text';
  let open = true;
  let seen: Seen;
  let finished!: () => void;
  const done = new Promise<void>((resolve) => {
    finished = resolve;
  });

  const out = sseSender<TaskStreamEvents>(ctx, sse, { onGone: () => finish() });
  const send = <K extends keyof TaskStreamEvents>(event: K, data: TaskStreamEvents[K]) => {
    if (open) out.send(event, data, eventId(seen));
  };

  let unsubscribe = () => {};
  let poll: NodeJS.Timeout | undefined;
  let gapTimer: NodeJS.Timeout | undefined;
  const finish = () => {
    if (!open) return;
    open = false;
    unsubscribe();
    clearInterval(poll);
    clearTimeout(gapTimer);
    void out.flushed().finally(() => {
      sse.close();
      finished();
    });
  };

  /** Brings the client's text up to `text` (of `run`): the missing tail as `delta`, or all of it as `text`. */
  const syncText = (text: string, run: string) => {
    if (run !== seen.run) {
      seen = { ...seen, run, text, textLength: text.length, known: true };
      send('text', { text });
      return;
    }
    if (!seen.known) {
      // Resumed: only the length is known; the database catches up with it within one write.
      if (text.length < seen.textLength) return;
      const tail = text.slice(seen.textLength);
      seen = { ...seen, text, textLength: text.length, known: true };
      if (tail) send('delta', { offset: text.length - tail.length, text: tail });
      return;
    }
    if (text.startsWith(seen.text)) {
      if (text.length === seen.textLength) return;
      const offset = seen.textLength;
      seen = { ...seen, text, textLength: text.length };
      send('delta', { offset, text: text.slice(offset) });
    } else if (!seen.text.startsWith(text)) {
      // Not an extension (the engine's final text differs from what it streamed): replace.
      seen = { ...seen, text, textLength: text.length };
      send('text', { text });
    }
  };

  /** Sends what changed between what the client has and the task; ends the stream when the task has ended. */
  const sync = ({ view, run }: Snapshot) => {
    if (!open) return;
    if (isText && view.text !== null && (view.status !== 'pending' || run === seen.run)) syncText(view.text, run);
    if (view.status === 'generating' && view.progress > seen.progress) {
      seen = { ...seen, progress: view.progress };
      send('progress', { progress: view.progress });
    }
    if (view.status !== seen.status) {
      if (view.status === 'completed' && !seen.outputs) {
        seen = { ...seen, outputs: true };
        send('outputs', { outputs: view.outputs, ...(isText ? { data: view.data } : {}) });
      }
      seen = { ...seen, status: view.status, progress: view.progress };
      send('status', { status: view.status, progress: view.progress, error: view.error });
    }
    if (isTerminalStatus(view.status)) finish();
  };

  const refresh = async () => {
    try {
      sync(snapshotOf(await findTask(ctx, userId, taskId), lang));
    } catch {
      // deleted meanwhile
      finish();
    }
  };
  const refreshSoon = () => {
    gapTimer ??= setTimeout(() => {
      gapTimer = undefined;
      void refresh();
    }, GAP_REFRESH_MS);
  };

  /** A live event: progress and text are applied at once; ends and gaps are read from the database. */
  const onPatch = (patch: TaskPatch) => {
    if (!open) return;
    if (typeof patch.status === 'string' && isTerminalStatus(patch.status)) {
      // The database has the translated error and the final outputs.
      void refresh();
      return;
    }
    if (typeof patch.run === 'string' && patch.run !== seen.run && typeof patch.text === 'string') {
      syncText(patch.text, patch.run);
    }
    const delta = patch.delta as { offset: number; text: string } | undefined;
    if (delta && isText) {
      if (patch.run !== seen.run || !seen.known || delta.offset > seen.textLength) refreshSoon();
      else if (delta.offset + delta.text.length > seen.textLength)
        syncText(seen.text.slice(0, delta.offset) + delta.text, seen.run);
    }
    if (typeof patch.progress === 'number' && (patch.status ?? seen.status) === 'generating' && patch.progress > seen.progress) {
      seen = { ...seen, progress: patch.progress };
      send('progress', { progress: patch.progress });
    }
    if (patch.status === 'generating' && seen.status !== 'generating') {
      seen = { ...seen, status: 'generating' };
      send('status', { status: 'generating', progress: seen.progress, error: null });
    }
  };

  const resumed = parseEventId(sse.lastEventId);
  if (resumed) {
    seen = resumed;
  } else {
    seen = {
      run: first.run,
      text: first.view.text ?? '',
      textLength: (first.view.text ?? '').length,
      known: true,
      progress: first.view.progress,
      status: first.view.status,
      outputs: first.view.status === 'completed',
    };
    send('task', first.view);
  }
  sync(first);
  if (open) {
    unsubscribe = ctx.tasks.events.subscribe(taskId, onPatch);
    poll = setInterval(() => void refresh(), POLL_MS);
    sse.onClose(finish);
    // Whatever happened between the first read and the subscription.
    await refresh();
  }
  await done;
}
