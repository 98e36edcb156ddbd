import { z } from 'zod';
import { requirePlatformOperator } from '../../identity/operators/operators.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf, fileAnswer } from '../../platform/http/envelope-schema.ts';
import { enforce } from '../../platform/http/rate-limit.ts';
import { listPresets, savePreset } from './presets.ts';
import {
  BATCH_CREATE_LIMIT,
  batchSummarySchema,
  batchViewSchema,
  checkSchema,
  createBatchBodySchema,
  itemChoicesSchema,
  presetInputSchema,
  presetNameSchema,
  presetSchema,
} from './schemas.ts';
import {
  batchZip,
  checkPicture,
  createBatch,
  fixBatch,
  fixItem,
  getBatch,
  listBatches,
  redoItem,
  retryBatch,
  stopBatch,
} from './service.ts';

/** ZIP downloads a user may ask for per minute. */
const ZIP_LIMIT: [number, number] = [20, 60];
/** Single-picture checks a user may ask for per minute (free, but each decodes a picture). */
const CHECK_LIMIT: [number, number] = [60, 60];

const tags = ['batches'];
const security = [{ bearer: [] }];
const batchParams = z.object({ batchId: z.string().min(1).max(64) });
const itemParams = batchParams.extend({ itemId: z.string().min(1).max(64) });
const presetName = presetNameSchema;

/** API.md "Batches", plus the studio's list, per-item redo and fix, and the operators' preset editing. */
export async function batchesRoutes(app: ApiApp, ctx: AppContext) {
  app.post(
    '/batches',
    {
      bodyLimit: 1024 * 1024,
      schema: {
        tags,
        security,
        summary:
          'Creates a batch: one recipe (business type and params) over up to 200 items, each checked like a single task; the whole cost charged at once, or refused whole',
        body: createBatchBodySchema,
        response: { 200: envelopeOf(z.object({ batchId: z.string(), cost: z.number() })) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforce(ctx.db, `batches:create:${user.id}`, ...BATCH_CREATE_LIMIT);
      return ok(await createBatch(ctx, user, request.body));
    },
  );

  app.get(
    '/batches',
    {
      schema: {
        tags,
        security,
        summary: "The caller's latest batches, newest first",
        response: { 200: envelopeOf(z.array(batchSummarySchema)) },
      },
    },
    async (request) => ok(await listBatches(ctx, requireUser(request))),
  );

  app.get(
    '/batches/presets',
    {
      schema: {
        tags,
        summary: 'Marketplace export presets with their rules and public sources (operators edit them)',
        response: { 200: envelopeOf(z.array(presetSchema)) },
      },
    },
    async () => ok(await listPresets(ctx.db)),
  );

  app.put(
    '/batches/presets/:name',
    {
      schema: {
        tags,
        security,
        summary: 'Creates or replaces a marketplace preset (platform operators; takes effect at once)',
        params: z.object({ name: presetName }),
        body: presetInputSchema,
        response: { 200: envelopeOf(presetSchema) },
      },
    },
    async (request) => {
      const operator = await requirePlatformOperator(request, ctx);
      return ok(await savePreset(ctx.db, operator.userId, request.params.name, request.body));
    },
  );

  app.post(
    '/batches/presets/:name/check',
    {
      schema: {
        tags,
        security,
        summary:
          "One of the caller's pictures (an upload or a task output) checked as it is against a preset: size, format, bytes, background, fill, edge, text, border, objects; free, nothing stored",
        params: z.object({ name: presetName }),
        body: z.object({ url: z.string().min(1).max(2000) }),
        response: { 200: envelopeOf(z.object({ checks: z.array(checkSchema) })) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforce(ctx.db, `batches:check:${user.id}`, ...CHECK_LIMIT);
      return ok(await checkPicture(ctx, user, request.params.name, request.body.url));
    },
  );

  app.get(
    '/batches/:batchId',
    {
      schema: {
        tags,
        security,
        summary: 'A batch with every item: status, progress, outputs and checks against its preset',
        params: batchParams,
        response: { 200: envelopeOf(batchViewSchema) },
      },
    },
    async (request) => ok(await getBatch(ctx, requireUser(request), request.params.batchId)),
  );

  app.post(
    '/batches/:batchId/stop',
    {
      schema: {
        tags,
        security,
        summary: 'Stops the items not started yet, refunding each once; items already generating finish',
        params: batchParams,
        response: { 200: envelopeOf(batchViewSchema) },
      },
    },
    async (request) => ok(await stopBatch(ctx, requireUser(request), request.params.batchId)),
  );

  app.post(
    '/batches/:batchId/retry',
    {
      schema: {
        tags,
        security,
        summary: 'Runs the failed items again: charged again in one transaction, refunded again if they fail',
        params: batchParams,
        response: { 200: envelopeOf(batchViewSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforce(ctx.db, `batches:create:${user.id}`, ...BATCH_CREATE_LIMIT);
      return ok(await retryBatch(ctx, user, request.params.batchId));
    },
  );

  app.post(
    '/batches/:batchId/items/:itemId/redo',
    {
      schema: {
        tags,
        security,
        summary:
          "Runs one finished item again with the same recipe (charged like one item); with `keep`/`drop` (a recipe that cuts) the item runs with those choices of its picture's regions from now on",
        params: itemParams,
        body: itemChoicesSchema.nullish(),
        response: { 200: envelopeOf(batchViewSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforce(ctx.db, `batches:create:${user.id}`, ...BATCH_CREATE_LIMIT);
      const choices = request.body ?? undefined;
      return ok(await redoItem(ctx, user, request.params.batchId, request.params.itemId, choices));
    },
  );

  app.post(
    '/batches/:batchId/fix',
    {
      schema: {
        tags,
        security,
        summary:
          "Applies every available one-click fix of the batch's preset to every completed item that fails a check (free; answers the batch)",
        params: batchParams,
        response: { 200: envelopeOf(batchViewSchema) },
      },
    },
    async (request) => ok(await fixBatch(ctx, requireUser(request), request.params.batchId)),
  );

  app.post(
    '/batches/:batchId/items/:itemId/fix',
    {
      schema: {
        tags,
        security,
        summary: "The one-click fix of an item's failing checks for the batch's preset (re-frame, re-pad, re-encode, whiten)",
        params: itemParams,
        response: { 200: envelopeOf(batchViewSchema) },
      },
    },
    async (request) => ok(await fixItem(ctx, requireUser(request), request.params.batchId, request.params.itemId)),
  );

  app.get(
    '/batches/:batchId/zip',
    {
      schema: {
        tags,
        security,
        summary: "The batch's pictures exported for a preset, each checked against it, with manifest.csv",
        params: batchParams,
        querystring: z.object({ preset: presetName, lang: z.string().optional() }),
        response: { 200: fileAnswer('application/zip') },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforce(ctx.db, `batches:zip:${user.id}`, ...ZIP_LIMIT);
      const { filename, stream } = await batchZip(ctx, user, request.params.batchId, request.query.preset);
      return reply
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .type('application/zip')
        .send(stream);
    },
  );
}
