import { HOTSPOT_IMPORT_MAX, HOTSPOT_PLATFORMS } from '@productimage/core';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import type { ApiApp } from '../../../platform/http/api-app.ts';
import { requireUser } from '../../../platform/http/auth.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { envelopeOf } from '../../../platform/http/envelope-schema.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { requestLanguage } from '../../../platform/http/i18n.ts';
import { pagingQuery } from '../../../platform/http/paging.ts';
import { enforce } from '../../../platform/http/rate-limit.ts';
import { replySignal, useQuota } from '../../../platform/sandbox/quota.ts';
import { readImportFile } from './import-file.ts';
import { hotspotPageSchema, hotspotTopicsSchema, hotspotWordsSchema, importRowSchema } from './schemas.ts';
import { hotspotTopics, hotspotWords, importHotspots, listHotspots } from './service.ts';

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

/** Imports (pasted or read from a file) per user per minute. */
const importLimit = (ctx: AppContext, userId: string) => enforce(ctx.db, `hotspot-import:${userId}`, 30, 60);

/** The hot lists: the feed and the user's imports, their topics and hot words, and the imports themselves. */
export async function hotspotsRoutes(app: ApiApp, ctx: AppContext) {
  const tags = ['marketing'];
  const security = [{ bearer: [] }];

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
      await importLimit(ctx, user.id);
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
      await importLimit(ctx, user.id);
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
}
