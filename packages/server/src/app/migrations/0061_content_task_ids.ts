import type { Kysely } from 'kysely';

/** Content results run as text tasks: each result row names its current task (marketing/tables.ts). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('content_items').addColumn('task_id', 'text').execute();
  await db.schema.createIndex('content_items_task').on('content_items').column('task_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('content_items_task').execute();
  await db.schema.alterTable('content_items').dropColumn('task_id').execute();
}
