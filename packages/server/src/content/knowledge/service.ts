import { chatEngine } from '../../engines/openai-chat/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ownedRow } from '../../platform/http/owned-row.ts';
import { listPage, type Paging } from '../../platform/http/paging.ts';
import { SafeFetchError } from '../../platform/http/safe-fetch.ts';
import { fetchLinkText, LINK_MAX_BYTES } from './link.ts';
import { KNOWLEDGE_FILE_MAX_BYTES, ParseError, parseKnowledgeFile } from './parsers.ts';
import {
  createRemoteCollection,
  fastGpt,
  type RemoteSource,
  remote,
  remoteSearch,
  syncRemoteStatus,
  userFolder,
} from './remote.ts';
import { type SearchHit, searchDatasets } from './search.ts';
import type { SnippetPart } from './snippet.ts';
import { queueTraining, stopTraining } from './training-tasks.ts';

/**
 * Folders, datasets and collections of one user. Every query is scoped to the user and tenant, so
 * another account gets "not found" for ids that are not its own.
 */
export interface Owner {
  id: string;
  tenantId: string;
}

export type TrainingType = 'auto' | 'chunk' | 'qa';
export type CollectionInput =
  | { type: 'file'; filename: string; data: Buffer; name?: string; trainingType: TrainingType }
  | { type: 'link'; url: string; name?: string; trainingType: TrainingType }
  | { type: 'virtual'; text: string; name: string; trainingType: TrainingType };

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)}MB`;

// Folders --------------------------------------------------------------------------------------

export async function createFolder(ctx: AppContext, user: Owner, input: { name: string; parentId?: number | null }) {
  if (input.parentId != null) await ownFolder(ctx, user, input.parentId);
  const row = await ctx.db
    .insertInto('knowledge_folders')
    .values({
      user_id: user.id,
      tenant_id: user.tenantId,
      parent_id: input.parentId ?? null,
      name: input.name,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export async function listFolders(ctx: AppContext, user: Owner, parentId: number | null) {
  const rows = await ctx.db
    .selectFrom('knowledge_folders')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('tenant_id', '=', user.tenantId)
    .where('parent_id', parentId == null ? 'is' : '=', parentId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({
    folderId: String(r.id),
    name: r.name,
    parentId: r.parent_id == null ? null : String(r.parent_id),
    createdAt: Number(r.created_at),
  }));
}

export async function deleteFolder(ctx: AppContext, user: Owner, folderId: number) {
  await ownFolder(ctx, user, folderId);
  // Datasets inside move to the top level (the foreign key sets null); nothing is lost.
  await ctx.db.updateTable('knowledge_folders').set({ parent_id: null }).where('parent_id', '=', folderId).execute();
  await ctx.db.deleteFrom('knowledge_folders').where('id', '=', folderId).execute();
}

const ownFolder = (ctx: AppContext, user: Owner, folderId: number) =>
  ownedRow(ctx.db, 'knowledge_folders', folderId, { user_id: user.id, tenant_id: user.tenantId }, ['id']);

// Datasets -------------------------------------------------------------------------------------

export async function createDataset(
  ctx: AppContext,
  user: Owner,
  input: { name: string; intro: string; folderId?: number | null },
) {
  if (input.folderId != null) await ownFolder(ctx, user, input.folderId);
  // With FastGPT configured, new datasets live there, in the user's own folder.
  let remoteId: string | null = null;
  if (fastGpt(ctx)) {
    const parentId = await userFolder(ctx, user.id);
    remoteId = await remote(ctx, (c) => c.createDataset({ name: input.name, intro: input.intro, parentId }));
  }
  const now = Date.now();
  const row = await ctx.db
    .insertInto('knowledge_datasets')
    .values({
      user_id: user.id,
      tenant_id: user.tenantId,
      folder_id: input.folderId ?? null,
      name: input.name,
      intro: input.intro,
      backend: remoteId ? 'fastgpt' : 'local',
      remote_id: remoteId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export const ownDataset = (ctx: AppContext, user: Owner, datasetId: number) =>
  ownedRow(ctx.db, 'knowledge_datasets', datasetId, { user_id: user.id, tenant_id: user.tenantId });

export async function listDatasets(ctx: AppContext, user: Owner, filter: { folderId?: number | null; all?: boolean }) {
  let query = ctx.db
    .selectFrom('knowledge_datasets as d')
    .select((eb) => [
      'd.id',
      'd.name',
      'd.intro',
      'd.folder_id',
      'd.created_at',
      'd.updated_at',
      eb
        .selectFrom('knowledge_collections as k')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('k.dataset_id', '=', 'd.id')
        .as('collections'),
      eb
        .selectFrom('knowledge_chunks as c')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('c.dataset_id', '=', 'd.id')
        .as('chunks'),
    ])
    .where('d.user_id', '=', user.id)
    .where('d.tenant_id', '=', user.tenantId);
  if (!filter.all) query = query.where('d.folder_id', filter.folderId == null ? 'is' : '=', filter.folderId ?? null);
  const rows = await query.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').execute();
  return rows.map((r) => ({
    datasetId: String(r.id),
    name: r.name,
    intro: r.intro,
    folderId: r.folder_id == null ? null : String(r.folder_id),
    collections: Number(r.collections ?? 0),
    chunks: Number(r.chunks ?? 0),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  }));
}

export async function updateDataset(
  ctx: AppContext,
  user: Owner,
  datasetId: number,
  input: { name?: string; intro?: string; folderId?: number | null },
) {
  await ownDataset(ctx, user, datasetId);
  if (input.folderId != null) await ownFolder(ctx, user, input.folderId);
  await ctx.db
    .updateTable('knowledge_datasets')
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.intro !== undefined ? { intro: input.intro } : {}),
      ...(input.folderId !== undefined ? { folder_id: input.folderId } : {}),
      updated_at: Date.now(),
    })
    .where('id', '=', datasetId)
    .execute();
}

export async function deleteDataset(ctx: AppContext, user: Owner, datasetId: number) {
  const dataset = await ownDataset(ctx, user, datasetId);
  if (dataset.backend === 'fastgpt' && dataset.remote_id) await remote(ctx, (c) => c.deleteDataset(dataset.remote_id!));
  // Collections and chunks go with it (foreign keys), and their index rows with the chunks (index-store.ts).
  await ctx.db.deleteFrom('knowledge_datasets').where('id', '=', datasetId).execute();
}

// Collections ----------------------------------------------------------------------------------

/**
 * Reads the source now (a bad file or link is refused at once, with a clear message), stores its
 * text and queues training. qa training needs the chat engine and is refused without one. `signal`
 * (the request's: sandbox/quota.ts replySignal) stops the file's parse when the client goes away.
 */
export async function createCollection(
  ctx: AppContext,
  user: Owner,
  datasetId: number,
  input: CollectionInput,
  signal?: AbortSignal,
) {
  const dataset = await ownDataset(ctx, user, datasetId);
  const onFastGpt = dataset.backend === 'fastgpt' && !!dataset.remote_id;
  // On FastGPT, its own model makes the question/answer pairs.
  if (input.trainingType === 'qa' && !onFastGpt && !chatEngine(ctx.config)) throw new AppError('chatEngineNotConfigured');
  let text: string;
  let name: string;
  let source = '';
  if (input.type === 'file') {
    text = await parseOrRefuse(input.filename, input.data, signal);
    name = input.name || input.filename;
    source = input.filename;
  } else if (input.type === 'link') {
    const page = await fetchOrRefuse(input.url);
    text = page.text;
    name = input.name || page.title || page.url;
    source = page.url;
  } else {
    text = input.text.trim();
    name = input.name;
  }
  if (!text) throw new AppError('knowledgeFileEmpty');
  let remoteId: string | null = null;
  if (onFastGpt) {
    const remoteSource: RemoteSource =
      input.type === 'file'
        ? { type: 'file', filename: input.filename, data: input.data, text }
        : input.type === 'link'
          ? { type: 'link', url: source }
          : { type: 'virtual', name, text };
    remoteId = await createRemoteCollection(ctx, dataset.remote_id!, remoteSource, input.trainingType);
  }
  const now = Date.now();
  const row = await writeTransaction(ctx.db, async (trx) => {
    const made = await trx
      .insertInto('knowledge_collections')
      .values({
        dataset_id: datasetId,
        user_id: user.id,
        tenant_id: user.tenantId,
        name: name.slice(0, 200),
        type: input.type,
        training_type: input.trainingType,
        status: 'training',
        source,
        chunks: 0,
        progress_done: 0,
        progress_total: 0,
        error: null,
        stop_requested: 0,
        lease_until: 0,
        remote_id: remoteId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('knowledge_collection_texts')
      .values({ collection_id: Number(made.id), text })
      .execute();
    return made;
  });
  await ctx.db.updateTable('knowledge_datasets').set({ updated_at: now }).where('id', '=', datasetId).execute();
  // Trained by a task of the platform (training.ts); FastGPT trains its own.
  if (!remoteId) await queueTraining(ctx, user, Number(row.id));
  return String(row.id);
}

async function parseOrRefuse(filename: string, data: Buffer, signal?: AbortSignal) {
  try {
    return await parseKnowledgeFile(filename, data, signal);
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    if (error.reason === 'type') throw new AppError('knowledgeFileType');
    if (error.reason === 'tooLarge') throw new AppError('knowledgeFileTooLarge', { max: mb(KNOWLEDGE_FILE_MAX_BYTES) });
    if (error.reason === 'empty') throw new AppError('knowledgeFileEmpty');
    throw new AppError('knowledgeFileUnreadable');
  }
}

async function fetchOrRefuse(url: string) {
  try {
    return await fetchLinkText(url);
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error;
    if (error.reason === 'scheme' || error.reason === 'address') throw new AppError('linkRefused');
    if (error.reason === 'timeout') throw new AppError('linkTimeout');
    if (error.reason === 'tooLarge') throw new AppError('linkTooLarge', { max: mb(LINK_MAX_BYTES) });
    throw new AppError('linkFetchFailed');
  }
}

export async function listCollections(ctx: AppContext, user: Owner, datasetId: number) {
  const dataset = await ownDataset(ctx, user, datasetId);
  if (dataset.backend === 'fastgpt' && dataset.remote_id) await syncRemoteStatus(ctx, datasetId, dataset.remote_id);
  const rows = await ctx.db
    .selectFrom('knowledge_collections')
    .select([
      'id',
      'name',
      'type',
      'training_type',
      'status',
      'source',
      'chunks',
      'progress_done',
      'progress_total',
      'error',
      'created_at',
    ])
    .where('dataset_id', '=', datasetId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return {
    list: rows.map((r) => ({
      collectionId: String(r.id),
      name: r.name,
      type: r.type as 'file' | 'link' | 'virtual',
      trainingType: r.training_type as TrainingType,
      status: r.status as 'training' | 'ready' | 'failed',
      source: r.source,
      chunks: Number(r.chunks),
      progress: { done: Number(r.progress_done), total: Number(r.progress_total) },
      error: r.error,
      createdAt: Number(r.created_at),
    })),
  };
}

const ownCollection = (ctx: AppContext, user: Owner, collectionId: number) =>
  ownedRow(ctx.db, 'knowledge_collections', collectionId, { user_id: user.id, tenant_id: user.tenantId }, [
    'id',
    'dataset_id',
    'status',
    'remote_id',
    'task_id',
  ]);

export async function listChunks(ctx: AppContext, user: Owner, collectionId: number, page: Paging) {
  const collection = await ownCollection(ctx, user, collectionId);
  if (collection.remote_id) {
    const data = await remote(ctx, (c) => c.listData(collection.remote_id!, (page.pageNum - 1) * page.pageSize, page.pageSize));
    return { list: data.list.map((d) => ({ chunkId: d.id, index: d.chunkIndex, q: d.q, a: d.a })), total: data.total };
  }
  const base = ctx.db.selectFrom('knowledge_chunks').where('collection_id', '=', collectionId);
  const { rows, total } = await listPage(base, page, (q) => q.select(['id', 'idx', 'q', 'a']).orderBy('idx').orderBy('id'));
  return { list: rows.map((r) => ({ chunkId: String(r.id), index: Number(r.idx), q: r.q, a: r.a })), total };
}

/** Stops training after the current step; the chunks made so far stay searchable. */
export async function stopCollection(ctx: AppContext, user: Owner, collectionId: number) {
  const collection = await ownCollection(ctx, user, collectionId);
  // FastGPT's API has no way to stop its training; deleting the collection is the way there.
  if (collection.remote_id) throw new AppError('knowledgeNotTrainable');
  const res = await ctx.db
    .updateTable('knowledge_collections')
    .set({ status: 'failed', error: 'stopped', lease_until: 0, updated_at: Date.now() })
    .where('id', '=', collectionId)
    .where('status', '=', 'training')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new AppError('knowledgeNotTrainable');
  await stopTraining(ctx, user.id, collection.task_id);
}

/** Trains a failed or stopped collection again from where it ended. */
export async function retryCollection(ctx: AppContext, user: Owner, collectionId: number) {
  const row = await ownCollection(ctx, user, collectionId);
  if (row.status !== 'failed' || row.remote_id) throw new AppError('conflict');
  await ctx.db
    .updateTable('knowledge_collections')
    .set({ status: 'training', error: null, lease_until: 0, updated_at: Date.now() })
    .where('id', '=', collectionId)
    .where('status', '=', 'failed')
    .execute();
  await queueTraining(ctx, user, collectionId);
}

export async function deleteCollection(ctx: AppContext, user: Owner, collectionId: number) {
  const collection = await ownCollection(ctx, user, collectionId);
  if (collection.status === 'training') await stopTraining(ctx, user.id, collection.task_id);
  if (collection.remote_id) await remote(ctx, (c) => c.deleteCollection(collection.remote_id!));
  // Its chunks go with it (foreign key), and their index rows with them in the same statement.
  await ctx.db.deleteFrom('knowledge_collections').where('id', '=', collectionId).execute();
}

// Search ---------------------------------------------------------------------------------------

export async function search(
  ctx: AppContext,
  user: Owner,
  datasetIds: number[],
  text: string,
  limit: number,
  /** Only these collections of those datasets (each must be in one of them). */
  collectionIds?: number[],
): Promise<SearchHit[]> {
  const local: number[] = [];
  const onFastGpt: Array<{ id: number; remoteId: string }> = [];
  for (const id of datasetIds) {
    const dataset = await ownDataset(ctx, user, id);
    if (dataset.backend === 'fastgpt' && dataset.remote_id) onFastGpt.push({ id, remoteId: dataset.remote_id });
    else local.push(id);
  }
  const filter = { datasetIds: local, owner: user, collectionIds };
  if (!onFastGpt.length) return searchDatasets(ctx, filter, text, limit);
  const remoteHits = (await remoteSearch(ctx, onFastGpt, text, limit)).filter(
    (h) => !collectionIds || collectionIds.includes(h.collectionId),
  );
  if (!local.length) return remoteHits;
  // Scores of the two backends are not on one scale: alternate their rankings.
  const localHits = await searchDatasets(ctx, filter, text, limit);
  const merged: SearchHit[] = [];
  for (let i = 0; merged.length < limit && (i < localHits.length || i < remoteHits.length); i++) {
    if (localHits[i]) merged.push(localHits[i]!);
    if (remoteHits[i] && merged.length < limit) merged.push(remoteHits[i]!);
  }
  return merged;
}

/** A chunk handed to a generator, to be recorded with the result and shown as its source. */
export interface GenerationSource {
  chunkId: string;
  datasetId: string;
  collectionId: string;
  sourceName: string;
  text: string;
  score: number;
  /** The text around the query's matched terms, matches marked (search.ts). */
  snippet?: SnippetPart[];
}

/**
 * The chunks a content generator should draw on: the user's own datasets only (others' ids are
 * refused as not found), best first. For the marketing suite (POST /api/content with datasetIds).
 */
export async function searchForGeneration(
  ctx: AppContext,
  user: Owner,
  datasetIds: Array<string | number>,
  query: string,
  limit = 5,
): Promise<GenerationSource[]> {
  const ids = [...new Set(datasetIds.map(Number))];
  if (!ids.length || !query.trim()) return [];
  if (ids.some((id) => !Number.isSafeInteger(id))) throw new AppError('notFound');
  const hits = await search(ctx, user, ids, query, limit);
  return hits.map((h) => ({
    chunkId: String(h.chunkId),
    datasetId: String(h.datasetId),
    collectionId: String(h.collectionId),
    sourceName: h.sourceName,
    text: h.text,
    score: h.score,
    snippet: h.snippet,
  }));
}
