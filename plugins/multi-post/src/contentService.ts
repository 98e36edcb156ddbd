import type { PluginApi } from '@productimage/plugin-shared';
import type { ContentItem, ContentService } from './multiPost.ts';

/** How often a running generation is looked at, and how long one row may take. */
const POLL_MS = 1500;
const ROW_TIMEOUT_MS = 5 * 60_000;

/** The content engine through the API (POST/GET/DELETE /api/content). */
export function apiContentService(api: PluginApi): ContentService {
  return {
    async create(input) {
      const { contentId } = await api.post<{ contentId: string }>('/api/content', {
        platforms: input.platforms,
        productInfo: input.productInfo,
        ...(input.idea ? { idea: input.idea } : {}),
      });
      return contentId;
    },
    async settle(contentId) {
      const deadline = Date.now() + ROW_TIMEOUT_MS;
      for (;;) {
        const view = await api.get<{ items: ContentItem[] }>(`/api/content/${encodeURIComponent(contentId)}`);
        if (!view.items.some((i) => i.status === 'loading')) return view.items;
        if (Date.now() > deadline) {
          await api.post(`/api/content/${encodeURIComponent(contentId)}/stop`).catch(() => undefined);
          return (await api.get<{ items: ContentItem[] }>(`/api/content/${encodeURIComponent(contentId)}`)).items;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
    async remove(contentId) {
      await api.del(`/api/content/${encodeURIComponent(contentId)}`);
    },
  };
}
