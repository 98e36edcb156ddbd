import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/** KOS: the team's social accounts, personas, topic plans, and tracked posts with daily metrics. */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await c
    .autoId(db.schema.createTable('kos_personas'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('tone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('audience', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('taboo_words', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('intro', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('kos_personas_tenant').on('kos_personas').columns(['tenant_id', 'created_at']).execute();

  await c
    .autoId(db.schema.createTable('kos_accounts'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('platform', 'text', (col) => col.notNull())
    .addColumn('handle', 'text', (col) => col.notNull())
    .addColumn('display_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('persona_id', c.bigint, (col) => col.references('kos_personas.id').onDelete('set null'))
    .addColumn('owner_user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('kos_accounts_handle')
    .on('kos_accounts')
    .columns(['tenant_id', 'platform', 'handle'])
    .unique()
    .execute();

  await c
    .autoId(db.schema.createTable('kos_topics'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('account_id', c.bigint, (col) => col.notNull().references('kos_accounts.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('brief', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('plan_day', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('kos_topics_tenant').on('kos_topics').columns(['tenant_id', 'plan_day']).execute();

  await c
    .autoId(db.schema.createTable('kos_tracked_posts'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('platform', 'text', (col) => col.notNull())
    .addColumn('handle', 'text', (col) => col.notNull())
    .addColumn('post_key', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('published_day', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('kos_tracked_posts_key')
    .on('kos_tracked_posts')
    .columns(['tenant_id', 'platform', 'handle', 'post_key'])
    .unique()
    .execute();

  await c
    .autoId(db.schema.createTable('kos_post_metrics'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('post_id', c.bigint, (col) => col.notNull().references('kos_tracked_posts.id').onDelete('cascade'))
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('views', c.bigint, (col) => col.notNull().defaultTo(0))
    .addColumn('likes', c.bigint, (col) => col.notNull().defaultTo(0))
    .addColumn('comments', c.bigint, (col) => col.notNull().defaultTo(0))
    .addColumn('shares', c.bigint, (col) => col.notNull().defaultTo(0))
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('kos_post_metrics_day').on('kos_post_metrics').columns(['post_id', 'day']).unique().execute();
  await db.schema.createIndex('kos_post_metrics_tenant').on('kos_post_metrics').columns(['tenant_id', 'day']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['kos_post_metrics', 'kos_tracked_posts', 'kos_topics', 'kos_accounts', 'kos_personas'])
    await db.schema.dropTable(t).execute();
}
