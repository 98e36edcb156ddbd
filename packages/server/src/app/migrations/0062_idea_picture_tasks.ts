import type { Kysely } from 'kysely';

/** Idea pictures are tasks of the poster engine: each idea names its latest picture task. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idea_items').addColumn('pic_task_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idea_items').dropColumn('pic_task_id').execute();
}
