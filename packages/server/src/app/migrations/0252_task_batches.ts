import type { Kysely } from 'kysely';

/**
 * The batch a task runs for (studio/batches), so the history shows a batch's items as one card that
 * opens to them (issue 41) instead of 50 cards flooding its pages.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tasks').addColumn('batch_id', 'text').execute();
  await db.schema.createIndex('tasks_batch').on('tasks').columns(['user_id', 'batch_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tasks_batch').execute();
  await db.schema.alterTable('tasks').dropColumn('batch_id').execute();
}
