import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf, pageOf } from '../../platform/http/envelope-schema.ts';
import { pagingQuery } from '../../platform/http/paging.ts';
import { imageList, safeUrl, tagList } from '../../platform/http/record-fields.ts';
import { createNote, deleteNote, favoriteMap, getNote, listNotes, setFavorite, updateNote } from './service.ts';

const id = z.coerce.number().int().positive();
const count = z.coerce.number().int().min(0).max(1e12).default(0);
const noteBody = z.object({
  title: z.string({ error: 'validation:titleRequired' }).trim().min(1, { error: 'validation:titleRequired' }).max(200),
  content: z.string().max(20_000).default(''),
  images: imageList.default([]),
  tags: tagList.default([]),
  sourceUrl: safeUrl.default(''),
  platform: z.string().trim().max(30).default(''),
  metrics: z
    .object({ likes: count, collects: count, comments: count, shares: count })
    .default({ likes: 0, collects: 0, comments: 0, shares: 0 }),
  isPublic: z.boolean().default(false),
});

const noteView = z
  .object({
    noteId: z.string(),
    title: z.string(),
    content: z.string(),
    images: z.array(z.string()),
    tags: z.array(z.string()),
    sourceUrl: z.string(),
    platform: z.string(),
    metrics: z.object({ likes: z.number(), collects: z.number(), comments: z.number(), shares: z.number() }),
    isPublic: z.boolean(),
    mine: z.boolean(),
    isFavorite: z.boolean(),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .meta({ id: 'Note' });
const done = { 200: envelopeOf(z.null()) };

/** Note bases (spec 001 §2 /modi-note-base, /modi-pub-note-base): notes, search, paging, favourites. */
export async function notesRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notes'];
  const security = [{ bearer: [] }];
  api.get(
    '/notes',
    {
      schema: {
        tags,
        security,
        summary:
          "Notes: the user's own (scope mine), the tenant's public note base (public) or favourites; searchText filters by containment",
        querystring: pagingQuery(10).extend({
          scope: z.enum(['mine', 'public', 'favorites']).default('mine'),
          searchText: z.string().max(200).default(''),
          /** Only this note (any scope it is readable in). */
          noteId: id.optional(),
        }),
        response: { 200: envelopeOf(pageOf(noteView)) },
      },
    },
    async (request) => {
      const { scope, searchText, noteId, ...page } = request.query;
      return ok(await listNotes(ctx, requireUser(request), scope, searchText, page, noteId));
    },
  );
  api.get(
    '/notes/favorites',
    {
      schema: {
        tags,
        security,
        summary: 'Favourite map noteId -> isFavorite for the given ids (comma-separated)',
        querystring: z.object({ noteIds: z.string().max(2000).default('') }),
        response: { 200: envelopeOf(z.record(z.string(), z.boolean())) },
      },
    },
    async (request) => {
      const ids = request.query.noteIds
        .split(',')
        .map((s) => Number(s))
        .filter((n) => Number.isSafeInteger(n) && n > 0)
        .slice(0, 200);
      return ok(await favoriteMap(ctx, requireUser(request), ids));
    },
  );
  api.get(
    '/notes/:noteId',
    {
      schema: { tags, security, summary: 'One note', params: z.object({ noteId: id }), response: { 200: envelopeOf(noteView) } },
    },
    async (request) => ok(await getNote(ctx, requireUser(request), request.params.noteId)),
  );
  api.post(
    '/notes',
    {
      schema: {
        tags,
        security,
        summary: 'Creates a note',
        body: noteBody,
        response: { 200: envelopeOf(z.object({ noteId: z.string() })) },
      },
    },
    async (request) => ok({ noteId: await createNote(ctx, requireUser(request), request.body) }),
  );
  api.put(
    '/notes/:noteId',
    {
      schema: {
        tags,
        security,
        summary: 'Changes a note (author only)',
        params: z.object({ noteId: id }),
        body: noteBody,
        response: done,
      },
    },
    async (request) => {
      await updateNote(ctx, requireUser(request), request.params.noteId, request.body);
      return ok(null);
    },
  );
  api.delete(
    '/notes/:noteId',
    { schema: { tags, security, summary: 'Deletes a note (author only)', params: z.object({ noteId: id }), response: done } },
    async (request) => {
      await deleteNote(ctx, requireUser(request), request.params.noteId);
      return ok(null);
    },
  );
  api.post(
    '/notes/:noteId/favorite',
    {
      schema: {
        tags,
        security,
        summary: 'Adds or removes a favourite',
        params: z.object({ noteId: id }),
        body: z.object({ isFavorite: z.boolean() }),
        response: done,
      },
    },
    async (request) => {
      await setFavorite(ctx, requireUser(request), request.params.noteId, request.body.isFavorite);
      return ok(null);
    },
  );
}
