import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await c
    .autoId(db.schema.createTable('production_tasks'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('owner', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('due_date', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('platforms', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('note_ids', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('content_ids', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('theme_id', c.bigint, (col) => col.references('themes.id').onDelete('set null'))
    .addColumn('topic_id', c.bigint, (col) => col.references('theme_topics.id').onDelete('set null'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('production_tasks_owner').on('production_tasks').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('production_tasks').execute();
}
