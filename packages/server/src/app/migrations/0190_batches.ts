import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';
import { SEED_PRESETS } from '../../studio/batches/preset-seed.ts';

/** The batch studio: batches, their items, and the marketplace export presets (seeded). */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('batches')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('biz_type', 'text', (col) => col.notNull())
    .addColumn('params', 'text', (col) => col.notNull())
    .addColumn('preset', 'text')
    .addColumn('item_cost', 'integer', (col) => col.notNull())
    .addColumn('cost', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .addColumn('finished_at', c.bigint)
    .execute();
  await db.schema.createIndex('batches_status').on('batches').columns(['status', 'user_id']).execute();
  await db.schema
    .createTable('batch_items')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('batch_id', 'text', (col) => col.notNull().references('batches.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('source_name', 'text', (col) => col.notNull())
    .addColumn('inputs', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('task_id', 'text', (col) => col.notNull())
    .addColumn('task_ids', 'text', (col) => col.notNull())
    .addColumn('checks', 'text')
    .addColumn('fixed', 'text')
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('batch_items_batch').on('batch_items').columns(['batch_id', 'seq']).execute();
  await db.schema.createIndex('batch_items_user_state').on('batch_items').columns(['user_id', 'state']).execute();
  await db.schema
    .createTable('batch_presets')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('label', 'text', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('format', 'text', (col) => col.notNull())
    .addColumn('max_bytes', 'integer', (col) => col.notNull())
    .addColumn('rules', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_by', 'text')
    .execute();
  const now = Date.now();
  await db
    .insertInto('batch_presets')
    .values(
      SEED_PRESETS.map((p) => ({
        name: p.name,
        label: p.label,
        width: p.width,
        height: p.height,
        format: p.format,
        max_bytes: p.maxBytes,
        rules: JSON.stringify(p.rules),
        source: p.source,
        updated_at: now,
        updated_by: null,
      })),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('batch_items').execute();
  await db.schema.dropTable('batches').execute();
  await db.schema.dropTable('batch_presets').execute();
}
