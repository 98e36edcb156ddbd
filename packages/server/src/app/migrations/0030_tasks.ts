import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('tasks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('biz_type', 'text', (col) => col.notNull())
    .addColumn('engine', 'text', (col) => col.notNull())
    .addColumn('params', 'text', (col) => col.notNull())
    .addColumn('inputs', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('progress', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('outputs', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('cost', 'integer', (col) => col.notNull())
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('worker_id', 'text')
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .addColumn('started_at', c.bigint)
    .addColumn('finished_at', c.bigint)
    .addColumn('deleted_at', c.bigint)
    .execute();
  await db.schema.createIndex('tasks_user').on('tasks').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('tasks_queue').on('tasks').columns(['status', 'engine', 'created_at']).execute();

  await db.schema
    .createTable('task_outputs')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('task_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('task_outputs_task').on('task_outputs').column('task_id').execute();

  await db.schema
    .createTable('task_workers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('host', 'text', (col) => col.notNull())
    .addColumn('pid', 'integer', (col) => col.notNull())
    .addColumn('engines', 'text', (col) => col.notNull())
    .addColumn('started_at', c.bigint, (col) => col.notNull())
    .addColumn('heartbeat_at', c.bigint, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('task_ratings')
    .addColumn('task_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('score', 'integer', (col) => col.notNull())
    .addColumn('reasons', 'text', (col) => col.notNull())
    .addColumn('comment', 'text')
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addPrimaryKeyConstraint('task_ratings_pk', ['task_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('task_download_locks')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', c.bigint, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['task_download_locks', 'task_ratings', 'task_workers', 'task_outputs', 'tasks'])
    await db.schema.dropTable(t).execute();
}
