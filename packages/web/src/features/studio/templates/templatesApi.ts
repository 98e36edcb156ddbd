import type { ImageBizType, Schema } from '@productimage/core';
import { api } from '../../../app/api.ts';

export type ToolTemplate = Schema<'ToolTemplate'>;
export type TemplateScope = ToolTemplate['scope'];

export const TEMPLATES_KEY = ['templates'] as const;
/** Query parameter that opens a tool with a template applied (/template "Use"). */
export const TEMPLATE_PARAM = 'template';

/** The template library API (docs/engines.md "Template library"). */
export const templatesApi = {
  list: (query: { bizType?: ImageBizType; scope?: TemplateScope; pageNum?: number; pageSize?: number }) =>
    api.GET('/api/templates', { params: { query: { pageNum: 1, pageSize: 100, ...query } } }),
  get: (templateId: string) => api.GET('/api/templates/{templateId}', { params: { path: { templateId } } }),
  create: (body: {
    name: string;
    bizType: ImageBizType;
    params: Record<string, unknown>;
    preview?: string | null;
    scope?: TemplateScope;
  }) => api.POST('/api/templates', { body }),
  update: (templateId: string, body: { name: string; params: Record<string, unknown>; preview?: string | null }) =>
    api.PUT('/api/templates/{templateId}', { params: { path: { templateId } }, body }),
  remove: (templateId: string) => api.DELETE('/api/templates/{templateId}', { params: { path: { templateId } } }),
};
