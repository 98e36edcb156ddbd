import type { Schema } from '@productimage/core';
import { api } from '../../../app/api.ts';

export type ReviewItem = Schema<'ReviewItem'>;
export type ReviewItemDetail = Schema<'ReviewItemDetail'>;
export type ReviewStatus = ReviewItem['status'];
export type ReviewAction = ReviewItem['actions'][number];
export type ReviewScope = 'mine' | 'queue' | 'all';
export const REVIEW_KEY = ['review'] as const;

export interface ItemInput {
  kind: ReviewItem['kind'];
  title: string;
  body: string;
  accountId: number | null;
}

const item = (itemId: string) => ({ path: { itemId: Number(itemId) } });

export const reviewApi = {
  summary: () => api.GET('/api/review/summary'),
  list: (scope: ReviewScope, pageNum = 1, pageSize = 50) =>
    api.GET('/api/review/items', { params: { query: { scope, pageNum, pageSize } } }),
  get: (itemId: string) => api.GET('/api/review/items/{itemId}', { params: item(itemId) }),
  create: (body: ItemInput) => api.POST('/api/review/items', { body }),
  update: (itemId: string, body: ItemInput) => api.PUT('/api/review/items/{itemId}', { params: item(itemId), body }),
  remove: (itemId: string) => api.DELETE('/api/review/items/{itemId}', { params: item(itemId) }),
  comment: (itemId: string, body: string) =>
    api.POST('/api/review/items/{itemId}/comments', { params: item(itemId), body: { body } }),
  act: (itemId: string, action: ReviewAction, comment: string) =>
    api.post<null>(`/api/review/items/${encodeURIComponent(itemId)}/${action}`, { comment }),
};
