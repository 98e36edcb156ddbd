import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../platform/db/dialect.ts';
import type { Db } from '../../platform/db/index.ts';
import { cosine } from './embeddings.ts';

/**
 * The vector half of hybrid search. On PostgreSQL with pgvector (migration 0079 added
 * `knowledge_chunks.embedding_vec vector`) the nearest chunks are found in SQL
 * (`order by embedding_vec <=> $query limit k`, cosine distance); everywhere else (SQLite, or
 * PostgreSQL without the extension) the JSON embeddings are read and compared in the server. Both
 * paths answer the same thing: the `k` chunks of the datasets most similar to the query, with their
 * cosine similarity.
 */
export type VectorPath = 'pgvector' | 'scan';

const paths = new WeakMap<object, Promise<VectorPath>>();

/** Which path this database takes (cached per Kysely instance; the column is looked up once). */
export function vectorPath(db: Kysely<any>): Promise<VectorPath> {
  if (dialectOf(db) !== 'postgres') return Promise.resolve('scan');
  let known = paths.get(db);
  if (!known) {
    known = sql<{ one: number }>`select 1 as one from information_schema.columns
      where table_schema = current_schema() and table_name = 'knowledge_chunks' and column_name = 'embedding_vec'`
      .execute(db)
      .then((r) => (r.rows.length ? 'pgvector' : 'scan'));
    // A transaction is a new instance each time: caching it would only grow the map.
    if (!db.isTransaction) paths.set(db, known);
  }
  return known;
}

/** pgvector's text form of a vector: the same as JSON for a flat array of finite numbers. */
function vectorLiteral(v: number[]): string {
  return `[${v.map((x) => (Number.isFinite(x) ? String(x) : '0')).join(',')}]`;
}

/** Fills the vector column of freshly inserted chunks from their JSON embedding (pgvector only). */
export async function storeVectors(db: Db, chunkIds: number[]): Promise<void> {
  if (!chunkIds.length || (await vectorPath(db)) !== 'pgvector') return;
  await sql`update knowledge_chunks set embedding_vec = embedding::vector
    where id in (${sql.join(chunkIds)}) and embedding is not null`.execute(db);
}

/** The `k` chunks of the datasets nearest to `query` (cosine similarity, best first, ties by id). */
export async function nearestChunks(
  db: Db,
  datasetIds: number[],
  query: number[],
  k: number,
  /** Only these collections (of those datasets). */
  collectionIds?: number[],
): Promise<Map<number, number>> {
  if (!datasetIds.length || !query.length || k <= 0 || collectionIds?.length === 0) return new Map();
  if ((await vectorPath(db)) === 'pgvector') {
    const q = vectorLiteral(query);
    // An untyped vector column: rows of another dimension (an earlier embedding model) are skipped,
    // as `<=>` refuses to compare them. A zero vector has no direction (NaN distance): skipped too.
    const rows = await sql<{ id: number; distance: number }>`
      select id, embedding_vec <=> ${q}::vector as distance
      from knowledge_chunks
      where dataset_id in (${sql.join(datasetIds)})
        ${collectionIds ? sql`and collection_id in (${sql.join(collectionIds)})` : sql``}
        and embedding_vec is not null
        and vector_dims(embedding_vec) = ${query.length}
        and vector_norm(embedding_vec) > 0
      order by embedding_vec <=> ${q}::vector, id
      limit ${k}`.execute(db);
    return new Map(rows.rows.map((r) => [Number(r.id), 1 - Number(r.distance)]));
  }
  const rows = await db
    .selectFrom('knowledge_chunks')
    .select(['id', 'embedding'])
    .where('dataset_id', 'in', datasetIds)
    .$if(!!collectionIds, (q) => q.where('collection_id', 'in', collectionIds!))
    .where('embedding', 'is not', null)
    .execute();
  const scored = rows.flatMap((r) => {
    const embedding = JSON.parse(r.embedding!) as number[];
    if (embedding.length !== query.length || !embedding.some((x) => x !== 0)) return [];
    return [[Number(r.id), cosine(query, embedding)] as [number, number]];
  });
  return new Map(scored.sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, k));
}
