import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { CHUNK_SIZE, QA_SPLIT_SIZE, splitText } from './chunking.ts';
import { type FastGpt, FastGptError, fastGptOf } from './fastgpt.ts';
import { fileTypeOf } from './parsers.ts';
import type { SearchHit } from './search.ts';
import { snippetOf } from './snippet.ts';
import { terms } from './tokenize.ts';

/**
 * The FastGPT side of the knowledge service: datasets live in the user's own folder on the FastGPT
 * server (created once, its id kept), collections are created there and FastGPT trains them;
 * their status and chunk counts are read back from it. Our rows keep ownership and names, so the
 * same screens and the same isolation rules work on either backend.
 */
export function fastGpt(ctx: AppContext): FastGpt | null {
  return fastGptOf(ctx.config);
}

/** Calls FastGPT, turning its failures into the user-facing fastgptFailed error. */
export async function remote<T>(ctx: AppContext, fn: (client: FastGpt) => Promise<T>): Promise<T> {
  const client = fastGpt(ctx);
  if (!client) throw new AppError('notConfigured');
  try {
    return await fn(client);
  } catch (error) {
    if (error instanceof FastGptError) {
      ctx.log.warn({ err: error }, 'FastGPT call failed');
      throw new AppError('fastgptFailed');
    }
    throw error;
  }
}

/** The user's folder on the FastGPT server, created on first use and reused afterwards. */
export async function userFolder(ctx: AppContext, userId: string): Promise<string> {
  const row = await ctx.db
    .selectFrom('knowledge_fastgpt_folders')
    .select('folder_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (row) return row.folder_id;
  const folderId = await remote(ctx, (c) => c.createFolder(`user-${userId}`));
  await ctx.db
    .insertInto('knowledge_fastgpt_folders')
    .values({ user_id: userId, folder_id: folderId, created_at: Date.now() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  // Two first calls at once: keep the one stored first.
  const stored = await ctx.db
    .selectFrom('knowledge_fastgpt_folders')
    .select('folder_id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return stored.folder_id;
}

/** File types FastGPT's localFile import reads itself; others go as the text we parsed. */
const FASTGPT_FILE_TYPES = new Set(['pdf', 'docx', 'md', 'txt', 'csv']);

export type RemoteSource =
  | { type: 'file'; filename: string; data: Buffer; text: string }
  | { type: 'link'; url: string }
  | { type: 'virtual'; name: string; text: string };

export async function createRemoteCollection(
  ctx: AppContext,
  datasetRemoteId: string,
  source: RemoteSource,
  trainingType: 'auto' | 'chunk' | 'qa',
) {
  const mode = trainingType === 'qa' ? 'qa' : 'chunk';
  const chunkSize = mode === 'qa' ? QA_SPLIT_SIZE : CHUNK_SIZE;
  return remote(ctx, async (c) => {
    if (source.type === 'link')
      return c.createLinkCollection({ datasetId: datasetRemoteId, link: source.url, trainingType: mode, chunkSize });
    if (source.type === 'file') {
      const type = fileTypeOf(source.filename);
      if (type && FASTGPT_FILE_TYPES.has(type)) {
        return c.createFileCollection({
          datasetId: datasetRemoteId,
          filename: source.filename,
          data: source.data,
          trainingType: mode,
          chunkSize,
        });
      }
      return c.createTextCollection({
        datasetId: datasetRemoteId,
        name: source.filename,
        text: source.text,
        trainingType: mode,
        chunkSize,
      });
    }
    // Typed text: an empty (virtual) collection filled with our own chunks (700), or with the
    // 4000-character paragraphs FastGPT turns into question/answer pairs.
    const id = await c.createVirtualCollection({ datasetId: datasetRemoteId, name: source.name });
    await c.pushData({ collectionId: id, trainingType: mode, data: splitText(source.text, chunkSize).map((q) => ({ q })) });
    return id;
  });
}

/** Copies FastGPT's training state into our collection rows of one dataset. */
export async function syncRemoteStatus(ctx: AppContext, datasetId: number, datasetRemoteId: string) {
  const list = await remote(ctx, (c) => c.listCollections(datasetRemoteId));
  const byId = new Map(list.map((c) => [c.id, c]));
  const rows = await ctx.db
    .selectFrom('knowledge_collections')
    .select(['id', 'remote_id', 'status'])
    .where('dataset_id', '=', datasetId)
    .execute();
  for (const row of rows) {
    const remoteRow = row.remote_id ? byId.get(row.remote_id) : undefined;
    if (!remoteRow || row.status === 'failed') continue;
    const status = remoteRow.trainingAmount > 0 ? 'training' : 'ready';
    await ctx.db
      .updateTable('knowledge_collections')
      .set({
        status,
        chunks: remoteRow.dataAmount,
        progress_done: remoteRow.dataAmount,
        progress_total: remoteRow.dataAmount + remoteRow.trainingAmount,
        updated_at: Date.now(),
      })
      .where('id', '=', Number(row.id))
      .execute();
  }
}

/** searchTest on each FastGPT dataset; hits name our collection ids. */
export async function remoteSearch(
  ctx: AppContext,
  datasets: Array<{ id: number; remoteId: string }>,
  text: string,
  limit: number,
): Promise<SearchHit[]> {
  const hits: SearchHit[] = [];
  const queryTerms = [...new Set(terms(text))];
  for (const dataset of datasets) {
    const found = await remote(ctx, (c) => c.searchTest({ datasetId: dataset.remoteId, text, limit }));
    const remoteIds = [...new Set(found.map((f) => f.collectionId))];
    const rows = remoteIds.length
      ? await ctx.db
          .selectFrom('knowledge_collections')
          .select(['id', 'remote_id', 'name'])
          .where('dataset_id', '=', dataset.id)
          .where('remote_id', 'in', remoteIds)
          .execute()
      : [];
    const ours = new Map(rows.map((r) => [r.remote_id!, r]));
    for (const f of found) {
      const row = ours.get(f.collectionId);
      // A collection made on the FastGPT side directly is not ours to show.
      if (!row) continue;
      hits.push({
        chunkId: f.id as unknown as number,
        datasetId: dataset.id,
        collectionId: Number(row.id),
        sourceName: f.sourceName || row.name,
        text: f.a ? `${f.q}\n${f.a}` : f.q,
        q: f.q,
        a: f.a,
        score: f.score,
        mode: 'hybrid',
        scores: { keyword: null, vector: null },
        snippet: snippetOf(f.a ? `${f.q}\n${f.a}` : f.q, queryTerms),
      });
    }
  }
  return hits.sort((a, b) => b.score - a.score).slice(0, limit);
}
