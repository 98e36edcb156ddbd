import { watchTask as followTask } from '@productimage/kit';
import { api } from '../../../app/api.ts';
import { currentLanguage } from '../../../app/i18n.ts';
import type { TaskView } from './taskApi.ts';

/**
 * Follows one task until it ends (events, then polling): the kit's watcher, shared with the
 * plugins, bound to the app's client and language.
 */
export function watchTask(
  taskId: string,
  onUpdate: (task: TaskView) => void,
  signal: AbortSignal,
  initial?: TaskView,
): Promise<TaskView | undefined> {
  return followTask(api, taskId, onUpdate, signal, { language: currentLanguage, initial });
}
