import {
  articleRewriteParams,
  pictureRewriteParams,
  REWRITE_DISLIKE_ALL,
  REWRITE_GEN_NUM,
  REWRITE_INPUT_MAX,
  REWRITE_INPUT_TYPES,
  REWRITE_KINDS,
  REWRITE_PLATFORMS,
  REWRITE_STYLES,
  REWRITE_VIDEO,
  TASK_STATUSES,
  topicGenerateParams,
  videoRewriteParams,
} from '@productimage/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { requestLanguage } from '../../platform/http/i18n.ts';
import { enforce } from '../../platform/http/rate-limit.ts';
import { replySignal } from '../../platform/sandbox/quota.ts';
import { complianceSchema } from '../compliance/schemas.ts';
import { fetchArticle } from './article-link.ts';
import { cancelBatch, createBatch, deleteBatch, getBatch, listBatches, rateItem, regenerateItem } from './service.ts';
import { ownVideo, saveVideo } from './videos.ts';

const genNumOf = (fallback: number) => z.number().int().min(1).max(REWRITE_GEN_NUM.max).default(fallback);

/** /rewrite-text: pasted text rewritten for the product (the article engine, no title, no link). */
const textInput = z.object({
  text: z.string().trim().min(1, 'validation:required').max(REWRITE_INPUT_MAX.article),
  marketDesc: z.string().max(REWRITE_INPUT_MAX.marketDesc).default(''),
  productInfo: z.string().max(REWRITE_INPUT_MAX.productInfo).default(''),
  style: z.enum(REWRITE_STYLES).default('default'),
  platform: z.enum(REWRITE_PLATFORMS).default('xiaohongshu'),
  genNum: genNumOf(REWRITE_GEN_NUM.text),
});

/** /rewrite-image: the original picture (an upload URL) and the field set of spec 001 §3. */
const pictureInput = pictureRewriteParams.omit({ lang: true, withProduct: true }).extend({
  img: z.string().min(1).max(2000),
  /** A picture of the user's product (an upload URL): optional with an images API, needed by the local engine. */
  productImg: z.string().max(2000).default(''),
  genNum: genNumOf(REWRITE_GEN_NUM.picture),
});

/** /rewrite-video: the analysed original video (POST /rewrite/videos) and the field set of spec 001 §3. */
const videoInput = videoRewriteParams.pick({ transcript: true, res: true, marketDesc: true, productInfo: true }).extend({
  video: z.string().min(1).max(2000),
  genNum: genNumOf(REWRITE_GEN_NUM.video),
});

/** /topic-generate: articles on a topic. */
const topicInput = topicGenerateParams.omit({ lang: true }).extend({ genNum: genNumOf(REWRITE_GEN_NUM.topic) });

const shotView = z.object({ start: z.number(), end: z.number(), frame: z.string().nullable(), desc: z.string().optional() });
const videoView = z
  .object({ video: z.string(), durationSeconds: z.number(), shots: z.array(shotView) })
  .meta({ id: 'RewriteVideo' });

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
    engine: z.string(),
    pictures: z.array(z.string()),
    /** A video script: { title, shots: [{ shot, picture, line, duration }] }; text kinds: { title, content }. */
    data: z
      .object({
        title: z.string().optional(),
        content: z.string().optional(),
        shots: z.array(z.object({ shot: z.number(), picture: z.string(), line: z.string(), duration: z.number() })).optional(),
      })
      .nullable(),
    /** The compliance engine's verdict (API.md "Compliance"): on `title + "\n" + content`, a script's lines, or `text`. */
    compliance: complianceSchema,
  })
  .meta({ id: 'RewriteItem' });

const batchView = z
  .object({
    batchId: z.string(),
    kind: z.string(),
    state: z.enum(['running', 'done']),
    createdAt: z.number(),
    /** The submitted form (fields of the batch's kind). */
    input: z.object({
      title: z.string().optional(),
      article: z.string().optional(),
      summary: z.string().optional(),
      marketDesc: z.string().optional(),
      productInfo: z.string().optional(),
      style: z.string().optional(),
      platform: z.string().optional(),
      lang: z.string().optional(),
      inputType: z.number().optional(),
      xhsUrl: z.string().optional(),
      images: z.array(z.string()).optional(),
      inputs: z.array(z.string()).optional(),
      productImg: z.string().optional(),
      withProduct: z.boolean().optional(),
      picDesc: z.string().optional(),
      res: z.string().optional(),
      ratio: z.string().optional(),
      video: z.string().optional(),
      durationSeconds: z.number().optional(),
      shots: z.array(shotView).optional(),
      transcript: z.string().optional(),
      topic: z.string().optional(),
      topicDesc: z.string().optional(),
    }),
    items: z.array(itemView),
  })
  .meta({ id: 'RewriteBatch' });

const batchParams = z.object({ batchId: z.string().uuid() });
const itemParams = batchParams.extend({ itemId: z.string().uuid() });
const done = { 200: envelopeOf(z.null()) };

