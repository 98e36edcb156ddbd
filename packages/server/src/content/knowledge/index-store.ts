import crypto from 'node:crypto';
import type SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../platform/db/dialect.ts';
import type { Db } from '../../platform/db/index.ts';
import { terms } from './tokenize.ts';
import { storeVectors } from './vector-store.ts';

/**
 * The knowledge index in the database's own full-text engine, over jieba terms (tokenize.ts; the
 * same terms at index and query time):
 *
 * - SQLite: the FTS5 table `knowledge_fts` (contentless, deletable: migration 0180), rowid = chunk
 *   id, column `body` = the chunk's terms space-joined, each prefixed by its dataset (`datasetTerm`:
 *   a term's list of rows holds one dataset's rows; migration 0259), column `tags` = filter tokens
 *   (the dataset bound to its owner and tenant, and the collection). It ranks with `bm25()` with
 *   the tags column weighted 0. Rows are written with their chunks in the same transaction; a
 *   trigger deletes them with their chunks (also when a collection or dataset delete cascades).
 * - PostgreSQL: the column `knowledge_chunks.fts tsvector` (`to_tsvector('simple', terms)`, a GIN
 *   index), written in the chunk's own insert; ranked with `ts_rank_cd`.
 *
 * Filters (datasets, their owner and tenant, collections) are part of the index query itself.
 */
export interface NewChunk {
  idx: number;
  q: string;
  a: string;
  embedding: number[] | null;
}

export interface Owner {
  id: string;
  tenantId: string;
}

/** What a keyword search may see. */
export interface IndexFilter {
  datasetIds: number[];
  /** The datasets' owner: chunks of another user or tenant never match, even under a known dataset id. */
  owner?: Owner;
  /** Only these collections (of those datasets). */
  collectionIds?: number[];
}

const CHUNK_BATCH = 200;
/** PostgreSQL: matches ranked exactly by ts_rank_cd (see topKeyword). */
const PG_CANDIDATES = 200;

/**
 * Filter tokens and prefixed terms (SQLite index) start with U+E000, a private-use character that
 * never occurs in a term (tokenize.ts drops it), so no chunk text can match one and the query needs
 * no column filter.
 */
const TAG = '\uE000';

/**
 * The filter token of a dataset owned by a user of a tenant. Still written with every row; no query
 * uses it since the terms carry their dataset (datasetTerm) and the owner is checked in
 * `knowledge_datasets` first.
 */
export function ownerToken(datasetId: number, owner: Owner): string {
  const who = crypto.createHash('sha256').update(`${owner.tenantId}\u0000${owner.id}`).digest('hex').slice(0, 16);
  return `${TAG}d${datasetId}_${who}`;
}

export const collectionToken = (collectionId: number) => `${TAG}c${collectionId}`;

/**
 * A term as the SQLite index holds it: prefixed by its chunk's dataset (TAG, so no text can name
 * it; `t`, so it is never a filter token: `d` dataset-and-owner, `c` collection). A search matches the prefixed terms of the datasets it may see, so FTS5 walks, ranks and
 * takes bm25's idf from those datasets' rows alone, however many rows other users have (issue 48:
 * with the filter a token beside the bare terms, 2,000 rows of 32,000 cost 3-4x a table of the
 * 2,000, for bm25's idf walking every user's rows of each term).
 */
export const datasetTerm = (datasetId: number, term: string) => `${TAG}t${datasetId}_${term}`;

/** The index's `body` of a chunk of a dataset: its terms (indexBody's, space-joined) prefixed. */
export function datasetBody(datasetId: number, body: string): string {
  return body
    ? body
        .split(' ')
        .map((term) => datasetTerm(datasetId, term))
        .join(' ')
    : '';
}

/** The indexed form of a chunk: its terms space-joined, and how many. */
export function indexBody(q: string, a: string): { body: string; length: number } {
  const list = terms(a ? `${q}\n${a}` : q);
  return { body: list.join(' '), length: list.length };
}

export async function datasetOwners(db: Kysely<any>, datasetIds: number[]): Promise<Map<number, Owner>> {
  if (!datasetIds.length) return new Map();
  const rows = await db
    .selectFrom('knowledge_datasets')
    .select(['id', 'user_id', 'tenant_id'])
    .where('id', 'in', datasetIds)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), { id: r.user_id as string, tenantId: r.tenant_id as string }]));
}

/** Adds index rows for chunks already stored (SQLite; the migration and inserts use it). */
export async function indexRows(
  db: Kysely<any>,
  rows: Array<{ id: number; datasetId: number; collectionId: number; body: string }>,
  owners: Map<number, Owner>,
): Promise<void> {
  const values = rows.flatMap((r) => {
    const owner = owners.get(r.datasetId);
    if (!owner) return [];
    return [
      sql`(${r.id}, ${datasetBody(r.datasetId, r.body)}, ${`${ownerToken(r.datasetId, owner)} ${collectionToken(r.collectionId)}`})`,
    ];
  });
  if (values.length) await sql`insert into knowledge_fts (rowid, body, tags) values ${sql.join(values)}`.execute(db);
}

