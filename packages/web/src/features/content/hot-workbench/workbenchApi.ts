import { type ApiQuery, DAY_MS, type MktType, type Schema, type WorkbenchTab } from '@productimage/core';
import { api } from '../../../app/api.ts';

export type WorkbenchRecord = Schema<'WorkbenchRecord'>;
export type BackgroundQuery = NonNullable<ApiQuery<'get', '/api/workbench/backgrounds'>>;

/** A picked date range as the list queries want it: local midnights, the end moved one day later (spec 001 §5). */
export function dayRange(range: [Date, Date] | null): { start?: number; end?: number } {
  if (!range) return {};
  const [from, to] = range.map((d) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()) as [number, number];
  return { start: from, end: to + DAY_MS };
}

/** The hot-content workbench (server hot-workbench/routes.ts). */
export const workbenchApi = {
  contents: (hotspotSourceType: WorkbenchTab, pageNum: number, pageSize: number) =>
    api.GET('/api/workbench/contents', { params: { query: { hotspotSourceType, pageNum, pageSize } } }),
  backgrounds: (query: BackgroundQuery) => api.GET('/api/workbench/backgrounds', { params: { query } }),
  posters: (cursor: string, range: { start?: number; end?: number }) =>
    api.GET('/api/workbench/posters', {
      params: {
        query: {
          ...(cursor ? { cursor_id: cursor } : {}),
          ...(range.start !== undefined ? { updated_at_start: range.start } : {}),
          ...(range.end !== undefined ? { updated_at_end: range.end } : {}),
          content_type: 'image',
        },
      },
    }),
  defaults: (hotspotSourceType: WorkbenchTab) => api.GET('/api/workbench/defaults', { params: { query: { hotspotSourceType } } }),
  record: (body: { hotspotSourceType: WorkbenchTab; prompt: string; mktType: MktType; marketDesc: string }) =>
    api.POST('/api/workbench/records', { body }),
};
