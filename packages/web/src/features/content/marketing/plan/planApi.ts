import type { ApiBody, HotspotPlatform, Schema } from '@productimage/core';
import { api } from '../../../../app/api.ts';

/** Wire shapes of the marketing plan routes (server marketing/plan/schemas.ts, generated). */
export type Recommendations = Schema<'Recommendations'>;
export type Recommendation = Recommendations['list'][number];
export type HotspotMatches = Schema<'HotspotMatches'>;
export type PublishingPost = Schema<'PublishingPost'>;
export type PostInput = ApiBody<'post', '/api/publishing/posts'>;
export type Publishers = Schema<'HotspotPublishers'>;
export type Angle = Recommendation['angle'] & object;

const tz = () => new Date().getTimezoneOffset();

export const planApi = {
  recommendations: () => api.GET('/api/marketing/recommendations'),
  matches: (hotspotId?: string) =>
    api.GET('/api/marketing/hotspot-matches', { params: { query: hotspotId ? { hotspotId } : {} } }),
  publishers: (platform: HotspotPlatform, days = 14) =>
    api.GET('/api/marketing/hotspot-publishers', { params: { query: { platform, days } } }),
  posts: (from: string, to: string) => api.GET('/api/publishing/posts', { params: { query: { from, to } } }),
  createPost: (input: Omit<PostInput, 'tz'>) => api.POST('/api/publishing/posts', { body: { ...input, tz: tz() } }),
  fromContent: (input: { contentId: string; itemId: number; day: string; time: string; remindBefore: number | null }) =>
    api.POST('/api/publishing/posts/from-content', { body: { ...input, tz: tz() } }),
  updatePost: (postId: number, input: Omit<PostInput, 'tz'>) =>
    api.PUT('/api/publishing/posts/{postId}', { params: { path: { postId } }, body: { ...input, tz: tz() } }),
  deletePost: (postId: number) => api.DELETE('/api/publishing/posts/{postId}', { params: { path: { postId } } }),
  /** The platform's zip package, as a download. */
  async exportPackage(postId: number): Promise<{ blob: Blob; name: string }> {
    const { blob, name } = await api.download(`/api/publishing/posts/${postId}/package`);
    return { blob, name: name ?? `post-${postId}.zip` };
  },
};
