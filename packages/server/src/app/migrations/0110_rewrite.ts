import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/** Rewrite batches and their items (rewrite/tables.ts); each item names its current text task. */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('rewrite_batches')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('input', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('rewrite_batches_owner').on('rewrite_batches').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createTable('rewrite_items')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('batch_id', 'text', (col) => col.notNull().references('rewrite_batches.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('task_id', 'text', (col) => col.notNull())
    .addColumn('liked', 'integer')
    .addColumn('dislike_reason', 'text')
    .execute();
  await db.schema.createIndex('rewrite_items_batch').on('rewrite_items').column('batch_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rewrite_items').execute();
  await db.schema.dropTable('rewrite_batches').execute();
}
