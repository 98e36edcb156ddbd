import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf, pageOf } from '../../platform/http/envelope-schema.ts';
import { pagingQuery } from '../../platform/http/paging.ts';
import { safeUrl } from '../../platform/http/record-fields.ts';
import { deleteHotItem, getHotItem, importNotes, listHotItems, saveHotItem, updateHotItem } from './service.ts';

const id = z.coerce.number().int().positive();
const itemFields = {
  title: z.string({ error: 'validation:titleRequired' }).trim().min(1, { error: 'validation:titleRequired' }).max(300),
  content: z.string().max(20_000).default(''),
  url: safeUrl.default(''),
  platform: z.string().trim().max(30).default(''),
  hot: z.coerce.string().max(30).default(''),
};

const itemView = z
  .object({
    itemId: z.string(),
    title: z.string(),
    content: z.string(),
    url: z.string(),
    platform: z.string(),
    hot: z.string(),
    source: z.enum(['hotspot', 'note', 'manual']),
    noteId: z.string().nullable(),
    createdAt: z.number(),
  })
  .meta({ id: 'HotItem' });
const done = { 200: envelopeOf(z.null()) };

/** Hot library (/modi-hot-library): saved hot items and imported notes. */
export async function hotLibraryRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['hot-library'];
  const security = [{ bearer: [] }];
  api.get(
    '/hot-library',
    {
      schema: {
        tags,
        security,
        summary: 'Saved hot items, newest first; searchText filters by containment',
        querystring: pagingQuery(10).extend({ searchText: z.string().max(200).default(''), itemId: id.optional() }),
        response: { 200: envelopeOf(pageOf(itemView)) },
      },
    },
    async (request) => {
      const { searchText, itemId, ...page } = request.query;
      return ok(await listHotItems(ctx, requireUser(request), searchText, page, itemId));
    },
  );
  api.get(
    '/hot-library/:itemId',
    {
      schema: {
        tags,
        security,
        summary: 'One saved item',
        params: z.object({ itemId: id }),
        response: { 200: envelopeOf(itemView) },
      },
    },
    async (request) => ok(await getHotItem(ctx, requireUser(request), request.params.itemId)),
  );
  api.post(
    '/hot-library',
    {
      schema: {
        tags,
        security,
        summary: 'Saves a hot item (from a hot list, or typed in)',
        body: z.object({ ...itemFields, source: z.enum(['hotspot', 'manual']).default('manual') }),
        response: { 200: envelopeOf(z.object({ itemId: z.string() })) },
      },
    },
    async (request) => ok({ itemId: await saveHotItem(ctx, requireUser(request), request.body) }),
  );
  api.post(
    '/hot-library/import-notes',
    {
      schema: {
        tags,
        security,
        summary: 'Imports notes (own or public) into the hot library',
        body: z.object({ noteIds: z.array(id).min(1).max(50) }),
        response: { 200: envelopeOf(z.object({ itemIds: z.array(z.string()) })) },
      },
    },
    async (request) => ok({ itemIds: await importNotes(ctx, requireUser(request), request.body.noteIds) }),
  );
  api.put(
    '/hot-library/:itemId',
    {
      schema: {
        tags,
        security,
        summary: 'Changes a saved item',
        params: z.object({ itemId: id }),
        body: z.object(itemFields),
        response: done,
      },
    },
    async (request) => {
      await updateHotItem(ctx, requireUser(request), request.params.itemId, request.body);
      return ok(null);
    },
  );
  api.delete(
    '/hot-library/:itemId',
    { schema: { tags, security, summary: 'Deletes a saved item', params: z.object({ itemId: id }), response: done } },
    async (request) => {
      await deleteHotItem(ctx, requireUser(request), request.params.itemId);
      return ok(null);
    },
  );
}
