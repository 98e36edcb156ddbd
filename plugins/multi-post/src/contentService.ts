import type { PluginApi } from '@productimage/plugin-shared';
import type { ContentItem, ContentService } from './multiPost.ts';

/** How often a running generation is looked at, and how long one row may take. */
const POLL_MS = 1500;
const ROW_TIMEOUT_MS = 5 * 60_000;

/** The content engine through the API (POST/GET/DELETE /api/content). */
export function apiContentService(api: PluginApi): ContentService {
  const view = async (id: string): Promise<ContentItem[]> =>
    (await api.GET('/api/content/{id}', { params: { path: { id } } })).items;
  return {
    async create(input) {
      const body = { platforms: input.platforms, productInfo: input.productInfo, ...(input.idea ? { idea: input.idea } : {}) };
      return (await api.post<{ contentId: string }>('/api/content', body)).contentId;
    },
    async settle(contentId) {
      const deadline = Date.now() + ROW_TIMEOUT_MS;
      for (;;) {
        const items = await view(contentId);
        if (!items.some((i) => i.status === 'loading')) return items;
        if (Date.now() > deadline) {
          await api.POST('/api/content/{id}/stop', { params: { path: { id: contentId } } }).catch(() => undefined);
          return view(contentId);
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
    async remove(contentId) {
      await api.DELETE('/api/content/{id}', { params: { path: { id: contentId } } });
    },
  };
}
