import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf, pageOf } from '../../platform/http/envelope-schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { pagingQuery } from '../../platform/http/paging.ts';
import { enforce } from '../../platform/http/rate-limit.ts';
import { replySignal, useQuota } from '../../platform/sandbox/quota.ts';
import { KNOWLEDGE_FILE_MAX_BYTES } from './parsers.ts';
import {
  type CollectionInput,
  createCollection,
  createDataset,
  createFolder,
  deleteCollection,
  deleteDataset,
  deleteFolder,
  listChunks,
  listCollections,
  listDatasets,
  listFolders,
  ownDataset,
  retryCollection,
  search,
  stopCollection,
  updateDataset,
} from './service.ts';
import { queueOrphanTraining } from './training-tasks.ts';

const id = z.coerce.number().int().positive();
const trainingType = z.enum(['auto', 'chunk', 'qa']).default('auto');
const name = z.string().trim().min(1, { error: 'validation:knowledgeNameRequired' }).max(100);
const intro = z.string().trim().max(1000).default('');

const collectionBody = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('link'),
    url: z.string().trim().min(1).max(2000),
    name: z.string().trim().max(200).optional(),
    trainingType,
  }),
  z.object({
    type: z.enum(['text', 'virtual']),
    text: z.string().trim().min(1, { error: 'validation:contentRequired' }).max(200_000),
    name,
    trainingType,
  }),
]);

const collectionItem = z.object({
  collectionId: z.string(),
  name: z.string(),
  type: z.enum(['file', 'link', 'virtual']),
  trainingType: z.enum(['auto', 'chunk', 'qa']),
  status: z.enum(['training', 'ready', 'failed']),
  source: z.string(),
  chunks: z.number(),
  progress: z.object({ done: z.number(), total: z.number() }),
  error: z.string().nullable(),
  createdAt: z.number(),
});

const hit = z.object({
  text: z.string(),
  q: z.string(),
  a: z.string(),
  score: z.number(),
  mode: z.enum(['keyword', 'hybrid']),
  scores: z.object({ keyword: z.number().nullable(), vector: z.number().nullable() }),
  chunkId: z.string(),
  datasetId: z.string(),
  collectionId: z.string(),
  sourceName: z.string(),
  snippet: z
    .array(z.object({ text: z.string(), match: z.boolean() }))
    .optional()
    .meta({ description: 'The text around the matched query terms, in parts; `match` marks a matched term' }),
});

