import { FEEDBACK_CONTENT_MAX, FEEDBACK_TITLE_MAX } from '@productimage/core';
import { z } from 'zod';
import { requireOperator } from '../../identity/operators/operators.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf, pageOf } from '../../platform/http/envelope-schema.ts';
import { pagingQuery } from '../../platform/http/paging.ts';
import { enforce } from '../../platform/http/rate-limit.ts';
import { listFeedback, submitFeedback } from './service.ts';

const feedbackBody = z.object({
  title: z
    .string({ error: 'validation:titleRequired' })
    .trim()
    .min(1, { error: 'validation:titleRequired' })
    .max(FEEDBACK_TITLE_MAX),
  content: z
    .string({ error: 'validation:contentRequired' })
    .trim()
    .min(1, { error: 'validation:contentRequired' })
    .max(FEEDBACK_CONTENT_MAX),
  // One image at a time (spec 000 §5): a URL from POST /api/upload.
  attachments: z
    .array(z.object({ url: z.string().max(1000) }))
    .max(1)
    .optional(),
});

const pageQuery = pagingQuery(20);

/** Feedback per user per hour. */
const FEEDBACK_LIMIT: [number, number] = [20, 3600];

export async function feedbackRoutes(app: ApiApp, ctx: AppContext) {
  app.post(
    '/feedback',
    {
      schema: {
        tags: ['feedback'],
        summary: "Sends feedback; an attachment must be the user's own uploaded png or jpeg (at most 20 MB)",
        security: [{ bearer: [] }],
        body: feedbackBody,
        response: { 200: envelopeOf(z.object({ id: z.string() })) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforce(ctx.db, `feedback:${user.id}`, ...FEEDBACK_LIMIT);
      return ok({ id: await submitFeedback(ctx, user, request.body) });
    },
  );

  app.get(
    '/operator/feedback',
    {
      schema: {
        tags: ['operator'],
        summary: "The tenant's feedback, newest first",
        security: [{ bearer: [] }],
        querystring: pageQuery,
        response: {
          200: envelopeOf(
            pageOf(
              z
                .object({
                  id: z.string(),
                  userId: z.string(),
                  title: z.string(),
                  content: z.string(),
                  attachments: z.array(z.object({ url: z.string() })),
                  createdAt: z.number(),
                })
                .meta({ id: 'FeedbackItem' }),
            ),
          ),
        },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request);
      return ok(await listFeedback(ctx, operator.tenantId, request.query));
    },
  );
}
