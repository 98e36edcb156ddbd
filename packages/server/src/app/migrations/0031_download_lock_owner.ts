import type { Kysely } from 'kysely';

/** Download locks record who holds them, so a late release never frees someone else's lock. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('task_download_locks').addColumn('owner', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('task_download_locks').dropColumn('owner').execute();
}
