import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { EXTERNAL_VIDEO_TYPES, type ExternalVideoType, externalVideoUrl } from './links.ts';

/** GET /api/external/video-url?type=0|5|10: the external video tool's page, opened in a new tab. */
export async function externalRoutes(app: ApiApp, ctx: AppContext) {
  app.get(
    '/external/video-url',
    {
      schema: {
        tags: ['external'],
        summary: 'URL of an external video tool (0 mixed cutting, 5 muse, 10 muse recommend); notConfigured when unset',
        security: [{ bearer: [] }],
        querystring: z.object({
          type: z.coerce
            .number()
            .int()
            .refine((t): t is ExternalVideoType => (EXTERNAL_VIDEO_TYPES as readonly number[]).includes(t)),
        }),
        response: { 200: envelopeOf(z.string()) },
      },
    },
    async (request) => {
      requireUser(request);
      const url = externalVideoUrl(ctx.config, request.query.type);
      if (!url) throw new AppError('notConfigured');
      return ok(url);
    },
  );
}
