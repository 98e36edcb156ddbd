import type { Schema } from '@productimage/core';
import { api } from '../../../app/api.ts';

export type InsightAnalysis = Schema<'InsightAnalysis'>;
export type InsightKind = InsightAnalysis['kind'];
export type Finding = InsightAnalysis['themes'][number];
export const INSIGHTS_KEY = ['insights'] as const;

export const insightsApi = {
  status: () => api.GET('/api/insights/status'),
  list: (kind: InsightKind) => api.GET('/api/insights/analyses', { params: { query: { kind, pageNum: 1, pageSize: 50 } } }),
  get: (analysisId: string) =>
    api.GET('/api/insights/analyses/{analysisId}', { params: { path: { analysisId: Number(analysisId) } } }),
  remove: (analysisId: string) =>
    api.DELETE('/api/insights/analyses/{analysisId}', { params: { path: { analysisId: Number(analysisId) } } }),
  readFile: (file: File) => api.upload(file, file.name, '/api/insights/entries') as unknown as Promise<{ entries: string[] }>,
  analyse: (body: { kind: InsightKind; title: string; entries: string[] }) => api.POST('/api/insights/analyses', { body }),
};
