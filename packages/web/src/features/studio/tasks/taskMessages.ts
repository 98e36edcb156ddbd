import { formatDate, STORAGE_KEYS } from '@productimage/core';
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

/**
 * The free tier's tip after a submission (spec 000 §3 local item AI-FREE-USER-SUBMIT): the day of
 * the last tip is kept under that key, so a free user sees what membership adds at most once a day,
 * right after submitting, never on every generation. Answers whether to show it now.
 */
export function takeFreeSubmitTip(storage: Pick<Storage, 'getItem' | 'setItem'>, now = Date.now()): boolean {
  const today = formatDate(now);
  try {
    if (storage.getItem(STORAGE_KEYS.freeUserSubmit) === today) return false;
    storage.setItem(STORAGE_KEYS.freeUserSubmit, today);
  } catch {
    // storage refused (private mode): show the tip, remember nothing
  }
  return true;
}
