import { DOWNLOAD_DEFINITIONS, QR_SCENES, REFERENCE_BACKGROUNDS, TASK_STATUSES } from '@productimage/core';
import { z } from 'zod';
import { attemptsOf } from '../../engines/ai-photo/store.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf, eventStreamAnswer, fileAnswer } from '../../platform/http/envelope-schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { requestLanguage } from '../../platform/http/i18n.ts';
import { pagingQuery } from '../../platform/http/paging.ts';
import { enforce } from '../../platform/http/rate-limit.ts';
import { prepareDownload } from './downloads.ts';
import { inputCheckRoute } from './input-check.ts';
import { regionsRoute } from './regions.ts';
import {
  bizTypeSchema,
  CREATE_TASK_BODY_LIMIT,
  createTaskBodySchema,
  TASK_CREATE_LIMIT,
  taskViewSchema as taskView,
} from './schemas.ts';
import { createTask, deleteUserTask, findTask, listTasks, rateTask, stopUserTask, toView } from './service.ts';
import { streamTaskEvents } from './sse.ts';

/** Downloads a user may prepare per minute. */
const DOWNLOAD_LIMIT: [number, number] = [60, 60];

const taskIdParams = z.object({ taskId: z.string().min(1).max(64) });
const tags = ['tasks'];
const security = [{ bearer: [] }];

