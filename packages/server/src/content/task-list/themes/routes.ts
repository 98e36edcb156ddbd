import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { requireUser } from '../../../platform/http/auth.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { envelopeOf } from '../../../platform/http/envelope-schema.ts';
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

const topicView = z
  .object({
    topicId: z.string(),
    themeId: z.string(),
    name: z.string(),
    description: z.string(),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .meta({ id: 'ThemeTopic' });
const themeView = z.object({
  themeId: z.string(),
  name: z.string(),
  description: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
const themeWithTopics = themeView.extend({ tasks: z.number(), topics: z.array(topicView) }).meta({ id: 'Theme' });
const done = { 200: envelopeOf(z.null()) };

/** Themes and their topics (/modi-theme). */
export async function themesRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['themes'];
  const security = [{ bearer: [] }];
  api.get(
    '/themes',
    {
      schema: {
        tags,
        security,
        summary: 'Themes with their topics and task counts',
        response: { 200: envelopeOf(z.object({ list: z.array(themeWithTopics) })) },
      },
    },
    async (request) => ok({ list: await listThemes(ctx, requireUser(request)) }),
  );
  api.get(
    '/themes/:themeId',
    {
      schema: {
        tags,
        security,
        summary: 'One theme',
        params: z.object({ themeId: id }),
        response: { 200: envelopeOf(themeView) },
      },
    },
    async (request) => ok(await getTheme(ctx, requireUser(request), request.params.themeId)),
  );
  api.post(
    '/themes',
    {
      schema: {
        tags,
        security,
        summary: 'Creates a theme',
        body: themeBody,
        response: { 200: envelopeOf(z.object({ themeId: z.string() })) },
      },
    },
    async (request) => ok({ themeId: await createTheme(ctx, requireUser(request), request.body) }),
  );
  api.put(
    '/themes/:themeId',
    {
      schema: { tags, security, summary: 'Changes a theme', params: z.object({ themeId: id }), body: themeBody, response: done },
    },
    async (request) => {
      await updateTheme(ctx, requireUser(request), request.params.themeId, request.body);
      return ok(null);
    },
  );
  api.delete(
    '/themes/:themeId',
    { schema: { tags, security, summary: 'Deletes a theme and its topics', params: z.object({ themeId: id }), response: done } },
    async (request) => {
      await deleteTheme(ctx, requireUser(request), request.params.themeId);
      return ok(null);
    },
  );
  api.get(
    '/theme-topics/:topicId',
    {
      schema: {
        tags,
        security,
        summary: 'One topic',
        params: z.object({ topicId: id }),
        response: { 200: envelopeOf(topicView) },
      },
    },
    async (request) => ok(await getTopic(ctx, requireUser(request), request.params.topicId)),
  );
  api.post(
    '/theme-topics',
    {
      schema: {
        tags,
        security,
        summary: 'Creates a topic in a theme',
        body: topicBody,
        response: { 200: envelopeOf(z.object({ topicId: z.string() })) },
      },
    },
    async (request) => ok({ topicId: await createTopic(ctx, requireUser(request), request.body) }),
  );
  api.put(
    '/theme-topics/:topicId',
    {
      schema: { tags, security, summary: 'Changes a topic', params: z.object({ topicId: id }), body: topicBody, response: done },
    },
    async (request) => {
      await updateTopic(ctx, requireUser(request), request.params.topicId, request.body);
      return ok(null);
    },
  );
  api.delete(
    '/theme-topics/:topicId',
    { schema: { tags, security, summary: 'Deletes a topic', params: z.object({ topicId: id }), response: done } },
    async (request) => {
      await deleteTopic(ctx, requireUser(request), request.params.topicId);
      return ok(null);
    },
  );
}
