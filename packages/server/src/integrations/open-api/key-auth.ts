import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { translate } from '../../platform/http/i18n.ts';
import { pruneUnusedSchemas } from '../../platform/http/openapi-prune.ts';
import { hit } from '../../platform/http/rate-limit.ts';
import { type ApiKeyAuth, resolveApiKey } from './keys.ts';

/** Requests one key may make per minute; more answer 429 with Retry-After. */
export const OPEN_REQUESTS_PER_MINUTE = 120;
/** Requests all of one member's keys together may make per minute (issue 42: more keys, no more rate). */
export const OPEN_MEMBER_REQUESTS_PER_MINUTE = 240;
/** Retry-After for a key whose tasks in flight are at their limit: a task takes seconds to minutes. */
const IN_FLIGHT_RETRY_SECONDS = 5;
const OPEN_PREFIX = '/api/open/v1/';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key behind an open API request (null elsewhere). */
    apiKey: ApiKeyAuth | null;
  }
}

const secondsLeftInMinute = (now: number) => Math.max(1, Math.ceil((60_000 - (now % 60_000)) / 1000));

/**
 * Authenticates every request of the scope by API key: a login token is refused (keys and sessions
 * are separate credentials), a revoked or unknown key is refused at once (keys are looked up on every
 * request, never cached), and each key has its own budget of requests per minute. The request then
 * acts for the key's owner (`request.user`), so the task platform's checks, points and refunds apply.
 */
export function installKeyAuth(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (request, reply) => {
    if (request.user) throw new AppError('openApiNeedsKey');
    if (!request.bearer) throw new AppError('openApiNeedsKey');
    const key = await resolveApiKey(ctx.db, request.bearer, request.ip);
    if (!key) throw new AppError('apiKeyInvalid');
    const now = Date.now();
    if (
      !(await hit(ctx.db, `open:requests:${key.keyId}`, OPEN_REQUESTS_PER_MINUTE, 60, now)) ||
      !(await hit(ctx.db, `open:member-requests:${key.userId}`, OPEN_MEMBER_REQUESTS_PER_MINUTE, 60, now))
    ) {
      reply.header('Retry-After', String(secondsLeftInMinute(now)));
      throw new AppError('tooManyRequests');
    }
    request.apiKey = key;
    request.user = { id: key.userId, tenantId: key.tenantId, sessionId: `key:${key.keyId}` };
  });
  // Every 429 of the open API says when to come back (the per-minute limits reset at the minute).
  app.addHook('onError', async (_request, reply, error) => {
    if (reply.hasHeader('Retry-After') || !(error instanceof AppError) || error.status !== 429) return;
    reply.header(
      'Retry-After',
      String(error.key === 'openApiInFlight' ? IN_FLIGHT_RETRY_SECONDS : secondsLeftInMinute(Date.now())),
    );
  });
}

/** The OpenAPI document of the open surface only (/api/open/v1), with the key as its security scheme. */
export function openApiDocument(app: FastifyInstance, whole: Record<string, unknown> = app.swagger() as never) {
  const document = structuredClone(whole) as {
    paths?: Record<string, unknown>;
    components?: Record<string, unknown>;
    [key: string]: unknown;
  };
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).filter(([path]) => path.startsWith(OPEN_PREFIX) && !path.includes('/docs')),
  );
  return pruneUnusedSchemas({
    ...document,
    info: {
      title: 'InspoShot Open API',
      version: 'v1',
      description:
        'For your own systems (shop back-office, ERP, PIM). Authenticate with `Authorization: Bearer isk_...` (create keys in personal settings). Every JSON answer is { code, data, msg }; code 0 is success. Webhook deliveries are signed: see the InspoShot-Signature header in docs/open-api.md.',
    },
    tags: [{ name: 'open-api-v1', description: translate('en', 'openApi:reference.tag') }],
    paths,
    components: {
      ...document.components,
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: isk_...' } },
    },
  });
}
