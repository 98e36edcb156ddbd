import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/** The marketing calendar's platform nodes as operators edit them (console); empty: the built-in list. */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await c
    .autoId(db.schema.createTable('platform_nodes'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_en', 'text', (col) => col.notNull())
    .addColumn('month', 'integer', (col) => col.notNull())
    .addColumn('day', 'integer', (col) => col.notNull())
    .addColumn('lunar', 'integer', (col) => col.notNull())
    .addColumn('desc_zh', 'text', (col) => col.notNull())
    .addColumn('desc_en', 'text', (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('platform_nodes').execute();
}
