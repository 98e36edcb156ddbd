import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await c
    .autoId(db.schema.createTable('hot_items'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('platform', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('hot', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('note_id', c.bigint)
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('hot_items_owner').on('hot_items').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('hot_items').execute();
}
