import { ERRORS } from '@productimage/core';
import type { TFunction } from 'i18next';
import type { TaskView } from './taskApi.ts';

/**
 * The message for a task that ended without results. The server records a catalogue key as the
 * task's error (e.g. `engineNotConfigured`); anything else reads as the spec's
 * "Image Generation Failed" with the coins refunded.
 */
export function failureMessage(task: Pick<TaskView, 'status' | 'error'>, t: TFunction): string {
  if (task.status === 'stopped') return t('tasks:stoppedRefunded');
  const key = task.error && Object.hasOwn(ERRORS, task.error) ? task.error : 'generationFailed';
  return t(`errors:${key}`);
}