/** Rewrite tools (docs/marketing.md "Rewrite tools"): article, text, picture, video-script and topic batches. */
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
      const batchId = await createBatch(ctx, user, 'article', params, genNum, { inputType, xhsUrl, images });
      return ok(await getBatch(ctx, user.id, batchId, requestLanguage(request)));
    },
  );

  api.post(
    '/rewrite/text-batches',
    {
      schema: {
        tags,
        security,
        summary: 'Submits a text rewrite (/rewrite-text): pasted text rewritten for the product; needs a chat model',
        body: textInput,
        response: { 200: envelopeOf(batchView) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { text, genNum, ...rest } = request.body;
      const params = articleRewriteParams.parse({ ...rest, article: text, lang: requestLanguage(request) });
      const batchId = await createBatch(ctx, user, 'text', params, genNum, {}, [], requestLanguage(request));
      return ok(await getBatch(ctx, user.id, batchId, requestLanguage(request)));
    },
  );

  api.post(
    '/rewrite/picture-batches',
    {
      schema: {
        tags,
        security,
        summary:
          'Submits a picture rewrite (/rewrite-image): genNum new pictures from the original for the product, 10 points each; needs an image engine',
        body: pictureInput,
        response: { 200: envelopeOf(batchView) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { img, productImg, genNum, ...rest } = request.body;
      const lang = requestLanguage(request);
      const params = pictureRewriteParams.parse({ ...rest, lang, withProduct: !!productImg });
      const inputs = productImg ? [img, productImg] : [img];
      const batchId = await createBatch(ctx, user, 'picture', params, genNum, { img, productImg }, inputs, lang);
      return ok(await getBatch(ctx, user.id, batchId, requestLanguage(request)));
    },
  );

  api.post(
    '/rewrite/videos',
    {
      schema: {
        tags,
        security,
        summary: `Uploads the original video of a script rewrite (multipart "file"; mp4, mov, webm or mkv by content, at most ${REWRITE_VIDEO.maxBytes / 1024 / 1024}MB and ${REWRITE_VIDEO.maxSeconds} s); answers its duration and shots with keyframes`,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(videoView) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforce(ctx.db, `upload:${user.id}`, 30, 60);
      if (!request.isMultipart()) throw new AppError('badRequest');
      const max = `${REWRITE_VIDEO.maxBytes / 1024 / 1024}MB`;
      const part = await request.file({ limits: { fileSize: REWRITE_VIDEO.maxBytes, files: 1 } });
      if (part?.fieldname !== 'file') throw new AppError('badRequest');
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('uploadTooLarge', { max });
        throw error;
      }
      if (part.file.truncated) throw new AppError('uploadTooLarge', { max });
      return ok(await saveVideo(ctx, user, data, replySignal(reply)));
    },
  );

  api.post(
    '/rewrite/video-batches',
    {
      schema: {
        tags,
        security,
        summary:
          'Submits a video-script rewrite (/rewrite-video): genNum shot-by-shot scripts following the original video, 10 points each; needs a chat model',
        body: videoInput,
        response: { 200: envelopeOf(batchView) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { video, genNum, ...rest } = request.body;
      const lang = requestLanguage(request);
      const stored = await ownVideo(ctx, user.id, video);
      const params = videoRewriteParams.parse({ ...rest, ...stored, lang });
      const batchId = await createBatch(ctx, user, 'video', params, genNum, {}, [], lang);
      return ok(await getBatch(ctx, user.id, batchId, requestLanguage(request)));
    },
  );

  api.post(
    '/rewrite/topic-batches',
    {
      schema: {
        tags,
        security,
        summary:
          'Submits a topic generation (/topic-generate, THEME_ARTICLE_GEN): articles on a topic by the chat model, or template drafts of the offline writer',
        body: topicInput,
        response: { 200: envelopeOf(batchView) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { genNum, ...rest } = request.body;
      const lang = requestLanguage(request);
      const params = topicGenerateParams.parse({ ...rest, lang });
      const batchId = await createBatch(ctx, user, 'topic', params, genNum, {}, [], lang);
      return ok(await getBatch(ctx, user.id, batchId, requestLanguage(request)));
    },
  );

  api.get(
    '/rewrite/batches',
    {
      schema: {
        tags,
        security,
        summary: "The user's rewrite batches (of one kind when asked), newest first",
        querystring: z.object({ kind: z.enum(REWRITE_KINDS).optional() }),
        response: { 200: envelopeOf(z.array(z.object({ batchId: z.string(), kind: z.string(), createdAt: z.number() }))) },
      },
    },
    async (request) => ok(await listBatches(ctx, requireUser(request).id, 20, request.query.kind)),
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
    async (request) => ok(await getBatch(ctx, requireUser(request).id, request.params.batchId, requestLanguage(request))),
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
      return ok(await getBatch(ctx, user.id, request.params.batchId, requestLanguage(request)));
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
