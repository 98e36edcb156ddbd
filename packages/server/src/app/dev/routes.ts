import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { normaliseAccount } from '../../identity/accounts/secrets.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { readOutbox } from '../../platform/messaging/outbox.ts';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Whether the request comes from this machine: the socket's peer is a loopback address and no proxy
 * forwarded it (a reverse proxy on the same host connects from loopback for every client, so any
 * forwarding header disqualifies the request, and with TRUST_PROXY the forwarded client must be
 * local too).
 */
export function fromLoopback(request: FastifyRequest): boolean {
  const h = request.headers;
  if (h['x-forwarded-for'] || h.forwarded || h['x-real-ip']) return false;
  return LOOPBACK.test(request.socket.remoteAddress ?? '') && LOOPBACK.test(request.ip);
}

/**
 * Dev helpers (API.md "Health and dev helpers"). They exist only while SMS and e-mail go to the dev
 * outbox, and never in production: the outbox holds everybody's login codes, so a deployment that
 * forgot to configure a provider must not hand them out. Otherwise the paths answer 404. `npm start`
 * listens on every interface with the outbox as default, so the outbox also answers only clients on
 * the loopback interface (404 to anyone else: it does not exist for them).
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
        querystring: z.object({ to: z.string().trim().min(1).max(200) }),
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
      if (!fromLoopback(request)) throw new AppError('notFound');
      const { to } = request.query;
      return ok(await readOutbox(ctx.db, normaliseAccount(to)));
    },
  );
}
