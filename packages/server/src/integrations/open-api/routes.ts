import fastifySwaggerUi from '@fastify/swagger-ui';
import { TASK_STATUSES } from '@productimage/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireOperator } from '../../identity/operators/operators.ts';
import { requireTeamPermission } from '../../organisation/team/roles.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf, fileAnswer, pageOf } from '../../platform/http/envelope-schema.ts';
import { requestLanguage, translate } from '../../platform/http/i18n.ts';
import { pagingQuery } from '../../platform/http/paging.ts';
import { enforce } from '../../platform/http/rate-limit.ts';
import { listPresets } from '../../studio/batches/presets.ts';
import {
  BATCH_CREATE_LIMIT,
  batchViewSchema,
  createBatchBodySchema,
  presetNameSchema,
  presetSchema,
} from '../../studio/batches/schemas.ts';
import { batchZip, findBatch, getBatch, retryBatch, stopBatch } from '../../studio/batches/service.ts';
import {
  bizTypeSchema,
  CREATE_TASK_BODY_LIMIT,
  createTaskBodySchema,
  TASK_CREATE_LIMIT,
  taskViewSchema,
} from '../../studio/tasks/schemas.ts';
import { findTask, listTasks, stopUserTask, toView } from '../../studio/tasks/service.ts';
import { receiveImageUpload } from '../../studio/uploads/receive.ts';
import { listDeliveries, redeliver } from './deliveries.ts';
import { installKeyAuth, openApiDocument } from './key-auth.ts';
import { API_KEY_SCOPES, createApiKey, listApiKeys, listTeamKeys, requireScope, revokeApiKey } from './keys.ts';
import { createOpenBatch, createOpenTask } from './open-tasks.ts';
import { keyUsage } from './usage.ts';
import { createWebhook, deleteWebhook, listWebhooks, rotateWebhookSecret, WEBHOOK_EVENTS } from './webhooks.ts';

const session = [{ bearer: [] }];
const keySecurity = [{ apiKey: [] }];

