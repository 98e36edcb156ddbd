import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/** AI photography providers: the routing table, one run record per task (provider, cost, garment lock), prices. */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('ai_photo_routes')
    .addColumn('biz_type', 'text', (col) => col.primaryKey())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('params', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('unit_cost', 'double precision')
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('ai_photo_runs')
    .addColumn('task_id', 'text', (col) => col.primaryKey())
    .addColumn('biz_type', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('provider_task_id', 'text')
    .addColumn('cost', 'double precision')
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('points', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('error', 'text')
    .addColumn('message', 'text')
    .addColumn('garment_locked', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('lock_note', 'text')
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('finished_at', c.bigint)
    .execute();
  await db.schema.createIndex('ai_photo_runs_day').on('ai_photo_runs').columns(['created_at']).execute();
  await db.schema.createIndex('ai_photo_runs_provider').on('ai_photo_runs').columns(['provider', 'status']).execute();
  await db.schema
    .createTable('ai_photo_prices')
    .addColumn('unit', 'text', (col) => col.primaryKey())
    .addColumn('cny', 'double precision', (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ai_photo_prices').execute();
  await db.schema.dropTable('ai_photo_runs').execute();
  await db.schema.dropTable('ai_photo_routes').execute();
}
