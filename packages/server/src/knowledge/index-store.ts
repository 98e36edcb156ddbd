import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { B, idf, K1, type Posting } from './bm25.ts';
import { termCounts } from './tokenize.ts';
import { storeVectors } from './vector-store.ts';

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

const CHUNK_BATCH = 200;
/** Matching postings scored exactly in one query; above it search narrows to candidates first. */
const POSTING_BUDGET = 20_000;
const CANDIDATES = 200;
const POSTING_BATCH = 1000;

/**
 * Indexes chunks of one collection; run inside the caller's transaction. Rows go in multi-row
 * inserts (a round trip per batch, not per chunk); returned ids are matched back by content, so the
 * order the database returns them in does not matter (identical chunks get identical postings).
 */
export async function insertChunks(db: Db, collectionId: number, datasetId: number, chunks: NewChunk[]): Promise<void> {
  const now = Date.now();
  for (let start = 0; start < chunks.length; start += CHUNK_BATCH) {
    const batch = chunks.slice(start, start + CHUNK_BATCH).map((chunk) => ({ chunk, ...termCounts(`${chunk.q}\n${chunk.a}`) }));
    const rows = await db
      .insertInto('knowledge_chunks')
      .values(
        batch.map(({ chunk, length }) => ({
          collection_id: collectionId,
          dataset_id: datasetId,
          idx: chunk.idx,
          q: chunk.q,
          a: chunk.a,
          length,
          embedding: chunk.embedding ? JSON.stringify(chunk.embedding) : null,
          created_at: now,
        })),
      )
      .returning(['id', 'idx', 'q', 'a'])
      .execute();
    const ids = new Map<string, number[]>();
    for (const r of rows) {
      const key = `${r.idx}\u0000${r.q}\u0000${r.a}`;
      ids.set(key, [...(ids.get(key) ?? []), Number(r.id)]);
    }
    if (batch.some(({ chunk }) => chunk.embedding))
      await storeVectors(
        db,
        rows.map((r) => Number(r.id)),
      );
    const postings = batch.flatMap(({ chunk, counts, length }) => {
      const id = ids.get(`${chunk.idx}\u0000${chunk.q}\u0000${chunk.a}`)!.shift()!;
      return [...counts].map(([term, tf]) => ({ chunk_id: id, dataset_id: datasetId, term, tf, chunk_len: length }));
    });
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

/** Postings of the query terms (the reference scorer and tests use them; search scores in SQL). */
export async function postingsFor(db: Db, datasetIds: number[], queryTerms: string[]): Promise<Posting[]> {
  if (!datasetIds.length || !queryTerms.length) return [];
  const rows = await db
    .selectFrom('knowledge_postings')
    .select(['chunk_id', 'term', 'tf', 'chunk_len'])
    .where('dataset_id', 'in', datasetIds)
    .where('term', 'in', queryTerms)
    .execute();
  return rows.map((r) => ({ chunkId: Number(r.chunk_id), term: r.term, tf: Number(r.tf), length: Number(r.chunk_len) }));
}

/**
 * BM25 scored inside the database (the same formula as bm25.ts): document frequencies first, then
 * one grouped query that sums each term's weight per chunk and keeps the best `limit`.
 */
export async function topBm25(
  db: Db,
  datasetIds: number[],
  queryTerms: string[],
  limit: number,
  budget = POSTING_BUDGET,
): Promise<Map<number, number>> {
  if (!datasetIds.length || !queryTerms.length) return new Map();
  const stats = await corpusStats(db, datasetIds);
  const dfs = await db
    .selectFrom('knowledge_postings')
    .select((eb) => ['term', eb.fn.countAll<number>().as('df')])
    .where('dataset_id', 'in', datasetIds)
    .where('term', 'in', queryTerms)
    .groupBy('term')
    .execute();
  if (!dfs.length) return new Map();
  const avg = stats.avgLength || 1;
  // idf values are numbers we computed; terms stay parameters.
  const idfOf = new Map(dfs.map((d) => [d.term, idf(Number(d.df), stats.count)]));
  const weight = sql.join(
    dfs.map((d) => sql`when ${d.term} then ${sql.raw(idfOf.get(d.term)!.toFixed(12))}`),
    sql` `,
  );
  const score = sql<number>`sum((case term ${weight} else 0 end) * tf * ${sql.raw(String(K1 + 1))} / (tf + ${sql.raw(String(K1))} * (${sql.raw(String(1 - B))} + ${sql.raw(String(B))} * chunk_len / ${sql.raw(avg.toFixed(6))})))`;
  const scored = (terms: string[], chunkIds: number[] | null, top: number) =>
    db
      .selectFrom('knowledge_postings')
      .select(['chunk_id', score.as('score')])
      .where('dataset_id', 'in', datasetIds)
      .where('term', 'in', terms)
      .$if(chunkIds !== null, (q) => q.where('chunk_id', 'in', chunkIds!))
      .groupBy('chunk_id')
      .orderBy('score', 'desc')
      .orderBy('chunk_id')
      .limit(top)
      .execute();
  const total = dfs.reduce((n, d) => n + Number(d.df), 0);
  let rows: Array<{ chunk_id: number; score: number }>;
  if (total <= budget) {
    rows = await scored(
      dfs.map((d) => d.term),
      null,
      limit,
    );
  } else {
    // Many matching postings (common terms in a big dataset): candidates come from the rarest terms
    // (within the budget, at least one), then the candidates are scored exactly on every term. A
    // chunk holding none of the rare terms can be missed; the rare terms carry most of the weight.
    const byRarity = [...dfs].sort((x, y) => Number(x.df) - Number(y.df));
    const rare: string[] = [];
    let used = 0;
    for (const d of byRarity) {
      if (rare.length && used + Number(d.df) > budget) break;
      rare.push(d.term);
      used += Number(d.df);
    }
    const candidates = await scored(rare, null, Math.max(CANDIDATES, limit));
    rows = candidates.length
      ? await scored(
          dfs.map((d) => d.term),
          candidates.map((c) => Number(c.chunk_id)),
          limit,
        )
      : [];
  }
  return new Map(rows.map((r) => [Number(r.chunk_id), Number(r.score)]));
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
