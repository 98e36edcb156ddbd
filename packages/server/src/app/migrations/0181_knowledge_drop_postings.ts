import { type Kysely, sql } from 'kysely';
import { termCounts } from '../../content/knowledge/tokenize.ts';
import { dialectOf } from '../../platform/db/dialect.ts';

/**
 * The old postings table goes once migration 0180 has indexed every chunk (issue 32). It held only
 * terms derived from the chunks, which stay; the check refuses to drop it (and the migration fails,
 * losing nothing) if any chunk lacks its full-text row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const chunks = Number(
    (
      await db
        .selectFrom('knowledge_chunks')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const indexed =
    dialectOf(db) === 'postgres'
      ? Number(
          (await sql<{ n: number }>`select count(*) as n from knowledge_chunks where fts is not null`.execute(db)).rows[0]!.n,
        )
      : Number(
          (
            await sql<{ n: number }>`select count(*) as n from knowledge_chunks c
              where exists (select 1 from knowledge_fts f where f.rowid = c.id)`.execute(db)
          ).rows[0]!.n,
        );
  if (indexed !== chunks) throw new Error(`knowledge index incomplete: ${indexed} of ${chunks} chunks indexed`);
  await db.schema.dropTable('knowledge_postings').execute();
}

/** Rebuilds the postings from the chunks (the same terms, so the old search would answer as before). */
export async function down(db: Kysely<any>): Promise<void> {
  const big = dialectOf(db) === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('knowledge_postings')
    .addColumn('chunk_id', big, (col) => col.notNull().references('knowledge_chunks.id').onDelete('cascade'))
    .addColumn('dataset_id', big, (col) => col.notNull())
    .addColumn('term', 'text', (col) => col.notNull())
    .addColumn('tf', 'integer', (col) => col.notNull())
    .addColumn('chunk_len', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('knowledge_postings_cover')
    .on('knowledge_postings')
    .columns(['dataset_id', 'term', 'chunk_id', 'tf', 'chunk_len'])
    .execute();
  await db.schema.createIndex('knowledge_postings_chunk').on('knowledge_postings').columns(['chunk_id']).execute();
  const rows = await db.selectFrom('knowledge_chunks').select(['id', 'dataset_id', 'q', 'a']).execute();
  for (const r of rows) {
    const { counts, length } = termCounts(r.a ? `${r.q}\n${r.a}` : r.q);
    const values = [...counts].map(([term, tf]) => ({ chunk_id: r.id, dataset_id: r.dataset_id, term, tf, chunk_len: length }));
    if (values.length) await db.insertInto('knowledge_postings').values(values).execute();
  }
}
