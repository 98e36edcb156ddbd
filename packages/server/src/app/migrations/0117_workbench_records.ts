import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/** The hot-content workbench's post-generation records (hot-workbench/tables.ts). */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('workbench_records')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('hotspot_source_type', 'text', (col) => col.notNull())
    .addColumn('prompt', 'text', (col) => col.notNull())
    .addColumn('mkt_type', 'text', (col) => col.notNull())
    .addColumn('market_desc', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('workbench_records_owner')
    .on('workbench_records')
    .columns(['user_id', 'tenant_id', 'hotspot_source_type', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('workbench_records').execute();
}
