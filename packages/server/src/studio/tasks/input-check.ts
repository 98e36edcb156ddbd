import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { enforce } from '../../platform/http/rate-limit.ts';
import { resolveInputs } from './inputs.ts';

/**
 * POST /api/upload/resolve (issue 41): whether a URL is one of the caller's pictures that every tool
 * takes as an input, answered the way a task would (the same resolveInputs): a hand-off link opening a
 * tool (any of our URL forms: `/files/`, PUBLIC_URL, an S3 presigned URL, an expired signature) or a
 * small upload that may be one of their downloaded results. Answers the file's URL freshly signed (the
 * answer is signed on the way out), so the page shows it even when the link's signature has expired;
 * a foreign URL or someone else's file is refused as a task would refuse it, and a fresh upload under
 * the minimum with the same message.
 */
export async function inputCheckRoute(app: ApiApp, ctx: AppContext) {
  app.post(
    '/upload/resolve',
    {
      schema: {
        tags: ['uploads'],
        summary: "Checks that a URL is one of the caller's pictures a task takes as input; answers it freshly signed",
        security: [{ bearer: [] }],
        body: z.object({ url: z.string().min(1).max(4096) }),
        response: { 200: envelopeOf(z.object({ url: z.string() })) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforce(ctx.db, `resolve:${user.id}`, 60, 60);
      const [input] = await resolveInputs(ctx, user.id, [request.body.url]);
      return ok({ url: input?.url ?? '' });
    },
  );
}
