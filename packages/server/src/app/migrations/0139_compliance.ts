import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/** Issue 46: each tenant's own banned words for the text compliance engine (content/compliance). */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await c
    .autoId(db.schema.createTable('compliance_words'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('word', 'text', (col) => col.notNull())
    .addColumn('level', 'text', (col) => col.notNull().defaultTo('block'))
    .addColumn('suggestion', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('compliance_words_tenant_word')
    .on('compliance_words')
    .columns(['tenant_id', 'word'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('compliance_words').execute();
}