/** A chunk with its index terms worked out (jieba), ready to be written. */
export interface PreparedChunk {
  chunk: NewChunk;
  body: string;
  length: number;
}

/**
 * The index terms of chunks: jieba's segmentation, the CPU-heavy part of indexing. Done before the
 * write transaction opens, so the database's write lock is held for the inserts alone.
 */
export function prepareChunks(chunks: NewChunk[]): PreparedChunk[] {
  return chunks.map((chunk) => ({ chunk, ...indexBody(chunk.q, chunk.a) }));
}

/** Indexes chunks of one collection (segmenting them first); run inside the caller's transaction. */
export async function insertChunks(db: Db, collectionId: number, datasetId: number, chunks: NewChunk[]): Promise<void> {
  await insertPrepared(db, collectionId, datasetId, prepareChunks(chunks));
}

/**
 * Writes prepared chunks of one collection and their index rows; run inside the caller's
 * transaction (the index rows commit with the chunks). Rows go in multi-row inserts; returned ids
 * are matched back by content, so the order the database returns them in does not matter
 * (identical chunks get identical index rows).
 */
export async function insertPrepared(db: Db, collectionId: number, datasetId: number, prepared: PreparedChunk[]): Promise<void> {
  if (!prepared.length) return;
  const pg = dialectOf(db) === 'postgres';
  const owners = pg ? new Map<number, Owner>() : await datasetOwners(db, [datasetId]);
  const now = Date.now();
  for (let start = 0; start < prepared.length; start += CHUNK_BATCH) {
    const batch = prepared.slice(start, start + CHUNK_BATCH);
    const rows = await db
      .insertInto('knowledge_chunks')
      .values(
        batch.map(({ chunk, body, length }) => ({
          collection_id: collectionId,
          dataset_id: datasetId,
          idx: chunk.idx,
          q: chunk.q,
          a: chunk.a,
          length,
          embedding: chunk.embedding ? JSON.stringify(chunk.embedding) : null,
          created_at: now,
          ...(pg ? { fts: sql`to_tsvector('simple', ${body})` } : {}),
        })),
      )
      .returning(['id', 'idx', 'q', 'a'])
      .execute();
    if (batch.some(({ chunk }) => chunk.embedding))
      await storeVectors(
        db,
        rows.map((r) => Number(r.id)),
      );
    if (pg) continue;
    const ids = new Map<string, number[]>();
    for (const r of rows) {
      const key = `${r.idx}\u0000${r.q}\u0000${r.a}`;
      ids.set(key, [...(ids.get(key) ?? []), Number(r.id)]);
    }
    await indexRows(
      db,
      batch.map(({ chunk, body }) => ({
        id: ids.get(`${chunk.idx}\u0000${chunk.q}\u0000${chunk.a}`)!.shift()!,
        datasetId,
        collectionId,
        body,
      })),
      owners,
    );
  }
}

const sqliteStatements = new WeakMap<SQLite.Database, { chunk: SQLite.Statement; index: SQLite.Statement }>();

/**
 * SQLite, the training step's write (issue 48): the same rows as `insertPrepared` through two
 * prepared statements on the connection's own handle, a row at a time, each index row keyed by its
 * chunk's `lastInsertRowid`. No 1,600-parameter insert compiled by Kysely per 200 chunks, no ids
 * returned and matched back by content, no owner lookup per step (`owner` is the dataset's, which
 * never changes). Synchronous: the caller holds Kysely's connection and has the transaction open.
 */
