import type { Kysely } from 'kysely';

/** Idea reports are text tasks of the task platform: each report names its task (null for older reports). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idea_reports').addColumn('task_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idea_reports').dropColumn('task_id').execute();
}
