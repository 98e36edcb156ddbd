import { type Kysely, sql } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/**
 * A knowledge collection's parsed text in a table of its own (issue 48). In the collection's row it
 * sat before the status and progress columns: on SQLite every training step's progress update
 * rewrote the whole row (up to the file's size, 1.75 MB for a 2,500-chunk text) and every read of
 * the status or progress walked its overflow pages. The text is written once, read when a run
 * starts, and goes with its collection (cascade).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('knowledge_collection_texts')
    .addColumn('collection_id', c.bigint, (col) => col.primaryKey().references('knowledge_collections.id').onDelete('cascade'))
    .addColumn('text', 'text', (col) => col.notNull())
    .execute();
  await sql`insert into knowledge_collection_texts (collection_id, text)
    select id, raw_text from knowledge_collections where raw_text <> ''`.execute(db);
  await db.schema.alterTable('knowledge_collections').dropColumn('raw_text').execute();
}
