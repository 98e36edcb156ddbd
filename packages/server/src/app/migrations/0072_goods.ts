import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await c
    .autoId(db.schema.createTable('goods'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('intro', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('images', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('selling_points', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('price', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('goods_owner').on('goods').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('goods').execute();
}