export function insertPreparedSqlite(
  sqlite: SQLite.Database,
  collectionId: number,
  datasetId: number,
  owner: Owner,
  prepared: PreparedChunk[],
  now = Date.now(),
): void {
  let statements = sqliteStatements.get(sqlite);
  if (!statements) {
    statements = {
      chunk: sqlite.prepare(
        'insert into knowledge_chunks (collection_id, dataset_id, idx, q, a, length, embedding, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      index: sqlite.prepare('insert into knowledge_fts (rowid, body, tags) values (?, ?, ?)'),
    };
    sqliteStatements.set(sqlite, statements);
  }
  const tags = `${ownerToken(datasetId, owner)} ${collectionToken(collectionId)}`;
  for (const { chunk, body, length } of prepared) {
    const embedding = chunk.embedding ? JSON.stringify(chunk.embedding) : null;
    const row = statements.chunk.run(collectionId, datasetId, chunk.idx, chunk.q, chunk.a, length, embedding, now);
    statements.index.run(row.lastInsertRowid, datasetBody(datasetId, body), tags);
  }
}

/**
 * Rebuilds the whole index from the chunks (migration 0180 fills it this way; run it again after
 * changing the user dictionary, product-words.ts). In batches of 500 chunks, in the caller's
 * transaction if it is one.
 */
export async function rebuildIndex(db: Kysely<any>): Promise<number> {
  const pg = dialectOf(db) === 'postgres';
  if (!pg) await sql`insert into knowledge_fts (knowledge_fts) values ('delete-all')`.execute(db);
  const owners = await datasetOwners(
    db,
    (await db.selectFrom('knowledge_datasets').select('id').execute()).map((d) => Number(d.id)),
  );
  let after = 0;
  let count = 0;
  for (;;) {
    const rows = await db
      .selectFrom('knowledge_chunks')
      .select(['id', 'dataset_id', 'collection_id', 'q', 'a'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    if (!rows.length) return count;
    after = Number(rows.at(-1)!.id);
    count += rows.length;
    const docs = rows.map((r) => ({
      id: Number(r.id),
      datasetId: Number(r.dataset_id),
      collectionId: Number(r.collection_id),
      body: indexBody(r.q, r.a).body,
    }));
    if (pg) {
      const values = docs.map((d) => sql`(${d.id}::bigint, ${d.body}::text)`);
      await sql`update knowledge_chunks c set fts = to_tsvector('simple', v.body)
        from (values ${sql.join(values)}) as v(id, body) where c.id = v.id`.execute(db);
    } else {
      await indexRows(db, docs, owners);
    }
  }
}

/** Drops chunks of a collection from `fromIdx` on (a training step that did not finish); their index rows go with them. */
export async function dropChunksFrom(db: Db, collectionId: number, fromIdx: number): Promise<void> {
  await db.deleteFrom('knowledge_chunks').where('collection_id', '=', collectionId).where('idx', '>=', fromIdx).execute();
}

/** An FTS5 string: the term exactly, in double quotes. */
const ftsString = (term: string) => `"${term.replaceAll('"', '""')}"`;
/** A tsquery operand: the term in single quotes (to_tsquery parses it like to_tsvector did). */
const tsString = (term: string) => `'${term.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/**
 * The best `limit` chunks for the query terms (any of them), best first, with their keyword score
 * (higher is better): FTS5 bm25 on SQLite, ts_rank_cd on PostgreSQL.
 */
export async function topKeyword(db: Db, filter: IndexFilter, queryTerms: string[], limit: number): Promise<Map<number, number>> {
  const { datasetIds, owner, collectionIds } = filter;
  if (!datasetIds.length || !queryTerms.length || limit <= 0 || collectionIds?.length === 0) return new Map();
  if (dialectOf(db) === 'postgres') {
    const query = queryTerms.map(tsString).join(' | ');
    // ts_rank_cd (cover density) costs some 15 µs a row: the matches are first cut to the best
    // PG_CANDIDATES by the cheaper ts_rank (frequency), then ranked by ts_rank_cd. With fewer
    // matches than that the ranking is exact.
    const rows = await sql<{ id: number; score: number }>`
      select id, ts_rank_cd(fts, q) as score from (
        select c.id, c.fts, q.q
        from knowledge_chunks c
        join knowledge_datasets d on d.id = c.dataset_id
        cross join to_tsquery('simple', ${query}) as q(q)
        where c.fts @@ q.q
          and c.dataset_id in (${sql.join(datasetIds)})
          ${owner ? sql`and d.user_id = ${owner.id} and d.tenant_id = ${owner.tenantId}` : sql``}
          ${collectionIds ? sql`and c.collection_id in (${sql.join(collectionIds)})` : sql``}
        order by ts_rank(c.fts, q.q) desc, c.id
        limit ${Math.max(PG_CANDIDATES, limit)}
      ) as m
      order by score desc, id
      limit ${limit}`.execute(db);
    return new Map(rows.rows.map((r) => [Number(r.id), Number(r.score)]));
  }
  // The datasets that may be searched: those bound to the owner and its tenant (a known dataset id
  // of another user or tenant is left out), or, without an owner, those that exist. Only their
  // prefixed terms are matched, so no other dataset's row can match.
  const owners = await datasetOwners(db, datasetIds);
  const searched = datasetIds.filter((id) => {
    const of = owners.get(id);
    return of && (!owner || (of.id === owner.id && of.tenantId === owner.tenantId));
  });
  if (!searched.length) return new Map();
  let match = `(${searched.flatMap((id) => queryTerms.map((term) => ftsString(datasetTerm(id, term)))).join(' OR ')})`;
  // Collection tokens cannot collide with a term (TAG), so no column filter ({tags}:) is needed.
  if (collectionIds) match += ` AND (${collectionIds.map((id) => ftsString(collectionToken(id))).join(' OR ')})`;
  // `rank` is bm25 with the tags column weighted 0 (set by migration 0180); negative, best lowest.
  const rows = await sql<{ id: number; score: number }>`
    select rowid as id, -rank as score from knowledge_fts where knowledge_fts match ${match} order by rank limit ${limit}`.execute(
    db,
  );
  return new Map(rows.rows.map((r) => [Number(r.id), Number(r.score)]));
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
