import type { Kysely } from 'kysely';

/**
 * Text business types (docs/engines.md): `text` is the task's streamed text (written while it
 * streams, so a reload or another process shows it; final once completed), `data` the structured
 * JSON result of types that declare one. Both stay null for file types.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tasks').addColumn('text', 'text').execute();
  await db.schema.alterTable('tasks').addColumn('data', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tasks').dropColumn('data').execute();
  await db.schema.alterTable('tasks').dropColumn('text').execute();
}
