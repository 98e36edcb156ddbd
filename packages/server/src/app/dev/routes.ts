import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { normaliseAccount } from '../../identity/accounts/secrets.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { readOutbox } from '../../platform/messaging/outbox.ts';

/** Header that carries the dev outbox's token (DEV_OUTBOX_TOKEN); `?token=` works too, for a browser. */
export const DEV_OUTBOX_HEADER = 'x-dev-outbox-token';

/**
 * Whether the request may read the outbox: with DEV_OUTBOX_TOKEN set, only when it carries that token.
 * Never by where it seems to come from: a reverse proxy on the same host that adds no forwarding
 * header makes every client look like loopback (issue 42).
 */
export function hasOutboxToken(request: FastifyRequest, token: string | undefined, fromQuery: string | undefined): boolean {
  if (token === undefined) return true;
  const header = request.headers[DEV_OUTBOX_HEADER];
  const given = Buffer.from((typeof header === 'string' ? header : undefined) ?? fromQuery ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/**
 * Dev helpers (API.md "Health and dev helpers"). They exist only while SMS and e-mail go to the dev
 * outbox, and never in production: the outbox holds everybody's login codes, so a deployment that
 * forgot to configure a provider must not hand them out. Otherwise the paths answer 404. API.md fixes
 * `GET /api/dev/outbox?to=` for dev and test instances (outside tools log in through it), so it needs
 * no token by default; an instance reachable by others sets DEV_OUTBOX_TOKEN, and then the outbox
 * answers only a request with that token (404 to anyone else: it does not exist for them).
 */
export async function devRoutes(app: ApiApp, ctx: Pick<AppContext, 'config' | 'db' | 'log' | 'messaging'>) {
  if (!ctx.messaging.devOutbox) return;
  if (ctx.config.NODE_ENV === 'production') {
    ctx.log.warn(
      'SMS and e-mail go to the dev outbox in production: codes reach nobody; configure SMS_PROVIDER and MAIL_PROVIDER',
    );
    return;
  }
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Latest messages and captcha answers sent to an address (dev outbox only)',
        querystring: z.object({ to: z.string().trim().min(1).max(200), token: z.string().max(200).optional() }),
        response: {
          200: envelopeOf(
            z.array(
              z
                .object({
                  to: z.string(),
                  channel: z.enum(['sms', 'mail', 'captcha']),
                  text: z.string(),
                  code: z.string(),
                  sentAt: z.number(),
                })
                .meta({ id: 'OutboxMessage' }),
            ),
          ),
        },
      },
    },
    async (request) => {
      const { to, token } = request.query;
      if (!hasOutboxToken(request, ctx.config.DEV_OUTBOX_TOKEN, token)) throw new AppError('notFound');
      return ok(await readOutbox(ctx.db, normaliseAccount(to)));
    },
  );
}
