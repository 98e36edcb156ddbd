import {
  CALENDAR_TYPES,
  CREATIVE_SCHEME_TYPES,
  HOTSPOT_IMPORT_MAX,
  HOTSPOT_PLATFORMS,
  HOTSPOT_SOURCE_TYPES,
  IDEA_STYLES,
  LOCATION_TYPES,
  MARKETING_INPUT_MAX,
  MKT_TYPES,
  OPERATION_TYPES,
  PLATFORMS,
  SOCIAL_MEDIA_TYPES,
  SOCIAL_TYPES,
  withLocation,
} from '@productimage/core';
import { z } from 'zod';
import { savedPlatformNodes } from '../../organisation/console/platform-nodes.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf, eventStreamAnswer, fileAnswer } from '../../platform/http/envelope-schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { requestLanguage, translate } from '../../platform/http/i18n.ts';
import { pagingQuery } from '../../platform/http/paging.ts';
import { enforce } from '../../platform/http/rate-limit.ts';
import { replySignal, useQuota } from '../../platform/sandbox/quota.ts';
import { guardCompliance } from '../compliance/service.ts';
import { calendarMonth } from './calendar/calendar.ts';
import { contentToDocx } from './content/export.ts';
import {
  contentKey,
  contentStatistics,
  contentView,
  continueContent,
  createContent,
  deleteContent,
  editItem,
  itemPicture,
  listContent,
  operateItem,
  regenerateItem,
  removeItemPicture,
  resultPictureKeys,
  stopContent,
} from './content/service.ts';
import { readImportFile } from './hotspots/import-file.ts';
import { hotspotPageSchema } from './hotspots/schemas.ts';
import { hotspotTopics, hotspotWords, importHotspots, listHotspots } from './hotspots/service.ts';
import { cancelReport, createReport, generateIdeaPicture, listReports, reportKey, reportView } from './ideas/service.ts';
import { publish } from './live.ts';
import { marketingPlanRoutes } from './plan/routes.ts';
import {
  calendarDaySchema,
  contentStatisticsSchema,
  contentTaskListSchema,
  contentTaskSchema,
  hotspotTopicsSchema,
  hotspotWordsSchema,
  ideaReportPageSchema,
  ideaReportSchema,
  importRowSchema,
  marketingEngineSchema,
} from './schemas.ts';
import { streamLive } from './stream.ts';
import { activeEngine, offlineLabelKey } from './writer/text-engine.ts';
import { textEngineAdminRoutes } from './writer/routes.ts';

const calendarQuery = z.object({
  year: z.coerce.number().int().min(1901).max(2099),
  month: z.coerce.number().int().min(1).max(12),
  calendarMarketingTypes: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((s) => s.trim()) : []))
    .pipe(z.array(z.enum(CALENDAR_TYPES))),
  showActivityDesc: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

const platformQuery = z.object({ platform: z.enum(HOTSPOT_PLATFORMS) });
const hotspotsQuery = pagingQuery(20, 100).extend({ platform: z.enum(HOTSPOT_PLATFORMS) });

