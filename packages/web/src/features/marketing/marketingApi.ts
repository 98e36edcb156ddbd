import type {
  ApiBody,
  CalendarDay,
  CalendarType,
  ContentItemStatus,
  HotspotPlatform,
  IdeaStyle,
  MktType,
  OperationType,
  Platform,
  ReportProcess,
  ReportStage,
  Schema,
  SocialMediaType,
  SocialType,
  TextEngineName,
} from '@productimage/core';
import { api } from '../../app/api.ts';
import { SseParser } from '../tasks/sse.ts';

/** Wire shapes of the marketing routes (API.md "Marketing"; server marketing/routes.ts). */
export type Hotspot = Schema<'Hotspot'>;
export type HotspotPage = Schema<'HotspotPage'>;
export interface HotWord {
  word: string;
  weight: number;
  count: number;
}
export interface Topic {
  topic: string | null;
  items: Hotspot[];
}
export interface Idea {
  genDataItemId: number;
  socialType: SocialType;
  title: string;
  content: string;
  picUrl: string | null;
  genPicStatus: string;
  picTaskId: string | null;
}
export interface Report {
  reportId: string;
  /** The text task writing the report (null for reports made before tasks). */
  taskId: string | null;
  /** The transcript written so far while generating. */
  streamedText: string | null;
  /** Knowledge chunks the writer drew on. */
  sources?: Array<{ sourceName: string; text: string; score: number; datasetId: string; collectionId: string }>;
  process: ReportProcess;
  stage: ReportStage;
  state: number;
  title: string;
  engine: TextEngineName;
  cost: number;
  socialType: SocialType[];
  reportParams: { prompt: string; mktType: MktType; marketDesc: string; ideaStyle: IdeaStyle };
  summary: string | null;
  association: string | null;
  risk: string | null;
  error: string | null;
  ideas: Idea[];
}
/** Body of POST /api/ideas/reports, from the route's schema (generated client types). */
export type ReportInput = ApiBody<'post', '/api/ideas/reports'>;
export interface ContentItem {
  textId: number;
  /** The text task writing this result. */
  taskId: string | null;
  /** Text streamed so far while loading. */
  streamedText: string | null;
  platform: Platform;
  status: ContentItemStatus;
  socialMediaMarketingTitle: string;
  socialMediaMarketingContent: string;
  genImages: Array<{ url: string; type: string; status: string; id: string }>;
  limits: { title: number; content: number } | null;
  like: OperationType | null;
  likeReason: string | null;
  cost: number;
  error: string | null;
}
export interface Content {
  contentId: string;
  engine: TextEngineName;
  reportId: string | null;
  socialMediaType: SocialMediaType;
  idea: { title: string; content: string } | null;
  productInfo: string;
  createdAt: number;
  items: ContentItem[];
  /** Knowledge chunks the writer drew on. */
  sources?: Array<{ sourceName: string; text: string; score: number; datasetId: string; collectionId: string }>;
}
/** Body of POST /api/content, from the route's schema (generated client types). */
export type ContentInput = ApiBody<'post', '/api/content'>;
export interface Statistics {
  days: Array<{ day: string; generated: number; likes: number; dislikes: number }>;
  platforms: Record<string, number>;
}

