import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('console_followups')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('ref_id', 'text', (col) => col.notNull())
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .addPrimaryKeyConstraint('console_followups_pk', ['kind', 'ref_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('console_followups').execute();
}
