import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('feishu_bindings')
    .addColumn('tenant_key', 'text', (col) => col.notNull())
    .addColumn('base_user_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('bound_at', c.bigint, (col) => col.notNull())
    .addPrimaryKeyConstraint('feishu_bindings_pk', ['tenant_key', 'base_user_id'])
    .execute();
  await db.schema.createIndex('feishu_bindings_user').on('feishu_bindings').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('feishu_bindings').execute();
}
