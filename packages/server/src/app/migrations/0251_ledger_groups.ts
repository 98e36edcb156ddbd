import type { Kysely } from 'kysely';

/**
 * Ledger rows of one cause made of many (a batch's item charges, its item refunds) carry the cause
 * as `group_ref` (e.g. `batch:<id>`), so the history shows one line per batch charge and per batch
 * refund (issue 41) while each item keeps its own row for its exactly-once refund.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('point_ledger').addColumn('group_ref', 'text').execute();
  await db.schema.createIndex('point_ledger_group').on('point_ledger').columns(['user_id', 'group_ref']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('point_ledger_group').execute();
  await db.schema.alterTable('point_ledger').dropColumn('group_ref').execute();
}
