import { type ApiBody, ApiError, type Schema } from '@productimage/core';
import { api } from '../../../app/api.ts';
import { currentLanguage } from '../../../app/i18n.ts';

/** Wire shapes of API.md "Batches", from the generated API types. */
export type BatchView = Schema<'BatchView'>;
export type BatchItem = BatchView['items'][number];
export type BatchPreset = Schema<'BatchPreset'>;
export type BatchItemChoices = Schema<'BatchItemChoices'>;
export type CreateBatchBody = ApiBody<'post', '/api/batches'>;
export const BATCHES_KEY = ['batches'] as const;

const path = (batchId: string) => ({ params: { path: { batchId } } });
const itemPath = (batchId: string, itemId: string) => ({ params: { path: { batchId, itemId } } });

export const batchesApi = {
  presets: () => api.GET('/api/batches/presets'),
  list: () => api.GET('/api/batches'),
  create: (body: CreateBatchBody) => api.POST('/api/batches', { body }),
  get: (batchId: string) => api.GET('/api/batches/{batchId}', path(batchId)),
  stop: (batchId: string) => api.POST('/api/batches/{batchId}/stop', path(batchId)),
  retry: (batchId: string) => api.POST('/api/batches/{batchId}/retry', path(batchId)),
  /** Runs one finished item again; with `choices` (a recipe that cuts) it runs with those keep/drop points from now on (issue 44), without them as it last ran. */
  redo: (batchId: string, itemId: string, choices?: BatchItemChoices) =>
    api.POST('/api/batches/{batchId}/items/{itemId}/redo', { ...itemPath(batchId, itemId), body: choices ?? null }),
  /** "修复全部": every available fix on every failing item of the batch (free). */
  fixAll: (batchId: string) => api.POST('/api/batches/{batchId}/fix', path(batchId)),
  fix: (batchId: string, itemId: string) => api.POST('/api/batches/{batchId}/items/{itemId}/fix', itemPath(batchId, itemId)),
  /** The ZIP for a preset, handed to the browser as a file. */
  async downloadZip(batchId: string, preset: string) {
    const response = await api.raw(
      `/api/batches/${encodeURIComponent(batchId)}/zip`,
      { preset },
      { headers: { 'Accept-Language': currentLanguage() } },
    );
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { code?: number; msg?: string } | null;
      throw new ApiError(body?.code ?? response.status, body?.msg ?? response.statusText, response.status);
    }
    const blob = await response.blob();
    const named = response.headers.get('content-disposition')?.match(/filename="([^"]+)"/)?.[1];
    const href = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = href;
    link.download = named ?? `batch-${preset}.zip`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  },
};
