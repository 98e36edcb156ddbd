import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { dialectOf } from '../db/dialect.ts';
import type { ApiApp } from '../http/api-app.ts';
import { ok } from '../http/envelope.ts';
import { envelopeOf } from '../http/envelope-schema.ts';
import { pingDatabase, readinessProbe } from './readiness.ts';

export async function healthRoutes(app: ApiApp, ctx: AppContext) {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and the backends in use',
        querystring: z.object({}).optional(),
        response: {
          200: envelopeOf(
            z
              .object({
                status: z.literal('ok'),
                db: z.enum(['postgres', 'sqlite']),
                queue: z.enum(['bullmq', 'in-process']),
                storage: z.enum(['local', 's3']),
              })
              .meta({ id: 'Health' }),
          ),
        },
      },
    },
    async () => {
      await pingDatabase(ctx.db);
      return ok({
        status: 'ok',
        db: dialectOf(ctx.db),
        queue: ctx.config.REDIS_URL ? 'bullmq' : 'in-process',
        storage: ctx.storage.kind,
      });
    },
  );
  const ready = readinessProbe(ctx);
  const readiness = envelopeOf(
    z
      .object({
        ready: z.boolean(),
        checks: z.object({ db: z.boolean(), queue: z.boolean(), storage: z.boolean(), draining: z.boolean() }),
      })
      .meta({ id: 'Readiness' }),
  );
  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: 200 when the database, queue and storage answer and the process is not draining, else 503',
        querystring: z.object({}).optional(),
        response: { 200: readiness, 503: readiness },
      },
    },
    async (_request, reply) => {
      const result = await ready();
      return reply.code(result.ready ? 200 : 503).send(ok(result));
    },
  );
}
