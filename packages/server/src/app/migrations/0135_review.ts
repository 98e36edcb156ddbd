import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/** Review (/audit): ideas and contents moving through review states, with comments. */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await c
    .autoId(db.schema.createTable('review_items'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('author_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('account_id', c.bigint)
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('reviewer_id', 'text')
    .addColumn('submitted_at', c.bigint)
    .addColumn('decided_at', c.bigint)
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('review_items_status').on('review_items').columns(['tenant_id', 'status', 'updated_at']).execute();
  await db.schema
    .createIndex('review_items_author')
    .on('review_items')
    .columns(['tenant_id', 'author_id', 'updated_at'])
    .execute();

  await c
    .autoId(db.schema.createTable('review_comments'))
    .addColumn('item_id', c.bigint, (col) => col.notNull().references('review_items.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('author_id', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('action', 'text')
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('review_comments_item').on('review_comments').columns(['item_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('review_comments').execute();
  await db.schema.dropTable('review_items').execute();
}
