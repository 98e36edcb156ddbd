import { BIZ_TYPES } from '@productimage/core';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { pagingQuery } from '../../platform/http/paging.ts';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from './service.ts';

const SCOPES = ['own', 'tenant', 'public'] as const;
const name = z
  .string({ error: 'validation:knowledgeNameRequired' })
  .trim()
  .min(1, { error: 'validation:knowledgeNameRequired' })
  .max(40);
const params = z.record(z.string(), z.unknown());
const preview = z.string().min(1).max(2000).nullable().optional();

const templateView = z
  .object({
    templateId: z.string(),
    bizType: z.string(),
    name: z.string(),
    params: z.record(z.string(), z.unknown()),
    previewUrl: z.string().nullable(),
    scope: z.enum(SCOPES),
    editable: z.boolean(),
    updatedAt: z.number(),
  })
  .meta({ id: 'ToolTemplate' });
const templateParams = z.object({ templateId: z.string().min(1).max(64) });

/** The template library (docs/engines.md "Template library"). */
export async function templatesRoutes(app: ApiApp, ctx: AppContext) {
  const tags = ['templates'];
  const security = [{ bearer: [] }];
  app.get(
    '/templates',
    {
      schema: {
        tags,
        security,
        summary: 'Templates the caller sees (own, tenant, public), latest first, by tool and scope',
        querystring: pagingQuery(20).extend({ bizType: z.enum(BIZ_TYPES).optional(), scope: z.enum(SCOPES).optional() }),
        response: { 200: envelopeOf(z.object({ list: z.array(templateView), total: z.number() })) },
      },
    },
    async (request) => {
      const { pageNum, pageSize, ...filter } = request.query;
      return ok(await listTemplates(ctx, requireUser(request), filter, { pageNum, pageSize }));
    },
  );
  app.get(
    '/templates/:templateId',
    {
      schema: { tags, security, summary: 'One template', params: templateParams, response: { 200: envelopeOf(templateView) } },
    },
    async (request) => ok(await getTemplate(ctx, requireUser(request), request.params.templateId)),
  );
  app.post(
    '/templates',
    {
      schema: {
        tags,
        security,
        summary: 'Saves a template of a generation tool; scope tenant or public (publishing) is for operators',
        body: z.object({ name, bizType: z.enum(BIZ_TYPES), params, preview, scope: z.enum(SCOPES).default('own') }),
        response: { 200: envelopeOf(templateView) },
      },
    },
    async (request) => ok(await createTemplate(ctx, requireUser(request), request.body)),
  );
  app.put(
    '/templates/:templateId',
    {
      schema: {
        tags,
        security,
        summary: 'Edits a template (its owner, or an operator of its tenant)',
        params: templateParams,
        body: z.object({ name, params, preview }),
        response: { 200: envelopeOf(templateView) },
      },
    },
    async (request) => ok(await updateTemplate(ctx, requireUser(request), request.params.templateId, request.body)),
  );
  app.delete(
    '/templates/:templateId',
    {
      schema: {
        tags,
        security,
        summary: 'Deletes a template (its owner, or an operator of its tenant)',
        params: templateParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await deleteTemplate(ctx, requireUser(request), request.params.templateId);
      return ok(null);
    },
  );
}
