import { IDEA_STYLES, MARKETING_INPUT_MAX, MKT_TYPES, OPERATION_TYPES, PLATFORMS, SOCIAL_MEDIA_TYPES } from '@productimage/core';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import type { ApiApp } from '../../../platform/http/api-app.ts';
import { requireUser } from '../../../platform/http/auth.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { envelopeOf, eventStreamAnswer, fileAnswer } from '../../../platform/http/envelope-schema.ts';
import { requestLanguage } from '../../../platform/http/i18n.ts';
import { guardCompliance } from '../../compliance/service.ts';
import { limitGenerations } from '../generation-limit.ts';
import { publish } from '../live.ts';
import { done, idParam, pictureBody, text } from '../schemas.ts';
import { streamLive } from '../stream.ts';
import { contentDocument } from './export.ts';
import { itemPicture, removeItemPicture } from './pictures.ts';
import { contentKey } from './records.ts';
import { contentStatisticsSchema, contentTaskListSchema, contentTaskSchema } from './schemas.ts';
import { continueContent, createContent, deleteContent, editItem, operateItem, regenerateItem, stopContent } from './service.ts';
import { contentStatistics } from './statistics.ts';
import { contentView, listContent } from './view.ts';

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

const itemParams = z.object({ id: z.string().max(100), itemId: z.coerce.number().int().positive() });
const editBody = z.object({ title: z.string().max(1000), content: z.string().max(20000) });
const pictureParams = itemParams.extend({ pictureId: z.string().max(100) });
const operationBody = z.object({ operationType: z.enum(OPERATION_TYPES), reason: z.string().max(100).optional() });
const statsQuery = z.object({
  days: z.coerce.number().int().min(1).max(90).default(30),
  tz: z.coerce.number().int().min(-840).max(840).default(-480),
});

/**
 * Content tasks (/content-creation): posts for several platforms, their results written again,
 * edited, pictured, liked, stopped, continued, exported to Word, and the statistics page.
 */
export async function contentRoutes(app: ApiApp, ctx: AppContext) {
  const tags = ['marketing'];
  const security = [{ bearer: [] }];

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
      await limitGenerations(ctx, user.id);
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
      await limitGenerations(ctx, user.id);
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
      await limitGenerations(ctx, user.id);
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
      await limitGenerations(ctx, user.id);
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
      const override = request.query.override === 'true';
      const file = await contentDocument(ctx, user, request.params.id, override, requestLanguage(request));
      reply.header('content-type', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
      return reply.send(file.data);
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
}
