import type { ApiBody, ApiData } from '@productimage/core';
import { api } from '../../app/api.ts';

export type RewriteBatch = ApiData<'get', '/api/rewrite/batches/{batchId}'>;
export type RewriteItem = RewriteBatch['items'][number];
export type RewriteInput = ApiBody<'post', '/api/rewrite/batches'>;

const batch = (batchId: string) => ({ params: { path: { batchId } } });
const item = (batchId: string, itemId: string) => ({ params: { path: { batchId, itemId } } });

/** Rewrite batches (server rewrite/routes.ts) through the generated client. */
export const rewriteApi = {
  submit: (body: RewriteInput) => api.POST('/api/rewrite/batches', { body }),
  get: (batchId: string) => api.GET('/api/rewrite/batches/{batchId}', batch(batchId)),
  regenerate: (batchId: string, itemId: string) =>
    api.POST('/api/rewrite/batches/{batchId}/items/{itemId}/regenerate', item(batchId, itemId)),
  feedback: (batchId: string, itemId: string, liked: boolean, reason: string | null) =>
    api.POST('/api/rewrite/batches/{batchId}/items/{itemId}/feedback', {
      ...item(batchId, itemId),
      body: { liked, reason: reason as ApiBody<'post', '/api/rewrite/batches/{batchId}/items/{itemId}/feedback'>['reason'] },
    }),
  cancel: (batchId: string) => api.POST('/api/rewrite/batches/{batchId}/cancel', batch(batchId)),
  remove: (batchId: string) => api.DELETE('/api/rewrite/batches/{batchId}', batch(batchId)),
};