/** API.md "Generation tasks", plus the pictures the tools offer and downloads (docs/engines.md). */
export async function tasksRoutes(app: ApiApp, ctx: AppContext) {
  // POST /api/upload/regions: the regions a cutout of one of the user's pictures would leave out.
  await regionsRoute(app, ctx);
  // POST /api/upload/resolve: a hand-off or a small upload checked as a task input would be.
  await inputCheckRoute(app, ctx);
  app.post(
    '/tasks',
    {
      bodyLimit: CREATE_TASK_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary:
          "Creates a generation task: checks engine, parameters, membership features and inputs (the caller's uploads or earlier outputs), charges its points and queues it",
        body: createTaskBodySchema,
        response: { 200: envelopeOf(z.object({ taskId: z.string(), status: z.enum(TASK_STATUSES), cost: z.number() })) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforce(ctx.db, `tasks:create:${user.id}`, ...TASK_CREATE_LIMIT);
      return ok(await createTask(ctx, user, request.body));
    },
  );

  app.get(
    '/tasks',
    {
      schema: {
        tags,
        security,
        summary: "The caller's tasks, newest first, within the history retention of their membership tier",
        querystring: pagingQuery().extend({
          bizType: bizTypeSchema.optional(),
          status: z.enum(TASK_STATUSES).optional(),
          batchId: z.string().max(64).optional(),
          lang: z.string().optional(),
        }),
        response: {
          200: envelopeOf(
            z.object({
              // A batch's items are one entry: its first item with `batch` (issue 41); ?batchId= lists them.
              list: z.array(taskView.extend({ batch: z.object({ batchId: z.string(), count: z.number() }).optional() })),
              total: z.number(),
              /** Business types the caller has tasks of in the window: the history's tool filter. */
              tools: z.array(z.string()),
            }),
          ),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const q = request.query;
      return ok(await listTasks(ctx, user.id, { ...q, groupBatches: true }, requestLanguage(request)));
    },
  );

  app.get(
    '/tasks/engines',
    {
      schema: {
        tags,
        summary: 'The business types the configured engines can make (others answer engineNotConfigured)',
        response: {
          200: envelopeOf(
            z.object({
              engines: z.array(
                z.object({
                  name: z.string(),
                  bizTypes: z.array(z.string()),
                  /** Business types whose pictures this engine draws again at 2048 px for a 2K download. */
                  rendersLarger: z.array(z.string()),
                }),
              ),
              /** Engines with servers of their own (comfyui): each server's reachability and queue, numbered from 1 (no addresses). */
              health: z.array(
                z.object({
                  name: z.string(),
                  servers: z.array(
                    z.object({ server: z.number(), reachable: z.boolean(), queue: z.number().nullable(), active: z.number() }),
                  ),
                }),
              ),
            }),
          ),
        },
      },
    },
    async () => {
      const engines = ctx.tasks.engines.engines;
      const health = await Promise.all(
        engines.filter(hasServerHealth).map(async (e) => ({
          name: e.name,
          servers: (await e.health()).map(({ reachable, queue, active }, i) => ({ server: i + 1, reachable, queue, active })),
        })),
      );
      return ok({
        engines: engines.map((e) => ({ name: e.name, bizTypes: [...e.bizTypes], rendersLarger: [...(e.rendersLarger ?? [])] })),
        health,
      });
    },
  );

  /**
   * A picture an engine draws for the pickers, as a 1024 px JPEG; 503 when no configured engine draws
   * it. The pictures never change while the process runs, so each is drawn once (a page asks for ten
   * at a time, and drawing them again for every visitor kept the engine threads busy).
   */
  const drawnPictures = new Map<string, Promise<Buffer>>();
  const draw = async (kind: string, id: string) => {
    const drawn = await ctx.tasks.engines.picture(kind, id);
    if (!drawn) throw new AppError('engineNotConfigured');
    const sharp = (await import('sharp')).default;
    return sharp(drawn).resize(1024, 1024, { fit: 'inside' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  };
  const picture = (kind: string, id: string) => {
    const key = `${kind}/${id}`;
    let pending = drawnPictures.get(key);
    if (!pending) {
      pending = draw(kind, id);
      drawnPictures.set(key, pending);
      // A refusal (no engine) or a failure is not kept: the next request tries again.
      pending.catch(() => drawnPictures.delete(key));
    }
    return pending;
  };

  app.get(
    '/tasks/scenes/reference/:name',
    {
      schema: {
        tags,
        summary: 'An example reference background of background reproduction (drawn by the server), as JPEG',
        params: z.object({ name: z.enum(REFERENCE_BACKGROUNDS) }),
        response: { 200: fileAnswer('image/jpeg') },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const jpeg = await picture('reference', name);
      reply.header('cache-control', 'public, max-age=86400').type('image/jpeg');
      return reply.send(jpeg);
    },
  );

  app.get(
    '/tasks/scenes/qr/:id',
    {
      schema: {
        tags,
        summary: 'A scene of QR code art (drawn by the server), as JPEG',
        params: z.object({ id: z.enum(QR_SCENES) }),
        response: { 200: fileAnswer('image/jpeg') },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const jpeg = await picture('qr', id);
      reply.header('cache-control', 'public, max-age=86400').type('image/jpeg');
      return reply.send(jpeg);
    },
  );

  app.get(
    '/tasks/:taskId',
    {
      schema: {
        tags,
        security,
        summary: 'One task of the caller (for polling every 5 s)',
        params: taskIdParams,
        response: { 200: envelopeOf(taskView) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { taskId } = request.params;
      const view = toView(await findTask(ctx, user.id, taskId), requestLanguage(request));
      // The fashion router's attempts (engines/ai-photo): the task is the caller's, found above.
      const attempts = await attemptsOf(ctx.db, taskId);
      return ok(attempts.length ? { ...view, attempts } : view);
    },
  );

  app.post(
    '/tasks/:taskId/stop',
    {
      schema: {
        tags,
        security,
        summary: 'Stops a pending or running task; its points are refunded once',
        params: taskIdParams,
        response: { 200: envelopeOf(taskView) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { taskId } = request.params;
      return ok(await stopUserTask(ctx, user.id, taskId, requestLanguage(request)));
    },
  );

  app.delete(
    '/tasks/:taskId',
    {
      schema: {
        tags,
        security,
        summary: "Deletes a task from the caller's history with its output files (a running task is stopped and refunded first)",
        params: taskIdParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { taskId } = request.params;
      await deleteUserTask(ctx, user.id, taskId);
      return ok(null);
    },
  );

  app.post(
    '/tasks/:taskId/rating',
    {
      schema: {
        tags,
        security,
        summary: 'Rates a result (the rating dialog): score 1 to 5 and reasons',
        params: taskIdParams,
        body: z.object({
          score: z.number().int().min(1).max(5),
          reasons: z.array(z.string().trim().min(1).max(100)).max(10).default([]),
          comment: z.string().trim().max(500).optional(),
        }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { taskId } = request.params;
      await rateTask(ctx, user.id, taskId, request.body);
      return ok(null);
    },
  );

  app.get(
    '/tasks/:taskId/events',
    {
      // @fastify/sse: headers go out with the first event, so a 401 or 404 is still a JSON envelope.
      sse: 'only',
      schema: {
        tags,
        security,
        summary:
          'Server-sent events of one task: `task` (the whole task), then `progress`, `delta` (streamed text), `text`, `outputs` and `status` until it ends; every event has an id, and a reconnect with `Last-Event-ID` receives only what it missed',
        params: taskIdParams,
        querystring: z.object({ lang: z.string().optional() }),
        produces: ['text/event-stream'],
        response: { 200: eventStreamAnswer },
      },
    },
    async (request, reply) => {
      // The bearer header only: a token in the URL would end up in access logs.
      const user = requireUser(request);
      const { taskId } = request.params;
      await streamTaskEvents(ctx, reply, user.id, taskId, requestLanguage(request));
    },
  );

  app.get(
    '/tasks/:taskId/outputs/:index/download',
    {
      schema: {
        tags,
        security,
        summary: 'Downloads one output: 1080P for everyone, 2K for paid members; one download of an item at a time',
        params: z.object({ taskId: z.string().min(1).max(64), index: z.coerce.number().int().min(0).max(99) }),
        querystring: z.object({ definition: z.enum(DOWNLOAD_DEFINITIONS).default('1080P'), lang: z.string().optional() }),
        response: { 200: fileAnswer('image/*', 'video/*') },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforce(ctx.db, `tasks:download:${user.id}`, ...DOWNLOAD_LIMIT);
      const { taskId, index } = request.params;
      const { definition } = request.query;
      const download = await prepareDownload(ctx, user.id, taskId, index, definition);
      reply.raw.once('close', () => void download.release());
      return reply
        .header('content-disposition', `attachment; filename="${download.filename}"`)
        .header('cache-control', 'private, no-store')
        .type(download.contentType)
        .send(download.data);
    },
  );
}

interface ServerHealth {
  reachable: boolean;
  queue: number | null;
  active: number;
}

/** Remote engines (comfyui) answer their servers' health; the others have none to report. */
function hasServerHealth<E extends object>(engine: E): engine is E & { health(): Promise<ServerHealth[]> } {
  return typeof (engine as { health?: unknown }).health === 'function';
}
