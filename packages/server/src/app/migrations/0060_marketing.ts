import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/** Marketing: hot lists, idea reports, content creation (marketing/tables.ts). */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('hotspots')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('platform', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text')
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('hot', 'text')
    .addColumn('url', 'text')
    .addColumn('desc', 'text')
    .addColumn('rank', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('hotspots_list').on('hotspots').columns(['platform', 'source', 'user_id']).execute();
  await db.schema
    .createTable('hotspot_feeds')
    .addColumn('platform', 'text', (col) => col.primaryKey())
    .addColumn('update_time', c.bigint, (col) => col.notNull())
    .addColumn('fetched_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('idea_reports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('params', 'text', (col) => col.notNull())
    .addColumn('hotspot_source_type', 'text', (col) => col.notNull())
    .addColumn('hotspot_id', 'text')
    .addColumn('engine', 'text', (col) => col.notNull())
    .addColumn('process', 'text', (col) => col.notNull())
    .addColumn('stage', 'text', (col) => col.notNull())
    .addColumn('state', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('cost', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('summary', 'text')
    .addColumn('association', 'text')
    .addColumn('risk', 'text')
    .addColumn('error', 'text')
    .addColumn('tokens', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('idea_reports_user').on('idea_reports').columns(['user_id', 'created_at']).execute();
  await c
    .autoId(db.schema.createTable('idea_items'))
    .addColumn('report_id', 'text', (col) => col.notNull().references('idea_reports.id').onDelete('cascade'))
    .addColumn('social_type', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('pic_url', 'text')
    .addColumn('gen_pic_status', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('idea_items_report').on('idea_items').column('report_id').execute();
  await db.schema
    .createTable('content_tasks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('engine', 'text', (col) => col.notNull())
    .addColumn('params', 'text', (col) => col.notNull())
    .addColumn('report_id', 'text')
    .addColumn('social_media_type', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('deleted_at', c.bigint)
    .execute();
  await db.schema.createIndex('content_tasks_user').on('content_tasks').columns(['user_id', 'deleted_at']).execute();
  await c
    .autoId(db.schema.createTable('content_items'))
    .addColumn('content_id', 'text', (col) => col.notNull().references('content_tasks.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('platform', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('content', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('gen_images', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('error', 'text')
    .addColumn('cost', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('tokens', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('like_state', 'text')
    .addColumn('like_reason', 'text')
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('content_items_content').on('content_items').column('content_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['content_items', 'content_tasks', 'idea_items', 'idea_reports', 'hotspot_feeds', 'hotspots'])
    await db.schema.dropTable(table).execute();
}
