import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await c
    .autoId(db.schema.createTable('notes'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('is_public', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('images', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('tags', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('source_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('platform', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('metrics', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('notes_owner').on('notes').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('notes_public').on('notes').columns(['tenant_id', 'is_public', 'created_at']).execute();
  await db.schema
    .createTable('note_favorites')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('note_id', c.bigint, (col) => col.notNull().references('notes.id').onDelete('cascade'))
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addPrimaryKeyConstraint('note_favorites_pk', ['user_id', 'note_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('note_favorites').execute();
  await db.schema.dropTable('notes').execute();
}
