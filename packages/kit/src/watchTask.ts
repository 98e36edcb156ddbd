import {
  type ApiClient,
  applyTaskEvent,
  followTaskEvents,
  isTerminalStatus,
  POLL_INTERVAL_MS,
  TaskEventsError,
  type TaskView,
} from '@productimage/core';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export interface WatchTaskOptions {
  /** The language task messages come back in (Accept-Language of the event stream). */
  language: () => string;
  /** The view already known (e.g. the created task), shown until the first event. */
  initial?: TaskView;
}

/**
 * Follows one task until it ends: its server-sent events first (core's `followTaskEvents`, which
 * reconnects with Last-Event-ID after a drop, so nothing is missed or repeated), and polling every
 * 5 s when the stream cannot be opened (proxies that buffer, a server restart). Calls `onUpdate` with
 * the latest view each time something changes, streamed text included; resolves with the final view
 * (or the last one seen when aborted). Shared by the web app and the plugins.
 */
export async function watchTask(
  api: ApiClient,
  taskId: string,
  onUpdate: (task: TaskView) => void,
  signal: AbortSignal,
  options: WatchTaskOptions,
): Promise<TaskView | undefined> {
  let latest: TaskView | undefined = options.initial;
  const set = (next: TaskView) => {
    latest = next;
    onUpdate(latest);
  };
  let gap = false;

  try {
    const outcome = await followTaskEvents({
      url: api.url(`/api/tasks/${encodeURIComponent(taskId)}/events`),
      headers: () => ({ ...api.authHeader(), 'Accept-Language': options.language() }),
      signal,
      onEvent(event, data) {
        // A fresh connection starts with `task` (the whole view), so a missing copy is filled at once.
        const base = latest ?? ({ taskId } as unknown as TaskView);
        const next = applyTaskEvent(base, event, data);
        // A hole in the streamed text: the full task is read once the stream is done.
        if (!next) gap = true;
        else set(next);
      },
    });
    if (outcome === 'aborted') return latest;
  } catch (error) {
    // a 404 means the task was deleted elsewhere: nothing more to follow
    if (error instanceof TaskEventsError && error.status === 404) throw error;
    // otherwise fall through to polling
  }
  if (latest && !gap && isTerminalStatus(latest.status) && latest.status !== 'completed') return latest;

  // Completed tasks are read once more in full (events carry only what changed); running ones are polled.
  while (!signal.aborted) {
    try {
      set(await api.GET('/api/tasks/{taskId}', { params: { path: { taskId } } }));
      if (isTerminalStatus(latest!.status)) return latest;
    } catch (error) {
      if ((error as { status?: number }).status === 404) throw error;
    }
    await sleep(POLL_INTERVAL_MS, signal);
  }
  return latest;
}
