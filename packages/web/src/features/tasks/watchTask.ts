import { POLL_INTERVAL_MS } from '@productimage/core';
import { api } from '../../app/api.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { SseParser } from './sse.ts';
import { isTerminal, type TaskView, taskApi } from './taskApi.ts';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Follows one task until it ends: server-sent events first, and polling every 5 s when the stream
 * cannot be opened or drops (proxies that buffer, a server restart). Calls `onUpdate` with the
 * latest view each time something changes; resolves with the final view (or the last one seen when
 * aborted).
 */
export async function watchTask(
  taskId: string,
  onUpdate: (task: TaskView) => void,
  signal: AbortSignal,
  initial?: TaskView,
): Promise<TaskView | undefined> {
  let latest = initial;
  const apply = (patch: Partial<TaskView>) => {
    latest = { ...(latest as TaskView), ...patch, taskId };
    onUpdate(latest);
  };

  try {
    await streamEvents(taskId, apply, signal);
  } catch {
    // fall through to polling
  }
  if (latest && isTerminal(latest.status) && latest.status !== 'completed') return latest;

  // Completed tasks are read once more in full (events may carry only the changed fields); running
  // ones are polled.
  while (!signal.aborted) {
    try {
      apply(await taskApi.get(taskId));
      if (isTerminal(latest!.status)) return latest;
    } catch (error) {
      // a 404 means the task was deleted elsewhere: nothing more to follow
      if ((error as { status?: number }).status === 404) throw error;
    }
    await sleep(POLL_INTERVAL_MS, signal);
  }
  return latest;
}

async function streamEvents(taskId: string, apply: (patch: Partial<TaskView>) => void, signal: AbortSignal) {
  const response = await fetch(api.url(`/api/tasks/${encodeURIComponent(taskId)}/events`), {
    headers: { ...api.authHeader(), Accept: 'text/event-stream', 'Accept-Language': currentLanguage() },
    signal,
  });
  if (!response.ok || !response.body || !response.headers.get('content-type')?.includes('text/event-stream')) {
    throw new Error(`events unavailable: ${response.status}`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new SseParser();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      for (const event of parser.feed(value)) {
        const patch = parsePatch(event.data);
        if (!patch) continue;
        apply(patch);
        if (patch.status && isTerminal(patch.status)) return;
      }
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

function parsePatch(data: string): Partial<TaskView> | null {
  try {
    const parsed = JSON.parse(data) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Partial<TaskView>) : null;
  } catch {
    return null;
  }
}
