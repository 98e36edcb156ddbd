import type { TFunction } from 'i18next';
import type { TaskView } from './taskApi.ts';

/**
 * What to say about a task that ended without results: stopped tasks had their coins returned;
 * failed ones read as the spec's "Image Generation Failed" (coins refunded), with the server's own
 * translated reason (e.g. the engine is not configured) as the detail when it gave one.
 */
export function failureMessage(task: Pick<TaskView, 'status' | 'error'>, t: TFunction): { title: string; detail: string | null } {
  if (task.status === 'stopped') return { title: t('tasks:stoppedRefunded'), detail: null };
  const title = t('errors:generationFailed');
  return { title, detail: task.error && task.error !== title ? task.error : null };
}
