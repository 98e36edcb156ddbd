import type { Db } from '../db/index.ts';
import type { Posting } from './bm25.ts';
import { termCounts } from './tokenize.ts';

/**
 * The knowledge index in the database: chunk rows plus BM25 postings (term, chunk, tf). The same
 * tables and queries run on SQLite and PostgreSQL.
 */
export interface NewChunk {
  idx: number;
  q: string;
  a: string;
  embedding: number[] | null;
}

const POSTING_BATCH = 400;

/** Indexes chunks of one collection; run inside the caller's transaction. */
export async function insertChunks(db: Db, collectionId: number, datasetId: number, chunks: NewChunk[]): Promise<void> {
  const now = Date.now();
  for (const chunk of chunks) {
    const { counts, length } = termCounts(`${chunk.q}\n${chunk.a}`);
    const row = await db
      .insertInto('knowledge_chunks')
      .values({
        collection_id: collectionId,
        dataset_id: datasetId,
        idx: chunk.idx,
        q: chunk.q,
        a: chunk.a,
        length,
        embedding: chunk.embedding ? JSON.stringify(chunk.embedding) : null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const postings = [...counts].map(([term, tf]) => ({ chunk_id: Number(row.id), dataset_id: datasetId, term, tf }));
    for (let i = 0; i < postings.length; i += POSTING_BATCH) {
      await db
        .insertInto('knowledge_postings')
        .values(postings.slice(i, i + POSTING_BATCH))
        .execute();
    }
  }
}

/** Drops chunks of a collection from `fromIdx` on (a training step that did not finish). */
export async function dropChunksFrom(db: Db, collectionId: number, fromIdx: number): Promise<void> {
  const ids = db
    .selectFrom('knowledge_chunks')
    .select('id')
    .where('collection_id', '=', collectionId)
    .where('idx', '>=', fromIdx);
  await db.deleteFrom('knowledge_postings').where('chunk_id', 'in', ids).execute();
  await db.deleteFrom('knowledge_chunks').where('collection_id', '=', collectionId).where('idx', '>=', fromIdx).execute();
}

export async function postingsFor(db: Db, datasetIds: number[], queryTerms: string[]): Promise<Posting[]> {
  if (!datasetIds.length || !queryTerms.length) return [];
  const rows = await db
    .selectFrom('knowledge_postings as p')
    .innerJoin('knowledge_chunks as c', 'c.id', 'p.chunk_id')
    .select(['p.chunk_id', 'p.term', 'p.tf', 'c.length'])
    .where('p.dataset_id', 'in', datasetIds)
    .where('p.term', 'in', queryTerms)
    .execute();
  return rows.map((r) => ({ chunkId: Number(r.chunk_id), term: r.term, tf: Number(r.tf), length: Number(r.length) }));
}

export async function corpusStats(db: Db, datasetIds: number[]): Promise<{ count: number; avgLength: number }> {
  if (!datasetIds.length) return { count: 0, avgLength: 0 };
  const row = await db
    .selectFrom('knowledge_chunks')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.avg<number>('length').as('avg')])
    .where('dataset_id', 'in', datasetIds)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), avgLength: Number(row.avg ?? 0) };
}

/** Chunk embeddings of the datasets, for the vector half of hybrid search. */
export async function embeddingsFor(db: Db, datasetIds: number[]): Promise<Array<{ chunkId: number; embedding: number[] }>> {
  if (!datasetIds.length) return [];
  const rows = await db
    .selectFrom('knowledge_chunks')
    .select(['id', 'embedding'])
    .where('dataset_id', 'in', datasetIds)
    .where('embedding', 'is not', null)
    .execute();
  return rows.map((r) => ({ chunkId: Number(r.id), embedding: JSON.parse(r.embedding!) as number[] }));
}

export interface ChunkRow {
  chunkId: number;
  datasetId: number;
  collectionId: number;
  sourceName: string;
  q: string;
  a: string;
}

export async function chunksByIds(db: Db, ids: number[]): Promise<Map<number, ChunkRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('knowledge_chunks as c')
    .innerJoin('knowledge_collections as k', 'k.id', 'c.collection_id')
    .select(['c.id', 'c.dataset_id', 'c.collection_id', 'c.q', 'c.a', 'k.name'])
    .where('c.id', 'in', ids)
    .execute();
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        chunkId: Number(r.id),
        datasetId: Number(r.dataset_id),
        collectionId: Number(r.collection_id),
        sourceName: r.name,
        q: r.q,
        a: r.a,
      },
    ]),
  );
}
