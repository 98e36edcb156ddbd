import {
  GEN_MODES,
  HOTSPOT_SOURCE_TYPES,
  MKT_TYPES,
  WORKBENCH_BACKGROUND_BIZ_TYPES,
  WORKBENCH_BACKGROUND_PAGE_SIZE,
  WORKBENCH_PAGE_SIZE,
  WORKBENCH_POSTER_PAGE_SIZE,
  WORKBENCH_TABS,
} from '@productimage/core';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { requestLanguage } from '../../platform/http/i18n.ts';
import { pagingQuery } from '../../platform/http/paging.ts';
import { taskViewSchema } from '../../studio/tasks/schemas.ts';
import { formDefaults, listBackgrounds, listPosters, listRecords, saveRecord } from './service.ts';

const timestamp = z.coerce.number().int().min(0).max(8_640_000_000_000_000);
const recordView = z
  .object({
    id: z.string(),
    hotspotSourceType: z.enum(WORKBENCH_TABS),
    title: z.string(),
    summary: z.string(),
    status: z.enum(['running', 'done', 'failed']),
    images: z.array(z.string()),
    createdAt: z.number(),
  })
  .meta({ id: 'WorkbenchRecord' });
const paged = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number(), pageNum: z.number(), pageSize: z.number() });
const defaultsView = z
  .object({ mktType: z.enum(MKT_TYPES), marketDesc: z.string(), prompt: z.string() })
  .meta({ id: 'WorkbenchDefaults' });

/** The hot-content workbench (/MoTT2): its four lists, default form values and post-generation records. */
export async function hotWorkbenchRoutes(app: ApiApp, ctx: AppContext) {
  const tags = ['hot-workbench'];
  const security = [{ bearer: [] }];

  app.get(
    '/workbench/contents',
    {
      schema: {
        tags,
        security,
        summary: 'Hot-content list of one tab (spec 001 §3): pageNum, pageSize, hotspotSourceType; newest first',
        querystring: pagingQuery(WORKBENCH_PAGE_SIZE, 50).extend({ hotspotSourceType: z.enum(WORKBENCH_TABS) }),
        response: { 200: envelopeOf(paged(recordView)) },
      },
    },
    async (request) => {
      const { hotspotSourceType, ...page } = request.query;
      return ok(await listRecords(ctx, requireUser(request), hotspotSourceType, page));
    },
  );

  app.get(
    '/workbench/backgrounds',
    {
      schema: {
        tags,
        security,
        summary:
          'Background-reproduction list (spec 001 §3): pageNum, pageSize (16), bizType, taskType (the mode), optional startDate/endDate (ms, end exclusive)',
        querystring: pagingQuery(WORKBENCH_BACKGROUND_PAGE_SIZE, 64).extend({
          bizType: z.enum(WORKBENCH_BACKGROUND_BIZ_TYPES).default('PRODUCT_REPLACE_IMAGE'),
          taskType: z.enum(GEN_MODES).optional(),
          startDate: timestamp.optional(),
          endDate: timestamp.optional(),
        }),
        response: { 200: envelopeOf(paged(taskViewSchema)) },
      },
    },
    async (request) => ok(await listBackgrounds(ctx, requireUser(request), request.query, requestLanguage(request))),
  );

  app.get(
    '/workbench/posters',
    {
      schema: {
        tags,
        security,
        summary:
          'Poster list by cursor (spec 001 §3): cursor_id, updated_at_start, updated_at_end (ms; the page moves the end one day later), content_type; answers cds_asset_infos and the next cursor_id ("" at the end)',
        querystring: z.object({
          cursor_id: z.string().max(100).optional(),
          updated_at_start: timestamp.optional(),
          updated_at_end: timestamp.optional(),
          content_type: z.enum(['image']).default('image'),
          page_size: z.coerce.number().int().min(1).max(50).default(WORKBENCH_POSTER_PAGE_SIZE),
        }),
        response: {
          200: envelopeOf(
            z.object({
              cds_asset_infos: z.array(
                z.object({
                  asset_id: z.string(),
                  task_id: z.string(),
                  url: z.string(),
                  title: z.string(),
                  updated_at: z.number(),
                }),
              ),
              cursor_id: z.string(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const q = request.query;
      return ok(
        await listPosters(ctx, requireUser(request), {
          cursorId: q.cursor_id,
          updatedAtStart: q.updated_at_start,
          updatedAtEnd: q.updated_at_end,
          pageSize: q.page_size,
        }),
      );
    },
  );

  app.get(
    '/workbench/defaults',
    {
      schema: {
        tags,
        security,
        summary: 'Default form values by hotspotSourceType (spec 001 §7): the last post-generation record, else product / empty',
        querystring: z.object({ hotspotSourceType: z.enum(HOTSPOT_SOURCE_TYPES) }),
        response: { 200: envelopeOf(defaultsView) },
      },
    },
    async (request) => ok(await formDefaults(ctx, requireUser(request), request.query.hotspotSourceType)),
  );

  app.post(
    '/workbench/records',
    {
      schema: {
        tags,
        security,
        summary: 'Post-generation record (spec 001 §7): hotspotSourceType, prompt, mktType, marketDesc',
        body: z.object({
          hotspotSourceType: z.enum(HOTSPOT_SOURCE_TYPES),
          prompt: z.string().trim().max(2000).default(''),
          mktType: z.enum(MKT_TYPES).default('product'),
          marketDesc: z.string().trim().max(500).default(''),
        }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await saveRecord(ctx, requireUser(request), request.body);
      return ok(null);
    },
  );
}
