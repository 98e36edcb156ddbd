import {
  CREATIVE_SCHEME_TYPES,
  HOTSPOT_SOURCE_TYPES,
  IDEA_STYLES,
  LOCATION_TYPES,
  MARKETING_INPUT_MAX,
  MKT_TYPES,
  SOCIAL_TYPES,
  withLocation,
} from '@productimage/core';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import type { ApiApp } from '../../../platform/http/api-app.ts';
import { requireUser } from '../../../platform/http/auth.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { envelopeOf, eventStreamAnswer } from '../../../platform/http/envelope-schema.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { requestLanguage } from '../../../platform/http/i18n.ts';
import { pagingQuery } from '../../../platform/http/paging.ts';
import { limitGenerations } from '../generation-limit.ts';
import { publish } from '../live.ts';
import { done, idParam, pictureBody, text } from '../schemas.ts';
import { streamLive } from '../stream.ts';
import { ideaReportPageSchema, ideaReportSchema } from './schemas.ts';
import { cancelReport, createReport, generateIdeaPicture, listReports, reportKey, reportView } from './service.ts';

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

const ideaParams = z.object({ id: z.string().max(100), ideaId: z.coerce.number().int().positive() });

/** Idea reports (/mott-idea): start one, list them, read and follow one, cancel it, and the ideas' pictures. */
export async function ideasRoutes(app: ApiApp, ctx: AppContext) {
  const tags = ['marketing'];
  const security = [{ bearer: [] }];

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
      await limitGenerations(ctx, user.id);
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
      await limitGenerations(ctx, user.id);
      return ok({
        taskId: await generateIdeaPicture(ctx, user, request.params.id, request.params.ideaId, request.body?.productImage),
      });
    },
  );
}
