import type { QueryClient } from '@tanstack/react-query';
import { taskKey } from '../../studio/tasks/taskCache.ts';
import { emitToHost } from './outbox.ts';
import { finishedTaskTracker } from './taskFinish.ts';

const TASK_KEY_ROOT = taskKey('')[0];

/**
 * Reports tasks that finish while the widget is open. Tool pages keep each task's latest state in
 * the query cache under taskKey(id), kept up to date from its event stream; watching the cache
 * reports every tool's tasks without each tool knowing about embedding.
 */
export function watchFinishedTasks(client: QueryClient): () => void {
  const track = finishedTaskTracker(window.location.href);
  return client.getQueryCache().subscribe((event) => {
    if ((event.type !== 'updated' && event.type !== 'added') || event.query.queryKey[0] !== TASK_KEY_ROOT) return;
    const finished = track(event.query.state.data);
    if (finished) void emitToHost('taskFinished', finished);
  });
}
