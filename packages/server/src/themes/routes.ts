import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { requireUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import {
  createTheme,
  createTopic,
  deleteTheme,
  deleteTopic,
  getTheme,
  getTopic,
  listThemes,
  updateTheme,
  updateTopic,
} from './service.ts';

const id = z.coerce.number().int().positive();
const fields = {
  name: z
    .string({ error: 'validation:knowledgeNameRequired' })
    .trim()
    .min(1, { error: 'validation:knowledgeNameRequired' })
    .max(100),
  description: z.string().trim().max(2000).default(''),
};
const themeBody = z.object(fields);
const topicBody = z.object({ ...fields, themeId: id });

/** Themes and their topics (/modi-theme). */
export async function themesRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['themes'];
  const security = [{ bearer: [] }];
  api.get('/themes', { schema: { tags, security, summary: 'Themes with their topics and task counts' } }, async (request) =>
    ok({ list: await listThemes(ctx, requireUser(request)) }),
  );
  api.get(
    '/themes/:themeId',
    { schema: { tags, security, summary: 'One theme', params: z.object({ themeId: id }) } },
    async (request) => ok(await getTheme(ctx, requireUser(request), request.params.themeId)),
  );
  api.post('/themes', { schema: { tags, security, summary: 'Creates a theme', body: themeBody } }, async (request) =>
    ok({ themeId: await createTheme(ctx, requireUser(request), request.body) }),
  );
  api.put(
    '/themes/:themeId',
    { schema: { tags, security, summary: 'Changes a theme', params: z.object({ themeId: id }), body: themeBody } },
    async (request) => ok(await updateTheme(ctx, requireUser(request), request.params.themeId, request.body)),
  );
  api.delete(
    '/themes/:themeId',
    { schema: { tags, security, summary: 'Deletes a theme and its topics', params: z.object({ themeId: id }) } },
    async (request) => ok(await deleteTheme(ctx, requireUser(request), request.params.themeId)),
  );
  api.get(
    '/theme-topics/:topicId',
    { schema: { tags, security, summary: 'One topic', params: z.object({ topicId: id }) } },
    async (request) => ok(await getTopic(ctx, requireUser(request), request.params.topicId)),
  );
  api.post(
    '/theme-topics',
    { schema: { tags, security, summary: 'Creates a topic in a theme', body: topicBody } },
    async (request) => ok({ topicId: await createTopic(ctx, requireUser(request), request.body) }),
  );
  api.put(
    '/theme-topics/:topicId',
    { schema: { tags, security, summary: 'Changes a topic', params: z.object({ topicId: id }), body: topicBody } },
    async (request) => ok(await updateTopic(ctx, requireUser(request), request.params.topicId, request.body)),
  );
  api.delete(
    '/theme-topics/:topicId',
    { schema: { tags, security, summary: 'Deletes a topic', params: z.object({ topicId: id }) } },
    async (request) => ok(await deleteTopic(ctx, requireUser(request), request.params.topicId)),
  );
}
