import { type Kysely, sql } from 'kysely';
import { rebuildIndex } from '../../content/knowledge/index-store.ts';
import { dialectOf } from '../../platform/db/dialect.ts';

/**
 * Knowledge search on the databases' own full-text engines (issue 32), built from every existing
 * chunk (the postings table stays until 0181 has checked that every chunk is indexed):
 *
 * - SQLite: the FTS5 table `knowledge_fts` (contentless with deletes, rowid = chunk id; `body` = the
 *   chunk's jieba terms space-joined, split on white space only; `tags` = filter tokens), its rank
 *   = bm25 with the tags column weighted 0, and a trigger removing a chunk's row with the chunk.
 * - PostgreSQL: `knowledge_chunks.fts tsvector` = to_tsvector('simple', terms) and a GIN index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  if (pg) {
    await sql`alter table knowledge_chunks add column fts tsvector`.execute(db);
  } else {
    await sql`create virtual table knowledge_fts using fts5(
      body, tags, content = '', contentless_delete = 1,
      tokenize = "unicode61 remove_diacritics 0 categories 'L* N* P* S* M* Co Cn'")`.execute(db);
    await sql`insert into knowledge_fts (knowledge_fts, rank) values ('rank', 'bm25(1.0, 0.0)')`.execute(db);
    await sql`create trigger knowledge_chunks_fts_delete after delete on knowledge_chunks
      begin delete from knowledge_fts where rowid = old.id; end`.execute(db);
  }
  await rebuildIndex(db);
  if (pg) await sql`create index knowledge_chunks_fts on knowledge_chunks using gin (fts)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop index if exists knowledge_chunks_fts`.execute(db);
    await sql`alter table knowledge_chunks drop column if exists fts`.execute(db);
  } else {
    await sql`drop trigger if exists knowledge_chunks_fts_delete`.execute(db);
    await sql`drop table if exists knowledge_fts`.execute(db);
  }
}
