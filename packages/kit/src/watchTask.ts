import {
  type ApiClient,
  applyTaskEvent,
  followTaskEvents,
  isTerminalStatus,
  laterTaskView,
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
  /** How often the task is read beside its events, and polled without them (default 5 s). */
  pollMs?: number;
}

/**
 * Follows one task until it ends: its server-sent events first (core's `followTaskEvents`, which
 * reconnects with Last-Event-ID after a drop, so nothing is missed or repeated), and polling every
 * 5 s when the stream cannot be opened (proxies that buffer, a server restart). Calls `onUpdate` with
 * the latest view each time something changes, streamed text included; resolves with the final view
 * (or the last one seen when aborted). Shared by the web app and the plugins.
 *
 * Beside the events, an unfinished task is read every 5 s (the safety read): a final status that
 * never arrives on an open stream (a proxy that holds the last frame, a stream that stalls) ends
 * the watch all the same (docs/architecture.md, "The busy-again tool page"). Updates are monotone: nothing
 * is reported after `signal` fired (a read that lands late must not overwrite what a newer watch
 * reported), and a final status is never replaced by an unfinished one.
 */
export async function watchTask(
  api: ApiClient,
  taskId: string,
  onUpdate: (task: TaskView) => void,
  signal: AbortSignal,
  options: WatchTaskOptions,
): Promise<TaskView | undefined> {
  let latest: TaskView | undefined = options.initial;
  if (signal.aborted) return latest;
  const set = (next: TaskView) => {
    if (signal.aborted) return;
    if (laterTaskView(latest, next) !== next) return;
    latest = next;
    onUpdate(latest);
  };
  const pollMs = options.pollMs ?? POLL_INTERVAL_MS;
  const read = () => api.GET('/api/tasks/{taskId}', { params: { path: { taskId } }, signal });
  let gap = false;

  // The stream stops when the caller aborts or the safety read has seen the end (with the full view).
  const following = new AbortController();
  const stopFollowing = () => following.abort();
  signal.addEventListener('abort', stopFollowing, { once: true });
  let reading = false;
  const safetyRead = setInterval(() => {
    if (reading || (latest && isTerminalStatus(latest.status))) return;
    reading = true;
    read()
      .then((task) => {
        if (!isTerminalStatus(task.status)) return;
        set(task);
        following.abort();
      })
      // the stream or the polling below reports what went wrong
      .catch(() => undefined)
      .finally(() => {
        reading = false;
      });
  }, pollMs);

  try {
    const outcome = await followTaskEvents({
      url: api.url(`/api/tasks/${encodeURIComponent(taskId)}/events`),
      headers: () => ({ ...api.authHeader(), 'Accept-Language': options.language() }),
      signal: following.signal,
      onEvent(event, data) {
        // A fresh connection starts with `task` (the whole view), so a missing copy is filled at once.
        const base = latest ?? ({ taskId } as unknown as TaskView);
        const next = applyTaskEvent(base, event, data);
        // A hole in the streamed text: the full task is read once the stream is done.
        if (!next) gap = true;
        else set(next);
      },
    });
    // Aborted by the caller, or ended by the safety read (which reported the full view).
    if (outcome === 'aborted') return latest;
  } catch (error) {
    // a 404 means the task was deleted elsewhere: nothing more to follow
    if (error instanceof TaskEventsError && error.status === 404) throw error;
    // otherwise fall through to polling
  } finally {
    clearInterval(safetyRead);
    signal.removeEventListener('abort', stopFollowing);
  }
  if (latest && !gap && isTerminalStatus(latest.status) && latest.status !== 'completed') return latest;

  // Completed tasks are read once more in full (events carry only what changed); running ones are polled.
  while (!signal.aborted) {
    try {
      set(await read());
      if (latest && isTerminalStatus(latest.status)) return latest;
    } catch (error) {
      if ((error as { status?: number }).status === 404) throw error;
    }
    await sleep(pollMs, signal);
  }
  return latest;
}
