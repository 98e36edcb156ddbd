import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/**
 * The publishing plan (/content-publishing: posts per platform and day, statuses, reminders) and the
 * accounts behind hot items per platform and day (/hotspot-publisher), docs/marketing.md.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await c
    .autoId(db.schema.createTable('publishing_posts'))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('platform', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('time', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('images', 'text', (col) => col.notNull())
    .addColumn('tags', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('remind_at', c.bigint)
    .addColumn('reminded_at', c.bigint)
    .addColumn('content_id', 'text')
    .addColumn('item_id', 'integer')
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('publishing_posts_user_day').on('publishing_posts').columns(['user_id', 'day']).execute();
  await db.schema.createIndex('publishing_posts_remind').on('publishing_posts').columns(['remind_at']).execute();
  await db.schema
    .createTable('hotspot_authors')
    .addColumn('platform', 'text', (col) => col.notNull())
    .addColumn('author', 'text', (col) => col.notNull())
    .addColumn('day', 'text', (col) => col.notNull())
    // '' for the shared feed; otherwise the user who imported the items.
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('appearances', 'integer', (col) => col.notNull())
    .addColumn('best_rank', 'integer', (col) => col.notNull())
    .addColumn('hot', 'text')
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .addPrimaryKeyConstraint('hotspot_authors_pk', ['user_id', 'platform', 'author', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('hotspot_authors').execute();
  await db.schema.dropTable('publishing_posts').execute();
}
