import { type Kysely, sql } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('point_accounts')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('balance', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    // The last line of defence: no code path can leave a balance below zero.
    .addCheckConstraint('point_accounts_non_negative', sql`balance >= 0`)
    .execute();
  await c
    .autoId(db.schema.createTable('point_buckets'))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('remaining', 'integer', (col) => col.notNull())
    .addColumn('expires_at', c.bigint)
    .addColumn('ref_type', 'text', (col) => col.notNull())
    .addColumn('ref_id', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('point_buckets_user').on('point_buckets').columns(['user_id', 'kind']).execute();
  await c
    .autoId(db.schema.createTable('point_ledger'))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('delta', 'integer', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('ref_type', 'text', (col) => col.notNull())
    .addColumn('ref_id', 'text', (col) => col.notNull())
    .addColumn('balance_after', 'integer', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('point_ledger_user').on('point_ledger').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('point_ledger_cause')
    .on('point_ledger')
    .columns(['reason', 'ref_type', 'ref_id'])
    .unique()
    .execute();
  await c
    .autoId(db.schema.createTable('point_spends'))
    .addColumn('ledger_id', 'integer', (col) => col.notNull())
    .addColumn('bucket_id', 'integer', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('point_spends_ledger').on('point_spends').column('ledger_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['point_spends', 'point_ledger', 'point_buckets', 'point_accounts']) await db.schema.dropTable(t).execute();
}
