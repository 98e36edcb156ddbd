import { HOTSPOT_FEED_ROUTES, HOTSPOT_PLATFORMS, PLATFORMS, PUBLISHING_STATUSES } from '@productimage/core';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import type { ApiApp } from '../../../platform/http/api-app.ts';
import { requireUser } from '../../../platform/http/auth.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { envelopeOf, fileAnswer } from '../../../platform/http/envelope-schema.ts';
import { requestLanguage } from '../../../platform/http/i18n.ts';
import { listAuthors } from '../hotspots/authors.ts';
import { done } from '../schemas.ts';
import { createPost, deletePost, exportPackage, listPosts, planFromContent, updatePost } from './publishing.ts';
import { hotspotMatches, recommendations } from './recommend.ts';
import {
  hotspotMatchesSchema,
  hotspotPublishersSchema,
  publishingPlanSchema,
  publishingPostSchema,
  recommendationsSchema,
} from './schemas.ts';

const day = z.string().regex(/^\d{4}\/\d{2}\/\d{2}$/);
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
/** Minutes as Date#getTimezoneOffset answers them (China: -480). */
const tz = z.coerce.number().int().min(-840).max(840).default(-480);

const postBody = z.object({
  platform: z.enum(PLATFORMS),
  day,
  time: time.default('20:00'),
  title: z.string().trim().max(200).default(''),
  content: z.string().trim().max(5000).default(''),
  images: z.array(z.string().max(2000)).max(40).default([]),
  tags: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(30)
        .transform((t) => t.replace(/^#+|#+$/g, '')),
    )
    .max(20)
    .default([]),
  status: z.enum(PUBLISHING_STATUSES).default('planned'),
  remindBefore: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .nullable()
    .default(null),
  tz,
});
const fromContentBody = z.object({
  contentId: z.string().max(100),
  itemId: z.number().int().positive(),
  day,
  time: time.default('20:00'),
  remindBefore: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .nullable()
    .default(null),
  tz,
});
const postParams = z.object({ postId: z.coerce.number().int().positive() });

/** The marketing plan pages: /mott-recommend, /marketing-hotspot, /content-publishing, /hotspot-publisher. */
export async function marketingPlanRoutes(app: ApiApp, ctx: AppContext) {
  const tags = ['marketing'];
  const security = [{ bearer: [] }];

  app.get(
    '/marketing/recommendations',
    {
      schema: {
        tags,
        security,
        summary: "Today's ideas ranked from hot items, upcoming calendar nodes, your products and personas",
        response: { 200: envelopeOf(recommendationsSchema) },
      },
    },
    async (request) => ok(await recommendations(ctx, requireUser(request), requestLanguage(request))),
  );

  app.get(
    '/marketing/hotspot-matches',
    {
      schema: {
        tags,
        security,
        summary: 'Hot items matched to your products; with hotspotId, every product ranked with its angles',
        querystring: z.object({ hotspotId: z.string().max(100).optional() }),
        response: { 200: envelopeOf(hotspotMatchesSchema) },
      },
    },
    async (request) =>
      ok(await hotspotMatches(ctx, requireUser(request), requestLanguage(request), request.query.hotspotId ?? null)),
  );

  app.get(
    '/marketing/hotspot-publishers',
    {
      schema: {
        tags,
        security,
        summary: 'The accounts behind hot items of a platform over the last days',
        querystring: z.object({
          platform: z.enum(HOTSPOT_PLATFORMS),
          days: z.coerce.number().int().min(1).max(30).default(14),
        }),
        response: { 200: envelopeOf(hotspotPublishersSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { platform, days } = request.query;
      return ok({
        ...(await listAuthors(ctx, user, platform, days)),
        feedNamesAccounts: !HOTSPOT_FEED_ROUTES[platform],
      });
    },
  );

  app.get(
    '/publishing/posts',
    {
      schema: {
        tags,
        security,
        summary: 'Your publishing plan between two days (YYYY/MM/DD)',
        querystring: z.object({ from: day, to: day }),
        response: { 200: envelopeOf(publishingPlanSchema) },
      },
    },
    async (request) => ok(await listPosts(ctx, requireUser(request), request.query.from, request.query.to)),
  );

  app.post(
    '/publishing/posts',
    {
      schema: { tags, security, summary: 'Plan a post', body: postBody, response: { 200: envelopeOf(publishingPostSchema) } },
    },
    async (request) => {
      const { tz: offset, ...input } = request.body;
      return ok(await createPost(ctx, requireUser(request), input, offset));
    },
  );

  app.post(
    '/publishing/posts/from-content',
    {
      schema: {
        tags,
        security,
        summary: 'Plan a finished content result (its platform, title, text, pictures and #tags)',
        body: fromContentBody,
        response: { 200: envelopeOf(publishingPostSchema) },
      },
    },
    async (request) => {
      const { tz: offset, ...input } = request.body;
      return ok(await planFromContent(ctx, requireUser(request), input, offset, requestLanguage(request)));
    },
  );

  app.put(
    '/publishing/posts/:postId',
    {
      schema: {
        tags,
        security,
        summary: 'Change a planned post (text, pictures, tags, day, status, reminder)',
        params: postParams,
        body: postBody,
        response: { 200: envelopeOf(publishingPostSchema) },
      },
    },
    async (request) => {
      const { tz: offset, ...input } = request.body;
      return ok(await updatePost(ctx, requireUser(request), request.params.postId, input, offset));
    },
  );

  app.delete(
    '/publishing/posts/:postId',
    { schema: { tags, security, summary: 'Remove a planned post', params: postParams, response: done } },
    async (request) => {
      await deletePost(ctx, requireUser(request), request.params.postId);
      return ok(null);
    },
  );

  app.get(
    '/publishing/posts/:postId/package',
    {
      schema: {
        tags,
        security,
        summary: "The post's export package for its platform (zip: post.txt, tags.txt, pictures/)",
        params: postParams,
        response: { 200: fileAnswer('application/zip') },
      },
    },
    async (request, reply) => {
      const pack = await exportPackage(ctx, requireUser(request), request.params.postId, requestLanguage(request));
      reply.header('content-type', 'application/zip');
      reply.header('content-disposition', `attachment; filename="${pack.fileName}"`);
      return reply.send(pack.data);
    },
  );
}
