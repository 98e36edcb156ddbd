import {
  type ApiBody,
  type ApiData,
  type CalendarType,
  type ContentStreamEvents,
  type CreativeSchemeType,
  type HotspotPlatform,
  LOADING_TIMEOUT_MS,
  type OperationType,
  readEventStream,
  type Schema,
} from '@productimage/core';
import { api } from '../../../app/api.ts';

/**
 * Wire shapes of the marketing routes (API.md "Marketing"), generated from the server's response
 * schemas (server marketing/schemas.ts, `npm run gen:api`).
 */
export type Hotspot = Schema<'Hotspot'>;
export type HotspotPage = Schema<'HotspotPage'>;
export type HotWord = Schema<'HotspotWords'>['list'][number];
export type Topic = Schema<'HotspotTopics'>['list'][number];
export type Report = Schema<'IdeaReport'>;
export type Idea = Report['ideas'][number];
/** Body of POST /api/ideas/reports, from the route's schema (generated client types). */
export type ReportInput = ApiBody<'post', '/api/ideas/reports'>;
export type Content = Schema<'ContentTask'>;
export type ContentItem = Content['items'][number];
/** Body of POST /api/content, from the route's schema (generated client types). */
export type ContentInput = ApiBody<'post', '/api/content'>;
export type Statistics = Schema<'ContentStatistics'>;

export const marketingApi = {
  engine: () => api.GET('/api/marketing/engine'),
  calendar: (year: number, month: number, types: CalendarType[]) =>
    api.GET('/api/marketing/calendar', {
      params: { query: { year, month, calendarMarketingTypes: types.join(','), showActivityDesc: 'true' } },
    }),
  hotspots: (platform: HotspotPlatform, pageNum = 1, pageSize = 50) =>
    api.GET('/api/hotspots', { params: { query: { platform, pageNum, pageSize } } }),
  topics: (platform: HotspotPlatform) => api.GET('/api/hotspots/topics', { params: { query: { platform } } }),
  words: (platform: HotspotPlatform) => api.GET('/api/hotspots/words', { params: { query: { platform } } }),
  importItems: (platform: HotspotPlatform, items: ApiBody<'post', '/api/hotspots/import'>['items']) =>
    api.POST('/api/hotspots/import', { body: { platform, items } }),
  /** Multipart (the client's upload helper); the answer's type is the route's. */
  readFile: (file: File) =>
    api.upload(file, file.name, '/api/hotspots/import/file') as unknown as Promise<ApiData<'post', '/api/hotspots/import/file'>>,
  createReport: (input: ReportInput) => api.POST('/api/ideas/reports', { body: input }),
  reports: (pageNum = 1, pageSize = 20, keyword = '', type?: CreativeSchemeType) =>
    api.GET('/api/ideas/reports', { params: { query: { pageNum, pageSize, keyword, type } } }),
  report: (id: string) => api.GET('/api/ideas/reports/{id}', { params: { path: { id } } }),
  /** `productImage`: the product picture to show cut out (else the one given with the report). */
  ideaPicture: (id: string, ideaId: number, productImage?: string) =>
    api.POST('/api/ideas/reports/{id}/ideas/{ideaId}/picture', { params: { path: { id, ideaId } }, body: { productImage } }),
  cancelReport: (id: string) => api.POST('/api/ideas/reports/{id}/cancel', { params: { path: { id } } }),
  createContent: (input: ContentInput) => api.POST('/api/content', { body: input }),
  contents: () => api.GET('/api/content'),
  content: (id: string) => api.GET('/api/content/{id}', { params: { path: { id } } }),
  stopContent: (id: string) => api.POST('/api/content/{id}/stop', { params: { path: { id } } }),
  deleteContent: (id: string) => api.DELETE('/api/content/{id}', { params: { path: { id } } }),
  /** `safely`: the phrases the compliance engine flags are named to the writer ("rewrite safely"). */
  regenerate: (id: string, itemId: number, safely = false) =>
    api.POST('/api/content/{id}/items/{itemId}/regenerate', { params: { path: { id, itemId } }, body: { safely } }),
  continueContent: (id: string) => api.POST('/api/content/{id}/continue', { params: { path: { id } } }),
  editText: (id: string, itemId: number, body: { title: string; content: string }) =>
    api.PUT('/api/content/{id}/items/{itemId}/text', { params: { path: { id, itemId } }, body }),
  removePicture: (id: string, itemId: number, pictureId: string) =>
    api.DELETE('/api/content/{id}/items/{itemId}/pictures/{pictureId}', { params: { path: { id, itemId, pictureId } } }),
  /** `productImage`: the product picture to show cut out (else the one given with the content). */
  itemPicture: (id: string, itemId: number, productImage?: string) =>
    api.POST('/api/content/{id}/items/{itemId}/picture', { params: { path: { id, itemId } }, body: { productImage } }),
  operate: (id: string, itemId: number, operationType: OperationType, reason?: string) =>
    api.POST('/api/content/{id}/items/{itemId}/operation', {
      params: { path: { id, itemId } },
      body: { operationType, reason },
    }),
  cancelOperation: (id: string, itemId: number) =>
    api.DELETE('/api/content/{id}/items/{itemId}/operation', { params: { path: { id, itemId } } }),
  statistics: () => api.GET('/api/content/statistics', { params: { query: { days: 30, tz: new Date().getTimezoneOffset() } } }),
  /** The Word file of a content task, as a download. */
  /** `override`: export although a post has a block-level compliance hit (recorded in the audit log). */
  async exportDocx(id: string, override = false): Promise<Blob> {
    // Spec 001 §4: the report export is given up after 60 s (the user is told it timed out).
    const query = override ? '?override=true' : '';
    const file = await api.download(`/api/content/${encodeURIComponent(id)}/export${query}`, undefined, {
      timeoutMs: LOADING_TIMEOUT_MS.reportExport,
    });
    return file.blob;
  },
};

export interface ContentStreamHandlers {
  /** The whole content task, first and after every result change. */
  snapshot(view: Content): void;
  /** Text a result (`itemId`, its textId) streams as the model writes it. */
  delta(itemId: number, text: string): void;
}

/**
 * Follows a content task through its server-sent events (core's reader, typed by the route's
 * events in core api/streams.ts, which the server writes them by; fetch, so the bearer header is
 * sent). Ends when the server closes the stream; rejects when `signal` aborts or the stream fails
 * (the caller re-reads then).
 */
export async function followContent(contentId: string, handlers: ContentStreamHandlers, signal: AbortSignal): Promise<void> {
  await readEventStream<ContentStreamEvents>({
    open: (headers, signal) => api.raw(`/api/content/${encodeURIComponent(contentId)}/events`, undefined, { signal, headers }),
    signal,
    async refused(response) {
      throw new Error(String(response.status));
    },
    onEvent(event, data) {
      if (event === 'snapshot') handlers.snapshot(data);
      else if (event === 'delta') handlers.delta(data.itemId, data.text);
    },
  });
}