export const marketingApi = {
  engine: () => api.get<{ engine: TextEngineName; model: string | null }>('/api/marketing/engine'),
  calendar: (year: number, month: number, types: CalendarType[]) =>
    api.get<CalendarDay[]>('/api/marketing/calendar', {
      year,
      month,
      calendarMarketingTypes: types.join(','),
      showActivityDesc: 'true',
    }),
  hotspots: (platform: HotspotPlatform, pageNum = 1, pageSize = 50) =>
    api.get<HotspotPage>('/api/hotspots', { platform, pageNum, pageSize }),
  topics: (platform: HotspotPlatform) =>
    api.get<{ list: Topic[]; feedError: string | null }>('/api/hotspots/topics', { platform }),
  words: (platform: HotspotPlatform) =>
    api.get<{ list: HotWord[]; feedError: string | null }>('/api/hotspots/words', { platform }),
  importItems: (platform: HotspotPlatform, items: Array<{ title: string; url?: string; hot?: string; desc?: string }>) =>
    api.post<{ imported: number }>('/api/hotspots/import', { platform, items }),
  readFile: (file: File) =>
    api.upload(file, file.name, '/api/hotspots/import/file') as unknown as Promise<{
      items: Array<{ title: string; url?: string; hot?: string }>;
    }>,
  createReport: (input: ReportInput) => api.post<{ reportId: string }>('/api/ideas/reports', input),
  reports: (pageNum = 1, pageSize = 20) =>
    api.get<{
      list: Array<{
        reportId: string;
        title: string;
        process: ReportProcess;
        stage: ReportStage;
        engine: TextEngineName;
        createdAt: number;
      }>;
      total: number;
    }>('/api/ideas/reports', { pageNum, pageSize }),
  report: (id: string) => api.get<Report>(`/api/ideas/reports/${encodeURIComponent(id)}`),
  ideaPicture: (id: string, ideaId: number) =>
    api.post<{ taskId: string }>(`/api/ideas/reports/${encodeURIComponent(id)}/ideas/${ideaId}/picture`),
  cancelReport: (id: string) => api.post<null>(`/api/ideas/reports/${encodeURIComponent(id)}/cancel`),
  createContent: (input: ContentInput) => api.post<{ contentId: string }>('/api/content', input),
  contents: () => api.get<{ list: Content[]; total: number; max: number }>('/api/content'),
  content: (id: string) => api.get<Content>(`/api/content/${encodeURIComponent(id)}`),
  stopContent: (id: string) => api.post<{ refunded: number }>(`/api/content/${encodeURIComponent(id)}/stop`),
  deleteContent: (id: string) => api.del<null>(`/api/content/${encodeURIComponent(id)}`),
  regenerate: (id: string, itemId: number) =>
    api.post<{ textId: number }>(`/api/content/${encodeURIComponent(id)}/items/${itemId}/regenerate`),
  itemPicture: (id: string, itemId: number) =>
    api.post<{ taskId: string }>(`/api/content/${encodeURIComponent(id)}/items/${itemId}/picture`),
  operate: (id: string, itemId: number, operationType: OperationType, reason?: string) =>
    api.post<null>(`/api/content/${encodeURIComponent(id)}/items/${itemId}/operation`, { operationType, reason }),
  cancelOperation: (id: string, itemId: number) =>
    api.del<null>(`/api/content/${encodeURIComponent(id)}/items/${itemId}/operation`),
  statistics: () => api.get<Statistics>('/api/content/statistics', { days: 30, tz: new Date().getTimezoneOffset() }),
  /** The Word file of a content task, as a download. */
  async exportDocx(id: string): Promise<Blob> {
    const response = await api.raw(`/api/content/${encodeURIComponent(id)}/export`);
    if (!response.ok) throw new Error(String(response.status));
    return response.blob();
  },
};

export interface LiveHandlers<V> {
  snapshot(view: V): void;
  /** Streamed text: `key` is the step (reports) or the item id (content). */
  delta(key: string, text: string, restart: boolean): void;
}

/**
 * Follows a report or content task through its server-sent events (fetch, so the bearer header is
 * sent). Ends when the server closes the stream or `signal` aborts; the caller re-reads on errors.
 */
export async function followLive<V>(path: string, handlers: LiveHandlers<V>, signal: AbortSignal): Promise<void> {
  const response = await api.raw(path, undefined, { signal, headers: { accept: 'text/event-stream' } });
  if (!response.ok || !response.body) throw new Error(String(response.status));
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new SseParser();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    for (const event of parser.feed(value)) {
      const data = JSON.parse(event.data) as Record<string, unknown>;
      if (event.event === 'snapshot') handlers.snapshot(data as V);
      else if (event.event === 'delta' || event.event === 'restart')
        handlers.delta(String(data.step ?? data.itemId ?? ''), String(data.text ?? ''), event.event === 'restart');
    }
  }
}