const importItem = z.object({
  title: z.string().trim().min(1).max(200),
  url: z
    .string()
    .trim()
    .max(1000)
    .regex(/^https?:\/\//i, { error: 'marketing:urlInvalid' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  hot: z.union([z.string().max(40), z.number()]).optional(),
  desc: z.string().max(1000).optional(),
  /** The account behind the item (tracked on /hotspot-publisher). */
  author: z.string().trim().max(100).optional(),
});
const importBody = z.object({ platform: z.enum(HOTSPOT_PLATFORMS), items: z.array(importItem).min(1).max(HOTSPOT_IMPORT_MAX) });

const text = (max: number) => z.string().trim().max(max);
const reportBody = z.object({
  prompt: text(MARKETING_INPUT_MAX.prompt).default(''),
  mktType: z.enum(MKT_TYPES).default('product'),
  marketDesc: text(MARKETING_INPUT_MAX.marketDesc).default(''),
  ideaStyle: z.enum(IDEA_STYLES).default('整活幽默'),
  socialType: z.array(z.enum(SOCIAL_TYPES)).min(1).max(3),
  hotspotId: z.string().max(100).optional(),
  hotspotSourceType: z.enum(HOTSPOT_SOURCE_TYPES),
  calendarDay: z
    .string()
    .regex(/^\d{4}\/\d{2}\/\d{2}$/)
    .optional(),
  reportTitle: text(MARKETING_INPUT_MAX.ideaTitle).optional(),
  hotLibraryId: z.string().max(100).optional(),
  datasetIds: z.array(z.string().max(100)).max(10).optional(),
  /** The user's product picture (an upload, a result or a product-library picture): idea pictures show it cut out. */
  productImage: z.string().max(1000).optional(),
  /** The place the ideas are about (spec 001 §3 location types): joins the market description. */
  location: z.object({ type: z.enum(LOCATION_TYPES), name: text(40).min(1) }).optional(),
});

const contentBody = z.object({
  platforms: z.array(z.enum(PLATFORMS)).min(1).max(4),
  socialMediaType: z.enum(SOCIAL_MEDIA_TYPES).default('imageText'),
  ideaStyle: z.enum(IDEA_STYLES).default('整活幽默'),
  mktType: z.enum(MKT_TYPES).default('product'),
  marketDesc: text(MARKETING_INPUT_MAX.marketDesc).default(''),
  productInfo: text(MARKETING_INPUT_MAX.productInfo).min(1, { error: 'marketing:productInfoRequired' }),
  idea: z.object({ title: text(MARKETING_INPUT_MAX.ideaTitle), content: text(MARKETING_INPUT_MAX.ideaContent) }).optional(),
  reportId: z.string().max(100).optional(),
  datasetIds: z.array(z.string().max(100)).max(10).optional(),
  /** A KOS persona of the user's tenant to write as (web: localStorage KOS_PERSONA). */
  personaId: z
    .union([z.string().max(20), z.number().int().positive()])
    .transform(String)
    .optional(),
  /** The user's product picture: each post's picture shows it cut out beside the text. */
  productImage: z.string().max(1000).optional(),
});

/** A picture's optional product picture; without one, the one given with the report or content is used. */
const pictureBody = z.object({ productImage: z.string().max(1000).optional() }).nullish();

const idParam = z.object({ id: z.string().max(100) });
const itemParams = z.object({ id: z.string().max(100), itemId: z.coerce.number().int().positive() });
const editBody = z.object({ title: z.string().max(1000), content: z.string().max(20000) });
const pictureParams = itemParams.extend({ pictureId: z.string().max(100) });
const operationBody = z.object({ operationType: z.enum(OPERATION_TYPES), reason: z.string().max(100).optional() });

/** The answer of routes that answer nothing but success. */
const done = { 200: envelopeOf(z.null()) };

/** Text generations per user per minute (reports, content, regenerations together). */
const GENERATE_LIMIT: [number, number] = [20, 60];

export async function marketingRoutes(app: ApiApp, ctx: AppContext) {
  const tags = ['marketing'];
  const security = [{ bearer: [] }];

  app.get(
    '/marketing/calendar',
    {
      schema: {
        tags,
        security,
        summary: 'One month of the marketing calendar: festivals, solar terms, holidays, platform nodes',
        querystring: calendarQuery,
        response: { 200: envelopeOf(z.array(calendarDaySchema)) },
      },
    },
    async (request) => {
      requireUser(request);
      const q = request.query;
      return ok(
        calendarMonth({
          year: q.year,
          month: q.month,
          types: q.calendarMarketingTypes,
          showActivityDesc: q.showActivityDesc,
          lang: requestLanguage(request),
          nodes: await savedPlatformNodes(ctx.db),
        }),
      );
    },
  );

  app.get(
    '/marketing/engine',
    {
      schema: {
        tags,
        summary: 'The text engine that writes marketing drafts now (openai-chat or offline-writer)',
        response: { 200: envelopeOf(marketingEngineSchema) },
      },
    },
    async () => {
      const { engine, name, offlineReason } = await activeEngine(ctx);
      return ok({ engine: name, model: engine?.model ?? null, offlineReason });
    },
  );

  app.get(
    '/hotspots',
    {
      schema: {
        tags,
        security,
        summary:
          'A hot list: the feed for douyin and weibo, your imports for xiaohongshu and import; `feedError` says when the feed is unreachable',
        querystring: hotspotsQuery,
        response: { 200: envelopeOf(hotspotPageSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const q = request.query;
      return ok(await listHotspots(ctx, user, q.platform, q, requestLanguage(request)));
    },
  );

  app.get(
    '/hotspots/topics',
    {
      schema: {
        tags,
        security,
        summary: 'The hot list grouped into topics by shared keywords',
        querystring: platformQuery,
        response: { 200: envelopeOf(hotspotTopicsSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await hotspotTopics(ctx, user, request.query.platform, requestLanguage(request)));
    },
  );

  app.get(
    '/hotspots/words',
    {
      schema: {
        tags,
        security,
        summary: 'Hot words of the list (jieba + TF-IDF), best first',
        querystring: platformQuery,
        response: { 200: envelopeOf(hotspotWordsSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await hotspotWords(ctx, user, request.query.platform, requestLanguage(request)));
    },
  );

  app.post(
    '/hotspots/import',
    {
      schema: {
        tags,
        security,
        summary: 'Imports hot items (pasted, from a file or a link list)',
        body: importBody,
        response: { 200: envelopeOf(z.object({ imported: z.number() })) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforce(ctx.db, `hotspot-import:${user.id}`, 30, 60);
      const body = request.body;
      return ok({ imported: await importHotspots(ctx, user, body.platform, body.items) });
    },
  );

  app.post(
    '/hotspots/import/file',
    {
      schema: {
        tags,
        security,
        summary: 'Reads a CSV or XLSX file (multipart "file") into import items, without saving them',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(z.object({ items: z.array(importRowSchema) })) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforce(ctx.db, `hotspot-import:${user.id}`, 30, 60);
      await useQuota(ctx.db, user.id, 'filesParsed');
      if (!request.isMultipart()) throw new AppError('badRequest');
      const part = await request.file({ limits: { fileSize: 5 * 1024 * 1024, files: 1 } });
      if (part?.fieldname !== 'file') throw new AppError('badRequest');
      const data = await part.toBuffer().catch(() => {
        throw new AppError('tooLarge');
      });
      if (part.file.truncated) throw new AppError('tooLarge');
      const items = (await readImportFile(data, replySignal(reply))).slice(0, HOTSPOT_IMPORT_MAX);
      if (!items.length) throw new AppError('importFileInvalid');
      return ok({ items });
    },
  );

  app.post(
    '/ideas/reports',
    {
      schema: {
        tags,
        security,
        summary: 'Starts an idea report from a hotspot, a calendar day or a custom idea',
        body: reportBody,
        response: { 200: envelopeOf(z.object({ reportId: z.string() })) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforce(ctx.db, `marketing-generate:${user.id}`, ...GENERATE_LIMIT);
      const body = request.body;
      if (body.hotspotSourceType === 'CALENDAR' && !body.calendarDay)
        throw new AppError('badRequest', {}, { field: 'calendarDay' });
      const lang = requestLanguage(request);
      const { location, ...rest } = body;
      const report = { ...rest, marketDesc: withLocation(body.marketDesc, location, lang) };
      return ok({ reportId: await createReport(ctx, user, report, lang) });
    },
  );

  app.get(
    '/ideas/reports',
    {
      schema: {
        tags,
        security,
        summary: 'Your idea reports, newest first',
        querystring: pagingQuery(10).extend({
          keyword: z.string().max(100).default(''),
          type: z.enum(CREATIVE_SCHEME_TYPES).optional(),
          subType: z.enum(HOTSPOT_SOURCE_TYPES).optional(),
        }),
        response: { 200: envelopeOf(ideaReportPageSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { keyword, type, subType, ...page } = request.query;
      return ok(await listReports(ctx, user.id, page, keyword, { type, subType }));
    },
  );

  app.get(
    '/ideas/reports/:id',
    {
      schema: {
        tags,
        security,
        summary: 'An idea report with its stage and ideas',
        params: idParam,
        response: { 200: envelopeOf(ideaReportSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await reportView(ctx, user.id, request.params.id, requestLanguage(request)));
    },
  );

  app.get(
    '/ideas/reports/:id/events',
    {
      sse: 'only',
      schema: {
        tags,
        security,
        summary: 'Server-sent events of a report: snapshot, delta (streamed text of a step)',
        params: idParam,
        response: { 200: eventStreamAnswer },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { id } = request.params;
      const lang = requestLanguage(request);
      const first = await reportView(ctx, user.id, id, lang);
      // The report is a text task: its deltas and progress come from the task events.
      const unsubscribe = first.taskId
        ? ctx.tasks.events.subscribe(first.taskId, (patch) => {
            const delta = patch.delta as { text?: string } | undefined;
            if (delta?.text) publish(reportKey(id), { type: 'delta', step: 'report', text: delta.text });
            if (patch.status || patch.progress !== undefined) publish(reportKey(id), { type: 'stage' });
          })
        : undefined;
      await streamLive(
        ctx,
        reply,
        reportKey(id),
        () => reportView(ctx, user.id, id, lang),
        (v) => v.process !== 'generating',
        unsubscribe,
      );
    },
  );

  app.post(
    '/ideas/reports/:id/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'Cancels a generating report (opsType cancel); its points are returned',
        params: idParam,
        response: done,
      },
    },
    async (request) => {
      const user = requireUser(request);
      await cancelReport(ctx, user.id, request.params.id, requestLanguage(request));
      return ok(null);
    },
  );

  const ideaParams = z.object({ id: z.string().max(100), ideaId: z.coerce.number().int().positive() });
  app.post(
    '/ideas/reports/:id/ideas/:ideaId/picture',
    {
      schema: {
        tags,
        security,
        summary:
          'Makes a picture for an idea with the poster engine, with the product cut out when a product picture is given (10 points; refunded if it fails)',
        params: ideaParams,
        body: pictureBody,
        response: { 200: envelopeOf(z.object({ taskId: z.string() })) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforce(ctx.db, `marketing-generate:${user.id}`, ...GENERATE_LIMIT);
      return ok({
        taskId: await generateIdeaPicture(ctx, user, request.params.id, request.params.ideaId, request.body?.productImage),
      });
    },
  );

  app.post(
    '/content',
    {
      schema: {
        tags,
        security,
        summary: 'Generates posts for the chosen platforms (at most 10 content tasks kept)',
        body: contentBody,
        response: { 200: envelopeOf(z.object({ contentId: z.string() })) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforce(ctx.db, `marketing-generate:${user.id}`, ...GENERATE_LIMIT);
      return ok({
        contentId: await createContent(ctx, user, request.body, requestLanguage(request)),
      });
    },
  );

  app.get(
    '/content',
    {
      schema: {
        tags,
        security,
        summary: 'Your content tasks (at most 10), newest first',
        response: { 200: envelopeOf(contentTaskListSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await listContent(ctx, user.id, requestLanguage(request)));
    },
  );

  const statsQuery = z.object({
    days: z.coerce.number().int().min(1).max(90).default(30),
    tz: z.coerce.number().int().min(-840).max(840).default(-480),
  });
  app.get(
    '/content/statistics',
    {
      schema: {
        tags,
        security,
        summary: 'Your generations, likes and platforms per day',
        querystring: statsQuery,
        response: { 200: envelopeOf(contentStatisticsSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const q = request.query;
      return ok(await contentStatistics(ctx, user.id, q.days, q.tz));
    },
  );

  app.get(
    '/content/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A content task with its per-platform results',
        params: idParam,
        response: { 200: envelopeOf(contentTaskSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await contentView(ctx, user.id, request.params.id, requestLanguage(request)));
    },
  );

  app.get(
    '/content/:id/events',
    {
      sse: 'only',
      schema: {
        tags,
        security,
        summary: 'Server-sent events of a content task: snapshot, delta (streamed text of an item, by itemId)',
        params: idParam,
        response: { 200: eventStreamAnswer },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { id } = request.params;
      const lang = requestLanguage(request);
      const first = await contentView(ctx, user.id, id, lang);
      // Each loading result is a text task: its deltas and status changes come from the task events.
      const unsubscribers = first.items
        .filter((i) => i.status === 'loading' && i.taskId)
        .map((i) =>
          ctx.tasks.events.subscribe(i.taskId as string, (patch) => {
            const delta = patch.delta as { text?: string } | undefined;
            if (delta?.text) publish(contentKey(id), { type: 'delta', itemId: i.textId, text: delta.text });
            if (patch.status) publish(contentKey(id), { type: 'item', itemId: i.textId });
          }),
        );
      await streamLive(
        ctx,
        reply,
        contentKey(id),
        () => contentView(ctx, user.id, id, lang),
        (v) => v.items.every((i) => i.status !== 'loading'),
        () => {
          for (const off of unsubscribers) off();
        },
      );
    },
  );

  app.post(
    '/content/:id/stop',
    {
      schema: {
        tags,
        security,
        summary: 'Stops the loading results; their points are returned',
        params: idParam,
        response: { 200: envelopeOf(z.object({ refunded: z.number() })) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await stopContent(ctx, user.id, request.params.id, requestLanguage(request)));
    },
  );

  app.delete(
    '/content/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Deletes a content task (loading results are stopped and refunded first)',
        params: idParam,
        response: done,
      },
    },
    async (request) => {
      const user = requireUser(request);
      await deleteContent(ctx, user.id, request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/content/:id/items/:itemId/regenerate',
    {
      schema: {
        tags,
        security,
        summary:
          "Writes one platform's result again; `safely`: the phrases the compliance engine flags in the shown version are named to the writer",
        params: itemParams,
        body: z.object({ safely: z.boolean().optional() }).nullish(),
        response: { 200: envelopeOf(z.object({ textId: z.number() })) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforce(ctx.db, `marketing-generate:${user.id}`, ...GENERATE_LIMIT);
      const p = request.params;
      const safely = request.body?.safely === true;
      return ok({ textId: await regenerateItem(ctx, user, p.id, p.itemId, { safely, lang: requestLanguage(request) }) });
    },
  );

  app.post(
    '/content/:id/continue',
    {
      schema: {
        tags,
        security,
        summary: 'Continues generating: the stopped or failed results are written again (each charged)',
        params: idParam,
        response: { 200: envelopeOf(z.object({ textIds: z.array(z.number()) })) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforce(ctx.db, `marketing-generate:${user.id}`, ...GENERATE_LIMIT);
      return ok({ textIds: await continueContent(ctx, user, request.params.id, requestLanguage(request)) });
    },
  );

  app.put(
    '/content/:id/items/:itemId/text',
    {
      schema: {
        tags,
        security,
        summary: "Saves the user's edit of a finished post (title and text, within the platform's limits)",
        params: itemParams,
        body: editBody,
        response: done,
      },
    },
    async (request) => {
      const user = requireUser(request);
      await editItem(ctx, user.id, request.params.id, request.params.itemId, request.body);
      return ok(null);
    },
  );

  app.delete(
    '/content/:id/items/:itemId/pictures/:pictureId',
    {
      schema: {
        tags,
        security,
        summary: 'Deletes one picture of a result (the file stays in the creation history)',
        params: pictureParams,
        response: done,
      },
    },
    async (request) => {
      const user = requireUser(request);
      const p = request.params;
      await removeItemPicture(ctx, user.id, p.id, p.itemId, p.pictureId);
      return ok(null);
    },
  );

  app.post(
    '/content/:id/items/:itemId/picture',
    {
      schema: {
        tags,
        security,
        summary:
          'Makes a picture for one result with the poster engine, with the product cut out when a product picture is given (10 points; refunded if it fails)',
        params: itemParams,
        body: pictureBody,
        response: { 200: envelopeOf(z.object({ taskId: z.string() })) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforce(ctx.db, `marketing-generate:${user.id}`, ...GENERATE_LIMIT);
      return ok({ taskId: await itemPicture(ctx, user, request.params.id, request.params.itemId, request.body?.productImage) });
    },
  );

  app.post(
    '/content/:id/items/:itemId/operation',
    {
      schema: {
        tags,
        security,
        summary: 'Likes or dislikes (with a reason) one result',
        params: itemParams,
        body: operationBody,
        response: done,
      },
    },
    async (request) => {
      const user = requireUser(request);
      const p = request.params;
      const body = request.body;
      await operateItem(ctx, user.id, p.id, p.itemId, body.operationType, body.reason);
      return ok(null);
    },
  );

  app.delete(
    '/content/:id/items/:itemId/operation',
    {
      schema: {
        tags,
        security,
        summary: 'Cancels the like or dislike of a result',
        params: itemParams,
        response: done,
      },
    },
    async (request) => {
      const user = requireUser(request);
      const p = request.params;
      await operateItem(ctx, user.id, p.id, p.itemId, null);
      return ok(null);
    },
  );

  app.get(
    '/content/:id/export',
    {
      schema: {
        tags,
        security,
        summary:
          'The content task as a Word file (.docx, A4, margins 1440 twips); refused (complianceBlocked) while a post has a block-level compliance hit, unless `override=true` (recorded in the audit log)',
        params: idParam,
        querystring: z.object({ override: z.enum(['true', 'false']).optional(), lang: z.string().max(20).optional() }),
        response: { 200: fileAnswer('application/vnd.openxmlformats-officedocument.wordprocessingml.document') },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const lang = requestLanguage(request);
      const view = await contentView(ctx, user.id, request.params.id, lang);
      const items = view.items.filter((i) => i.status === 'success');
      // A post with a block-level hit is not exported unless the user overrides it (recorded).
      await guardCompliance(ctx.db, user, view.contentId, items, request.query.override === 'true', 'export');
      const pictures = await resultPictureKeys(ctx, view.contentId);
      const title = view.idea?.title || items[0]?.socialMediaMarketingTitle || translate(lang, 'marketing:content.exportTitle');
      const buffer = await contentToDocx({
        title,
        lang,
        label:
          view.engine === 'offline-writer'
            ? translate(lang, offlineLabelKey((await activeEngine(ctx)).offlineReason))
            : undefined,
        items: await Promise.all(
          items.map(async (i) => ({
            platform: i.platform,
            title: i.socialMediaMarketingTitle,
            content: i.socialMediaMarketingContent,
            images: (
              await Promise.all((pictures.get(i.textId) ?? []).map(async (key) => (await ctx.storage.get(key))?.data ?? null))
            ).filter((b): b is Buffer => !!b),
          })),
        ),
      });
      reply.header('content-type', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      reply.header('content-disposition', `attachment; filename="content-${view.contentId.slice(0, 8)}.docx"`);
      return reply.send(buffer);
    },
  );

  app.post(
    '/content/:id/compliance-override',
    {
      schema: {
        tags,
        security,
        summary:
          "Records (audit log) that the user sends the task's posts with block-level compliance hits on anyway (to a Base); nothing to record answers as well",
        params: idParam,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const view = await contentView(ctx, user.id, request.params.id, requestLanguage(request));
      const sent = view.items.filter((i) => i.status === 'success');
      await guardCompliance(ctx.db, user, view.contentId, sent, true, 'base');
      return ok(null);
    },
  );

  // Operators: the active text engine, its health and the switch (text-engine-routes.ts).
  await textEngineAdminRoutes(app, ctx);
  // Recommendations, hotspot marketing, the publishing plan, hot-item publishers (plan/routes.ts).
  await marketingPlanRoutes(app, ctx);
}
