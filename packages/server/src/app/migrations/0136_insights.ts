import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/** Insights: imported product reviews or comments and the chat engine's analysis of them. */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await c
    .autoId(db.schema.createTable('insight_analyses'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('entries', 'text', (col) => col.notNull())
    .addColumn('entry_count', 'integer', (col) => col.notNull())
    .addColumn('result', 'text', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('insight_analyses_tenant')
    .on('insight_analyses')
    .columns(['tenant_id', 'kind', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('insight_analyses').execute();
}
