import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/** The open API: keys, the tasks they created (idempotency), webhooks and their deliveries. */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('key_hash', 'text', (col) => col.notNull().unique())
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('scopes', 'text', (col) => col.notNull())
    .addColumn('biz_types', 'text')
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('last_used_at', c.bigint)
    .addColumn('last_used_ip', 'text')
    .addColumn('revoked_at', c.bigint)
    .addColumn('team', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('api_keys_user').on('api_keys').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('api_keys_tenant').on('api_keys').columns(['tenant_id', 'team']).execute();

  await db.schema
    .createTable('api_key_tasks')
    .addColumn('task_id', 'text', (col) => col.primaryKey())
    .addColumn('key_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('body_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('notified_at', c.bigint)
    .execute();
  await db.schema
    .createIndex('api_key_tasks_idempotency')
    .on('api_key_tasks')
    .columns(['key_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema.createIndex('api_key_tasks_key_day').on('api_key_tasks').columns(['key_id', 'created_at']).execute();
  await db.schema.createIndex('api_key_tasks_unnotified').on('api_key_tasks').columns(['notified_at']).execute();

  await db.schema
    .createTable('api_key_batches')
    .addColumn('batch_id', 'text', (col) => col.primaryKey())
    .addColumn('key_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('notified_at', c.bigint)
    .execute();
  await db.schema.createIndex('api_key_batches_unnotified').on('api_key_batches').columns(['notified_at']).execute();

  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('events', 'text', (col) => col.notNull())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('deleted_at', c.bigint)
    .execute();
  await db.schema.createIndex('webhooks_user').on('webhooks').columns(['user_id']).execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('webhook_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', c.bigint)
    .addColumn('lease_until', c.bigint)
    .addColumn('last_attempt_at', c.bigint)
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_hook').on('webhook_deliveries').columns(['webhook_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['webhook_deliveries', 'webhooks', 'api_key_batches', 'api_key_tasks', 'api_keys']) {
    await db.schema.dropTable(table).execute();
  }
}
