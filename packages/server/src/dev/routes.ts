import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { normaliseAccount } from '../accounts/secrets.ts';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { readOutbox } from '../messaging/outbox.ts';

/**
 * Dev helpers (API.md "Health and dev helpers"). They exist only while SMS and e-mail go to the dev
 * outbox, and never in production: the outbox holds everybody's login codes, so a deployment that
 * forgot to configure a provider must not hand them out. Otherwise the paths answer 404.
 */
export async function devRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'config' | 'db' | 'log' | 'messaging'>) {
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
      },
    },
    async (request) => {
      const { to } = request.query as { to: string };
      return ok(await readOutbox(ctx.db, normaliseAccount(to)));
    },
  );
}
