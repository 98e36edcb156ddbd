import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../platform/db/dialect.ts';

/**
 * pgvector for knowledge search, where it can be had: on PostgreSQL whose server has the `vector`
 * extension available, the extension is created (best effort: without the privilege nothing
 * changes) and chunks get an `embedding_vec vector` column filled from their JSON embeddings. The
 * column is untyped (no fixed dimension) so any embedding model fits. Elsewhere (SQLite, PostgreSQL
 * without pgvector) this migration does nothing and search compares embeddings in the server.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  const available = await sql`select 1 from pg_available_extensions where name = 'vector'`.execute(db);
  if (!available.rows.length) return;
  // Inside the migrator's transaction a failed statement would abort it: try under a savepoint.
  if (db.isTransaction) await sql`savepoint pgvector_try`.execute(db);
  try {
    await sql`create extension if not exists vector`.execute(db);
    if (db.isTransaction) await sql`release savepoint pgvector_try`.execute(db);
  } catch {
    if (db.isTransaction) await sql`rollback to savepoint pgvector_try`.execute(db);
  }
  // The type must be usable from here (installed by us or before us, in a schema on the path).
  const usable = await sql`select 1 from pg_type where typname = 'vector' and pg_type_is_visible(oid)`.execute(db);
  if (!usable.rows.length) return;
  await sql`alter table knowledge_chunks add column embedding_vec vector`.execute(db);
  await sql`update knowledge_chunks set embedding_vec = embedding::vector where embedding is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table knowledge_chunks drop column if exists embedding_vec`.execute(db);
}
