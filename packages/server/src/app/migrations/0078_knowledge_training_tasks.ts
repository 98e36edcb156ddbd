import type { Kysely } from 'kysely';

/** Knowledge training runs as tasks of the task platform: each collection names its latest training task. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('knowledge_collections').addColumn('task_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('knowledge_collections').dropColumn('task_id').execute();
}
