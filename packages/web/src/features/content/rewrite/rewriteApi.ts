import type { ApiBody, ApiData, ApiQuery } from '@productimage/core';
import { api } from '../../../app/api.ts';

export type RewriteBatch = ApiData<'get', '/api/rewrite/batches/{batchId}'>;
export type RewriteItem = RewriteBatch['items'][number];
export type RewriteInput = ApiBody<'post', '/api/rewrite/batches'>;
export type RewriteVideo = ApiData<'post', '/api/rewrite/videos'>;
export type RewriteKind = NonNullable<NonNullable<ApiQuery<'get', '/api/rewrite/batches'>>['kind']>;

const batch = (batchId: string) => ({ params: { path: { batchId } } });
const item = (batchId: string, itemId: string) => ({ params: { path: { batchId, itemId } } });

/** Rewrite batches (server rewrite/routes.ts) through the generated client. */
export const rewriteApi = {
  submit: (body: RewriteInput) => api.POST('/api/rewrite/batches', { body }),
  submitText: (body: ApiBody<'post', '/api/rewrite/text-batches'>) => api.POST('/api/rewrite/text-batches', { body }),
  submitPicture: (body: ApiBody<'post', '/api/rewrite/picture-batches'>) => api.POST('/api/rewrite/picture-batches', { body }),
  submitVideo: (body: ApiBody<'post', '/api/rewrite/video-batches'>) => api.POST('/api/rewrite/video-batches', { body }),
  submitTopic: (body: ApiBody<'post', '/api/rewrite/topic-batches'>) => api.POST('/api/rewrite/topic-batches', { body }),
  /** The original video of a script rewrite: stored and read by ffmpeg on the server (duration, shots, keyframes). */
  uploadVideo: async (file: Blob, filename: string) =>
    (await api.upload(file, filename, '/api/rewrite/videos')) as unknown as RewriteVideo,
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
