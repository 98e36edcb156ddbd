import type { PluginApi } from '@productimage/plugin-shared';
import { watchTask } from '@productimage/plugin-shared';
import type { ContentService } from './multiPost.ts';

/** How long one row may take. */
const ROW_TIMEOUT_MS = 5 * 60_000;
/** A result not linked to its task yet is looked at again this soon. */
const UNLINKED_RETRY_MS = 1500;

/**
 * The content engine through the API (POST/GET/DELETE /api/content). Each platform's result is a
 * text task: a generation is followed with the kit's watchTask, then read once more.
 */
export function apiContentService(api: PluginApi, language: () => string): ContentService {
  const view = async (id: string) => (await api.GET('/api/content/{id}', { params: { path: { id } } })).items;
  return {
    async create(input) {
      const body = { platforms: input.platforms, productInfo: input.productInfo, ...(input.idea ? { idea: input.idea } : {}) };
      return (await api.post<{ contentId: string }>('/api/content', body)).contentId;
    },
    async settle(contentId) {
      const timeout = AbortSignal.timeout(ROW_TIMEOUT_MS);
      for (;;) {
        const items = await view(contentId);
        const loading = items.filter((i) => i.status === 'loading');
        if (!loading.length) return items;
        if (timeout.aborted) {
          await api.POST('/api/content/{id}/stop', { params: { path: { id: contentId } } }).catch(() => undefined);
          return view(contentId);
        }
        const tasks = loading.flatMap((i) => (i.taskId ? [i.taskId] : []));
        if (tasks.length)
          // A task deleted meanwhile (404) shows in the view read next.
          await Promise.all(
            tasks.map((taskId) => watchTask(api, taskId, () => {}, timeout, { language }).catch(() => undefined)),
          );
        else await new Promise((resolve) => setTimeout(resolve, UNLINKED_RETRY_MS));
      }
    },
    async override(contentId) {
      await api.POST('/api/content/{id}/compliance-override', { params: { path: { id: contentId } } });
    },
    async remove(contentId) {
      await api.DELETE('/api/content/{id}', { params: { path: { id: contentId } } });
    },
  };
}