const keyView = z
  .object({
    keyId: z.string(),
    name: z.string(),
    /** The key's first characters (`isk_` and six more), to tell keys apart. */
    prefix: z.string(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    bizTypes: z.array(z.string()).nullable(),
    createdAt: z.number(),
    lastUsedAt: z.number().nullable(),
    lastUsedIp: z.string().nullable(),
    /** A team key: every owner and admin of the tenant sees and may revoke it. */
    team: z.boolean(),
  })
  .meta({ id: 'ApiKey' });
const teamKeyView = keyView.extend({ createdBy: z.string() }).meta({ id: 'TeamApiKey' });
const usageRow = z
  .object({ keyId: z.string(), name: z.string(), day: z.string(), tasks: z.number(), failed: z.number(), points: z.number() })
  .meta({ id: 'ApiKeyUsageDay' });
const webhookView = z
  .object({ webhookId: z.string(), url: z.string(), events: z.array(z.enum(WEBHOOK_EVENTS)), createdAt: z.number() })
  .meta({ id: 'Webhook' });
const deliveryView = z
  .object({
    deliveryId: z.string(),
    event: z.string(),
    /** `pending` (retried at nextAttemptAt), `delivered`, or `failed` (given up after a day). */
    status: z.string(),
    attempts: z.number(),
    lastAttemptAt: z.number().nullable(),
    lastStatus: z.number().nullable(),
    lastError: z.string().nullable(),
    nextAttemptAt: z.number().nullable(),
    createdAt: z.number(),
  })
  .meta({ id: 'WebhookDelivery' });
const created = z.object({ taskId: z.string(), status: z.enum(TASK_STATUSES), cost: z.number() });

/**
 * The open API (API.md "Open API", docs/open-api.md): keys and webhooks managed with a login
 * session, and /api/open/v1 for merchants' systems, authenticated by key.
 */

/** An operation's summary in English (the whole API's document); the reference page shows the reader's language. */
const openSummary = (operationId: string) => translate('en', `openApi:reference.operations.${operationId}`);

/** The product's mark (the web app's logo.svg), as the reference page's tab icon. */
const MARK =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#2352d8"/><path d="M18 44V20h10a8 8 0 0 1 0 16h-4v8z" fill="#fff"/><circle cx="44" cy="24" r="5" fill="#fff"/><rect x="40" y="32" width="8" height="12" rx="2" fill="#fff"/></svg>';

/** The reference page's mark: the product's mark and name (no framework logo). */
const REFERENCE_LOGO = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="32" viewBox="0 0 180 32"><svg width="32" height="32" viewBox="0 0 64 64">${MARK.replace(/^<svg[^>]*>|<\/svg>$/g, '')}</svg><text x="42" y="22" font-family="sans-serif" font-size="17" font-weight="700" fill="#fff">InspoShot API</text></svg>`,
);

export async function openApiRoutes(app: ApiApp, ctx: AppContext) {
  // Keys and webhooks are managed by the logged-in member (a key cannot make keys).
  const tags = ['open-api'];
  app.post(
    '/keys',
    {
      schema: {
        tags,
        security: session,
        summary: 'Creates an API key; the key is answered this once (only its hash is kept)',
        body: z.object({
          name: z.string().trim().min(1).max(60),
          scopes: z.array(z.enum(API_KEY_SCOPES)).min(1),
          bizTypes: z.array(bizTypeSchema).max(50).nullish(),
          /** A team key (owners and admins): listed to and revocable by every owner and admin of the tenant. */
          team: z.boolean().nullish(),
        }),
        response: { 200: envelopeOf(z.object({ keyId: z.string(), key: z.string() })) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (request.body.team) await requireTeamPermission(ctx, request, 'manageApiKeys');
      return ok(await createApiKey(ctx.db, user, request.body));
    },
  );
  app.get(
    '/team/api-keys',
    {
      schema: {
        tags: ['team'],
        security: session,
        summary: "Owners and admins: the tenant's live team API keys, with who made each",
        response: { 200: envelopeOf(z.array(teamKeyView)) },
      },
    },
    async (request) => {
      const member = await requireTeamPermission(ctx, request, 'manageApiKeys');
      return ok(await listTeamKeys(ctx.db, member.tenantId));
    },
  );
  app.delete(
    '/team/api-keys/:keyId',
    {
      schema: {
        tags: ['team'],
        security: session,
        summary: "Owners and admins: revokes one of the tenant's team API keys",
        params: z.object({ keyId: z.string().max(64) }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const member = await requireTeamPermission(ctx, request, 'manageApiKeys');
      await revokeApiKey(ctx.db, { tenantId: member.tenantId }, request.params.keyId);
      return ok(null);
    },
  );
  app.get(
    '/keys',
    {
      schema: { tags, security: session, summary: "The caller's live API keys", response: { 200: envelopeOf(z.array(keyView)) } },
    },
    async (request) => ok(await listApiKeys(ctx.db, requireUser(request).id)),
  );
  app.get(
    '/keys/usage',
    {
      schema: {
        tags,
        security: session,
        summary: "Tasks and points per key and day (UTC+8) over the last 30 days, for the caller's keys",
        response: { 200: envelopeOf(z.array(usageRow)) },
      },
    },
    async (request) => ok(await keyUsage(ctx.db, { userId: requireUser(request).id })),
  );
  app.delete(
    '/keys/:keyId',
    {
      schema: {
        tags,
        security: session,
        summary: 'Revokes an API key: it is refused from the next request on',
        params: z.object({ keyId: z.string().max(64) }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await revokeApiKey(ctx.db, { userId: requireUser(request).id }, request.params.keyId);
      return ok(null);
    },
  );
  app.get(
    '/console/open-api/usage',
    {
      schema: {
        tags: ['console'],
        security: session,
        summary: "Operators: every API key's tasks and points per day in the operator's tenant (last 30 days)",
        response: { 200: envelopeOf(z.array(usageRow)) },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request);
      return ok(await keyUsage(ctx.db, { tenantId: operator.tenantId }));
    },
  );

  const webhookParams = z.object({ webhookId: z.string().max(64) });
  app.post(
    '/webhooks',
    {
      schema: {
        tags,
        security: session,
        summary: 'Registers a public https endpoint for events of tasks created with your API keys; answers its signing secret',
        body: z.object({ url: z.string().max(2000), events: z.array(z.enum(WEBHOOK_EVENTS)).min(1) }),
        response: { 200: envelopeOf(z.object({ webhookId: z.string(), secret: z.string() })) },
      },
    },
    async (request) => ok(await createWebhook(ctx, requireUser(request), request.body)),
  );
  app.get(
    '/webhooks',
    {
      schema: { tags, security: session, summary: "The caller's webhooks", response: { 200: envelopeOf(z.array(webhookView)) } },
    },
    async (request) => ok(await listWebhooks(ctx, requireUser(request).id)),
  );
  app.delete(
    '/webhooks/:webhookId',
    {
      schema: {
        tags,
        security: session,
        summary: 'Deletes a webhook',
        params: webhookParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await deleteWebhook(ctx, requireUser(request).id, request.params.webhookId);
      return ok(null);
    },
  );
  app.post(
    '/webhooks/:webhookId/rotate',
    {
      schema: {
        tags,
        security: session,
        summary: 'Gives the webhook a new signing secret (answered this once); later deliveries use it',
        params: webhookParams,
        response: { 200: envelopeOf(z.object({ secret: z.string() })) },
      },
    },
    async (request) => ok(await rotateWebhookSecret(ctx, requireUser(request).id, request.params.webhookId)),
  );
  app.get(
    '/webhooks/:webhookId/deliveries',
    {
      schema: {
        tags,
        security: session,
        summary: "A webhook's latest 100 deliveries with their attempts",
        params: webhookParams,
        response: { 200: envelopeOf(z.array(deliveryView)) },
      },
    },
    async (request) => ok(await listDeliveries(ctx, requireUser(request).id, request.params.webhookId)),
  );
  app.post(
    '/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
    {
      schema: {
        tags,
        security: session,
        summary: 'Sends a delivery again now (same event id and body, a fresh signature) and answers its new state',
        params: webhookParams.extend({ deliveryId: z.string().max(64) }),
        response: { 200: envelopeOf(deliveryView) },
      },
    },
    async (request) => ok(await redeliver(ctx, requireUser(request).id, request.params.webhookId, request.params.deliveryId)),
  );

  // The reference: the open surface's own OpenAPI document and a page rendering it.
  app.get('/open/v1/openapi.json', { schema: { hide: true } }, async () => openApiDocument(app));
  await app.register(fastifySwaggerUi, {
    routePrefix: '/open/v1/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: false },
    staticCSP: true,
    // The product's own name and mark, and the reader's language (issue 41: English only, under the
    // framework's branding). The page's own fetch of the document carries the browser's Accept-Language.
    theme: {
      title: 'InspoShot Open API · 开放接口',
      favicon: [{ filename: 'favicon.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: Buffer.from(MARK) }],
    },
    logo: { type: 'image/svg+xml', content: REFERENCE_LOGO, href: '/productimage/', target: '_self' },
    transformSpecification: (document, request) => {
      const language = requestLanguage(request);
      const open = openApiDocument(app, document as Record<string, unknown>);
      // Every operation's summary in the reader's language too, by its operationId.
      for (const item of Object.values(open.paths ?? {}) as Array<Record<string, { operationId?: string; summary?: string }>>)
        for (const operation of Object.values(item))
          if (operation.operationId)
            operation.summary = translate(language, `openApi:reference.operations.${operation.operationId}`);
      return {
        ...open,
        info: {
          ...(open.info as object),
          title: translate(language, 'openApi:reference.title'),
          description: translate(language, 'openApi:reference.description'),
        },
        tags: [{ name: 'open-api-v1', description: translate(language, 'openApi:reference.tag') }],
      };
    },
  });

  // The surface for merchants' systems: a key, never a login token.
  await app.register(
    async (scope) => {
      const open = scope.withTypeProvider<ZodTypeProvider>();
      installKeyAuth(open, ctx);
      const openTags = ['open-api-v1'];
      const taskParams = z.object({ taskId: z.string().min(1).max(64) });
      open.post(
        '/uploads',
        {
          schema: {
            tags: openTags,
            security: keySecurity,
            operationId: 'uploadImage',
            summary: openSummary('uploadImage'),
            consumes: ['multipart/form-data'],
            response: { 200: envelopeOf(z.object({ url: z.string() })) },
          },
        },
        async (request) => {
          requireScope(request.apiKey!, 'generate');
          return ok({ url: await receiveImageUpload(ctx, requireUser(request), request) });
        },
      );
      open.post(
        '/tasks',
        {
          bodyLimit: CREATE_TASK_BODY_LIMIT,
          schema: {
            tags: openTags,
            security: keySecurity,
            operationId: 'createTask',
            summary: openSummary('createTask'),
            headers: z.looseObject({ 'idempotency-key': z.string().min(1).max(255).optional() }),
            body: createTaskBodySchema,
            response: { 200: envelopeOf(created) },
          },
        },
        async (request) => {
          const key = request.apiKey!;
          requireScope(key, 'generate', request.body.bizType);
          await enforce(ctx.db, `tasks:create:${key.userId}`, ...TASK_CREATE_LIMIT);
          const idempotencyKey = request.headers['idempotency-key'] ?? null;
          return ok(await createOpenTask(ctx, key, request.body, idempotencyKey));
        },
      );
      open.get(
        '/tasks',
        {
          schema: {
            tags: openTags,
            security: keySecurity,
            operationId: 'listTasks',
            summary: openSummary('listTasks'),
            querystring: pagingQuery().extend({ bizType: bizTypeSchema.optional(), status: z.enum(TASK_STATUSES).optional() }),
            response: { 200: envelopeOf(pageOf(taskViewSchema)) },
          },
        },
        async (request) => {
          requireScope(request.apiKey!, 'read');
          return ok(await listTasks(ctx, requireUser(request).id, request.query, requestLanguage(request)));
        },
      );
      open.get(
        '/tasks/:taskId',
        {
          schema: {
            tags: openTags,
            security: keySecurity,
            operationId: 'getTask',
            summary: openSummary('getTask'),
            params: taskParams,
            response: { 200: envelopeOf(taskViewSchema) },
          },
        },
        async (request) => {
          requireScope(request.apiKey!, 'read');
          const row = await findTask(ctx, requireUser(request).id, request.params.taskId);
          return ok(toView(row, requestLanguage(request)));
        },
      );
      open.post(
        '/tasks/:taskId/stop',
        {
          schema: {
            tags: openTags,
            security: keySecurity,
            operationId: 'stopTask',
            summary: openSummary('stopTask'),
            params: taskParams,
            response: { 200: envelopeOf(taskViewSchema) },
          },
        },
        async (request) => {
          const key = request.apiKey!;
          // The key's business types hold for the task it acts on, not only for the ones it creates (issue 42).
          requireScope(key, 'generate', (await findTask(ctx, key.userId, request.params.taskId)).biz_type);
          return ok(await stopUserTask(ctx, requireUser(request).id, request.params.taskId, requestLanguage(request)));
        },
      );

      // Batches (the batch studio's, API.md "Batches"): the same checks, one charge and refunds as /api/batches.
      const batchParams = z.object({ batchId: z.string().min(1).max(64) });
      open.post(
        '/batches',
        {
          bodyLimit: 1024 * 1024,
          schema: {
            tags: openTags,
            security: keySecurity,
            operationId: 'createBatch',
            summary: openSummary('createBatch'),
            body: createBatchBodySchema,
            response: { 200: envelopeOf(z.object({ batchId: z.string(), cost: z.number() })) },
          },
        },
        async (request) => {
          const key = request.apiKey!;
          requireScope(key, 'generate', request.body.bizType);
          await enforce(ctx.db, `batches:create:${key.userId}`, ...BATCH_CREATE_LIMIT);
          return ok(await createOpenBatch(ctx, key, request.body));
        },
      );
      open.get(
        '/batches/presets',
        {
          schema: {
            tags: openTags,
            security: keySecurity,
            operationId: 'listPresets',
            summary: openSummary('listPresets'),
            response: { 200: envelopeOf(z.array(presetSchema)) },
          },
        },
        async (request) => {
          requireScope(request.apiKey!, 'read');
          return ok(await listPresets(ctx.db));
        },
      );
      open.get(
        '/batches/:batchId',
        {
          schema: {
            tags: openTags,
            security: keySecurity,
            operationId: 'getBatch',
            summary: openSummary('getBatch'),
            params: batchParams,
            response: { 200: envelopeOf(batchViewSchema) },
          },
        },
        async (request) => {
          requireScope(request.apiKey!, 'read');
          return ok(await getBatch(ctx, requireUser(request), request.params.batchId));
        },
      );
      open.post(
        '/batches/:batchId/stop',
        {
          schema: {
            tags: openTags,
            security: keySecurity,
            operationId: 'stopBatch',
            summary: openSummary('stopBatch'),
            params: batchParams,
            response: { 200: envelopeOf(batchViewSchema) },
          },
        },
        async (request) => {
          const key = request.apiKey!;
          requireScope(key, 'generate', (await findBatch(ctx, key.userId, request.params.batchId)).biz_type);
          return ok(await stopBatch(ctx, requireUser(request), request.params.batchId));
        },
      );
      open.post(
        '/batches/:batchId/retry',
        {
          schema: {
            tags: openTags,
            security: keySecurity,
            operationId: 'retryBatch',
            summary: openSummary('retryBatch'),
            params: batchParams,
            response: { 200: envelopeOf(batchViewSchema) },
          },
        },
        async (request) => {
          const key = request.apiKey!;
          // Retrying spends: a key limited to cutouts cannot retry the owner's try-on batch (issue 42).
          requireScope(key, 'generate', (await findBatch(ctx, key.userId, request.params.batchId)).biz_type);
          await enforce(ctx.db, `batches:create:${key.userId}`, ...BATCH_CREATE_LIMIT);
          return ok(await retryBatch(ctx, requireUser(request), request.params.batchId));
        },
      );
      open.get(
        '/batches/:batchId/zip',
        {
          schema: {
            tags: openTags,
            security: keySecurity,
            operationId: 'batchZip',
            summary: openSummary('batchZip'),
            params: batchParams,
            querystring: z.object({ preset: presetNameSchema }),
            response: { 200: fileAnswer('application/zip') },
          },
        },
        async (request, reply) => {
          requireScope(request.apiKey!, 'read');
          const { filename, stream } = await batchZip(ctx, requireUser(request), request.params.batchId, request.query.preset);
          return reply.header('content-disposition', `attachment; filename="${filename}"`).type('application/zip').send(stream);
        },
      );
    },
    { prefix: '/open/v1' },
  );
}
