import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await c
    .autoId(db.schema.createTable('feedback'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('attachments', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('feedback_tenant').on('feedback').columns(['tenant_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('feedback').execute();
}
