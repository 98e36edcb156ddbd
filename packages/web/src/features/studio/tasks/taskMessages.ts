import type { TFunction } from 'i18next';
import type { TaskView } from './taskApi.ts';

/**
 * What to say about a task that ended without results: stopped tasks had their coins returned;
 * failed ones read as the spec's "Image Generation Failed" (coins refunded), with the server's own
 * translated reason (e.g. the engine is not configured) as the detail when it gave one.
 */
export function failureMessage(
  task: Pick<TaskView, 'status' | 'error'> & { cost?: number },
  t: TFunction,
): { title: string; detail: string | null } {
  // A free tool (QR art) had no coins to return: its messages say nothing about them.
  const free = task.cost === 0;
  if (task.status === 'stopped') return { title: t(free ? 'tasks:stoppedFree' : 'tasks:stoppedRefunded'), detail: null };
  const title = t(free ? 'errors:generationFailedFree' : 'errors:generationFailed');
  return { title, detail: task.error && task.error !== title ? task.error : null };
}