const folderView = z.object({ folderId: z.string(), name: z.string(), parentId: z.string().nullable(), createdAt: z.number() });
const datasetView = z
  .object({
    datasetId: z.string(),
    name: z.string(),
    intro: z.string(),
    folderId: z.string().nullable(),
    collections: z.number(),
    chunks: z.number(),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .meta({ id: 'KnowledgeDataset' });
const done = { 200: envelopeOf(z.null()) };

/** Collections per user per minute (each may parse a file or fetch a page). */
const CREATE_LIMIT: [number, number] = [30, 60];
const SEARCH_LIMIT: [number, number] = [120, 60];

/** Knowledge base routes (API.md "Knowledge"); training runs as tasks of the task platform (training.ts). */
export async function knowledgeRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Collections left training without a live task (older rows, lost tasks) get one now.
  await queueOrphanTraining(ctx).catch((err) => ctx.log.warn({ err }, 'queueing orphan knowledge training failed'));
  const tags = ['knowledge'];
  const security = [{ bearer: [] }];

  api.get(
    '/knowledge/folders',
    {
      schema: {
        tags,
        security,
        summary: 'Folders under a parent (none: top level)',
        querystring: z.object({ parentId: id.optional() }),
        response: { 200: envelopeOf(z.object({ list: z.array(folderView) })) },
      },
    },
    async (request) => ok({ list: await listFolders(ctx, requireUser(request), request.query.parentId ?? null) }),
  );
  api.post(
    '/knowledge/folders',
    {
      schema: {
        tags,
        security,
        summary: 'Creates a folder',
        body: z.object({ name, parentId: id.nullish() }),
        response: { 200: envelopeOf(z.object({ folderId: z.string() })) },
      },
    },
    async (request) => ok({ folderId: await createFolder(ctx, requireUser(request), request.body) }),
  );
  api.delete(
    '/knowledge/folders/:folderId',
    {
      schema: {
        tags,
        security,
        summary: 'Deletes a folder; its datasets move to the top level',
        params: z.object({ folderId: id }),
        response: done,
      },
    },
    async (request) => {
      await deleteFolder(ctx, requireUser(request), request.params.folderId);
      return ok(null);
    },
  );

  api.post(
    '/knowledge/datasets',
    {
      schema: {
        tags,
        security,
        summary: 'Creates a dataset',
        body: z.object({ name, intro, folderId: id.nullish() }),
        response: { 200: envelopeOf(z.object({ datasetId: z.string() })) },
      },
    },
    async (request) => ok({ datasetId: await createDataset(ctx, requireUser(request), request.body) }),
  );
  api.get(
    '/knowledge/datasets',
    {
      schema: {
        tags,
        security,
        summary: "The user's datasets in a folder (none: top level; all=1: every dataset, for pickers)",
        querystring: z.object({ folderId: id.optional(), all: z.enum(['0', '1']).optional() }),
        response: { 200: envelopeOf(z.object({ list: z.array(datasetView) })) },
      },
    },
    async (request) =>
      ok({
        list: await listDatasets(ctx, requireUser(request), {
          folderId: request.query.folderId ?? null,
          all: request.query.all === '1',
        }),
      }),
  );
  api.get(
    '/knowledge/datasets/:datasetId',
    {
      schema: {
        tags,
        security,
        summary: 'One dataset',
        params: z.object({ datasetId: id }),
        response: {
          200: envelopeOf(
            z.object({
              datasetId: z.string(),
              name: z.string(),
              intro: z.string(),
              folderId: z.string().nullable(),
              backend: z.enum(['local', 'fastgpt']),
              createdAt: z.number(),
              updatedAt: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const row = await ownDataset(ctx, requireUser(request), request.params.datasetId);
      return ok({
        datasetId: String(row.id),
        name: row.name,
        intro: row.intro,
        folderId: row.folder_id == null ? null : String(row.folder_id),
        backend: row.backend as 'local' | 'fastgpt',
        createdAt: Number(row.created_at),
        updatedAt: Number(row.updated_at),
      });
    },
  );
  api.patch(
    '/knowledge/datasets/:datasetId',
    {
      schema: {
        tags,
        security,
        summary: 'Renames, describes or moves a dataset',
        params: z.object({ datasetId: id }),
        body: z.object({ name: name.optional(), intro: z.string().trim().max(1000).optional(), folderId: id.nullish() }),
        response: done,
      },
    },
    async (request) => {
      await updateDataset(ctx, requireUser(request), request.params.datasetId, request.body);
      return ok(null);
    },
  );
  api.delete(
    '/knowledge/datasets/:datasetId',
    {
      schema: {
        tags,
        security,
        summary: 'Deletes a dataset with its collections and chunks',
        params: z.object({ datasetId: id }),
        response: done,
      },
    },
    async (request) => {
      await deleteDataset(ctx, requireUser(request), request.params.datasetId);
      return ok(null);
    },
  );

  api.post(
    '/knowledge/datasets/:datasetId/collections',
    {
      schema: {
        tags,
        security,
        summary:
          'Adds a collection: multipart `file` (pdf, docx, txt, md, csv, xlsx; fields name and trainingType may come before it), or JSON { type: link|text, url?, text?, name, trainingType }',
        params: z.object({ datasetId: id }),
        // The training type may also come in the query (clients that stream the file part first).
        querystring: z.object({ trainingType: z.enum(['auto', 'chunk', 'qa']).optional() }),
        consumes: ['application/json', 'multipart/form-data'],
        response: { 200: envelopeOf(z.object({ collectionId: z.string() })) },
      },
      // No body schema: a zod schema cannot describe the multipart form; JSON is validated below.
    },
    async (request, reply) => {
      const user = requireUser(request);
      await enforce(ctx.db, `knowledge:create:${user.id}`, ...CREATE_LIMIT);
      if (request.isMultipart()) await useQuota(ctx.db, user.id, 'filesParsed');
      const input = request.isMultipart() ? await readFilePart(request, request.query.trainingType) : jsonInput(request.body);
      // A client that goes away stops the file's parse (issue 26).
      const collectionId = await createCollection(ctx, user, request.params.datasetId, input, replySignal(reply));
      return ok({ collectionId });
    },
  );
  api.get(
    '/knowledge/datasets/:datasetId/collections',
    {
      schema: {
        tags,
        security,
        summary: 'Collections of a dataset with training status and progress',
        params: z.object({ datasetId: id }),
        response: { 200: envelopeOf(z.object({ list: z.array(collectionItem) })) },
      },
    },
    async (request) => ok(await listCollections(ctx, requireUser(request), request.params.datasetId)),
  );
  api.get(
    '/knowledge/collections/:collectionId/chunks',
    {
      schema: {
        tags,
        security,
        summary: 'The chunks (or question/answer pairs) of a collection',
        params: z.object({ collectionId: id }),
        querystring: pagingQuery(20),
        response: { 200: envelopeOf(pageOf(z.object({ chunkId: z.string(), index: z.number(), q: z.string(), a: z.string() }))) },
      },
    },
    async (request) => ok(await listChunks(ctx, requireUser(request), request.params.collectionId, request.query)),
  );
  api.post(
    '/knowledge/collections/:collectionId/stop',
    {
      schema: {
        tags,
        security,
        summary: 'Stops training after the current step',
        params: z.object({ collectionId: id }),
        response: done,
      },
    },
    async (request) => {
      await stopCollection(ctx, requireUser(request), request.params.collectionId);
      return ok(null);
    },
  );
  api.post(
    '/knowledge/collections/:collectionId/retry',
    {
      schema: {
        tags,
        security,
        summary: 'Trains a failed or stopped collection again from where it ended',
        params: z.object({ collectionId: id }),
        response: done,
      },
    },
    async (request) => {
      await retryCollection(ctx, requireUser(request), request.params.collectionId);
      return ok(null);
    },
  );
  api.delete(
    '/knowledge/collections/:collectionId',
    {
      schema: {
        tags,
        security,
        summary: 'Deletes a collection and its chunks',
        params: z.object({ collectionId: id }),
        response: done,
      },
    },
    async (request) => {
      await deleteCollection(ctx, requireUser(request), request.params.collectionId);
      return ok(null);
    },
  );

  api.post(
    '/knowledge/search',
    {
      schema: {
        tags,
        security,
        summary:
          'Searches datasets (the database full-text index over jieba terms; hybrid with vectors when embeddings are configured), best first, with highlighted snippets',
        body: z
          .object({
            datasetId: id.optional(),
            datasetIds: z.array(id).max(20).optional(),
            /** Only these collections of the datasets. */
            collectionIds: z.array(id).max(50).optional(),
            text: z.string().trim().min(1, { error: 'validation:contentRequired' }).max(1000),
            limit: z.coerce.number().int().min(1).max(50).default(10),
          })
          .refine((b) => b.datasetId != null || (b.datasetIds?.length ?? 0) > 0, { error: 'validation:datasetRequired' }),
        response: { 200: envelopeOf(z.array(hit)) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforce(ctx.db, `knowledge:search:${user.id}`, ...SEARCH_LIMIT);
      const { datasetId, datasetIds = [], collectionIds, text, limit } = request.body;
      const ids = [...new Set([...(datasetId != null ? [datasetId] : []), ...datasetIds])];
      const hits = await search(ctx, user, ids, text, limit, collectionIds);
      return ok(
        hits.map((h) => ({
          ...h,
          chunkId: String(h.chunkId),
          datasetId: String(h.datasetId),
          collectionId: String(h.collectionId),
        })),
      );
    },
  );
}

function jsonInput(body: unknown): CollectionInput {
  const parsed = collectionBody.safeParse(body);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message;
    throw new AppError('badRequest', {}, null, message?.includes(':') ? message : undefined);
  }
  const b = parsed.data;
  return b.type === 'link'
    ? { type: 'link', url: b.url, name: b.name, trainingType: b.trainingType }
    : { type: 'virtual', text: b.text, name: b.name, trainingType: b.trainingType };
}

async function readFilePart(request: FastifyRequest, queryTrainingType: string | undefined): Promise<CollectionInput> {
  const fields: Record<string, string> = {};
  for await (const part of request.parts({ limits: { fileSize: KNOWLEDGE_FILE_MAX_BYTES, files: 1 } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== 'file') throw new AppError('badRequest');
    let data: Buffer;
    try {
      data = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('knowledgeFileTooLarge', { max: `${KNOWLEDGE_FILE_MAX_BYTES / 1024 / 1024}MB` });
      }
      throw error;
    }
    const type = trainingType.safeParse(fields.trainingType ?? queryTrainingType);
    if (!type.success) throw new AppError('badRequest');
    return {
      type: 'file',
      filename: part.filename || 'upload.txt',
      data,
      name: (fields.name ?? '').trim().slice(0, 200) || undefined,
      trainingType: type.data,
    };
  }
  throw new AppError('badRequest');
}
