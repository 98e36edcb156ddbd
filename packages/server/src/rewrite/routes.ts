import {
  articleRewriteParams,
  REWRITE_DISLIKE_ALL,
  REWRITE_GEN_NUM,
  REWRITE_INPUT_TYPES,
  TASK_STATUSES,
} from '@productimage/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { requireUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { envelopeOf } from '../http/envelope-schema.ts';
import { requestLanguage } from '../http/i18n.ts';
import { fetchArticle } from './article-link.ts';
import { cancelBatch, createBatch, deleteBatch, getBatch, listBatches, rateItem, regenerateItem } from './service.ts';

const batchInput = articleRewriteParams
  .extend({
    inputType: z.union([z.literal(REWRITE_INPUT_TYPES.link), z.literal(REWRITE_INPUT_TYPES.manual)]),
    xhsUrl: z.string().trim().max(2000).default(''),
    /** Manual input: the article; link input: filled from the page. */
    article: z.string().max(20_000).default(''),
    genNum: z.number().int().min(1).max(REWRITE_GEN_NUM.max).default(REWRITE_GEN_NUM.article),
  })
  .refine((b) => (b.inputType === REWRITE_INPUT_TYPES.link ? /^https?:\/\//i.test(b.xhsUrl) : b.article.trim().length > 0), {
    error: 'validation:required',
    path: ['article'],
  });

const itemView = z
  .object({
    itemId: z.string(),
    taskId: z.string(),
    status: z.enum(TASK_STATUSES),
    text: z.string(),
    title: z.string(),
    content: z.string(),
    error: z.string().nullable(),
    liked: z.boolean().nullable(),
    dislikeReason: z.string().nullable(),
  })
  .meta({ id: 'RewriteItem' });

const batchView = z
  .object({
    batchId: z.string(),
    kind: z.string(),
    state: z.enum(['running', 'done']),
    createdAt: z.number(),
    input: z.object({
      title: z.string(),
      article: z.string(),
      summary: z.string(),
      marketDesc: z.string(),
      productInfo: z.string(),
      style: z.string(),
      platform: z.string(),
      lang: z.string(),
      inputType: z.number(),
      xhsUrl: z.string(),
      images: z.array(z.string()),
    }),
    items: z.array(itemView),
  })
  .meta({ id: 'RewriteBatch' });

const batchParams = z.object({ batchId: z.string().uuid() });
const itemParams = batchParams.extend({ itemId: z.string().uuid() });
const done = { 200: envelopeOf(z.null()) };

/** Rewrite tools (docs/rewrite.md): hot-article rewrite batches. */
export async function rewriteRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['rewrite'];
  const security = [{ bearer: [] }];

  api.post(
    '/rewrite/batches',
    {
      schema: {
        tags,
        security,
        summary: 'Submits a rewrite: an article by link (fetched safely) or pasted; answers the batch with its items',
        body: batchInput,
        response: { 200: envelopeOf(batchView) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { inputType, xhsUrl, genNum, ...rest } = request.body;
      let fields = { ...rest, lang: requestLanguage(request) };
      let images: string[] = [];
      if (inputType === REWRITE_INPUT_TYPES.link) {
        const page = await fetchArticle(xhsUrl);
        fields = { ...fields, title: fields.title || page.title.slice(0, 200), article: page.text.slice(0, 20_000) };
        images = page.images;
      }
      const params = articleRewriteParams.parse(fields);
      const batchId = await createBatch(ctx, user, params, genNum, { inputType, xhsUrl, images });
      return ok(await getBatch(ctx, user.id, batchId));
    },
  );

  api.get(
    '/rewrite/batches',
    {
      schema: {
        tags,
        security,
        summary: "The user's rewrite batches, newest first",
        response: { 200: envelopeOf(z.array(z.object({ batchId: z.string(), kind: z.string(), createdAt: z.number() }))) },
      },
    },
    async (request) => ok(await listBatches(ctx, requireUser(request).id)),
  );

  api.get(
    '/rewrite/batches/:batchId',
    {
      schema: {
        tags,
        security,
        summary: 'One batch with its items (reload returns here)',
        params: batchParams,
        response: { 200: envelopeOf(batchView) },
      },
    },
    async (request) => ok(await getBatch(ctx, requireUser(request).id, request.params.batchId)),
  );

  api.post(
    '/rewrite/batches/:batchId/items/:itemId/regenerate',
    {
      schema: {
        tags,
        security,
        summary: 'Regenerates one item (batchId, itemId)',
        params: itemParams,
        response: { 200: envelopeOf(batchView) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await regenerateItem(ctx, user, request.params.batchId, request.params.itemId);
      return ok(await getBatch(ctx, user.id, request.params.batchId));
    },
  );

  api.post(
    '/rewrite/batches/:batchId/items/:itemId/feedback',
    {
      schema: {
        tags,
        security,
        summary: 'Likes or dislikes an item; a dislike names one of the spec 001 §9 reasons',
        params: itemParams,
        body: z.object({ liked: z.boolean(), reason: z.enum(REWRITE_DISLIKE_ALL).nullable().default(null) }),
        response: done,
      },
    },
    async (request) => {
      const user = requireUser(request);
      await rateItem(ctx, user.id, request.params.batchId, request.params.itemId, request.body.liked, request.body.reason);
      return ok(null);
    },
  );

  api.post(
    '/rewrite/batches/:batchId/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'Stops the running items of a batch (each refunded)',
        params: batchParams,
        response: done,
      },
    },
    async (request) => {
      await cancelBatch(ctx, requireUser(request).id, request.params.batchId, requestLanguage(request));
      return ok(null);
    },
  );

  api.delete(
    '/rewrite/batches/:batchId',
    {
      schema: {
        tags,
        security,
        summary: 'Deletes a batch (the page then starts a new one)',
        params: batchParams,
        response: done,
      },
    },
    async (request) => {
      await deleteBatch(ctx, requireUser(request).id, request.params.batchId, requestLanguage(request));
      return ok(null);
    },
  );
}
