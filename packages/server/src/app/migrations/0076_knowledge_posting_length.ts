import { type Kysely, sql } from 'kysely';

/**
 * Postings carry their chunk's length, so BM25 is scored from the postings index alone (no join to
 * the chunks per matching posting).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('knowledge_postings')
    .addColumn('chunk_len', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update knowledge_postings set chunk_len = (select c.length from knowledge_chunks c where c.id = knowledge_postings.chunk_id)`.execute(
    db,
  );
  // A covering index: a query's postings are read from the index alone.
  await db.schema.dropIndex('knowledge_postings_term').execute();
  await db.schema
    .createIndex('knowledge_postings_cover')
    .on('knowledge_postings')
    .columns(['dataset_id', 'term', 'chunk_id', 'tf', 'chunk_len'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('knowledge_postings_cover').execute();
  await db.schema.createIndex('knowledge_postings_term').on('knowledge_postings').columns(['dataset_id', 'term']).execute();
  await db.schema.alterTable('knowledge_postings').dropColumn('chunk_len').execute();
}
