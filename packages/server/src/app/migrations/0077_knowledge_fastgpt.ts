import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/** Each user's folder on the FastGPT server, created once and reused (spec 001 §4 knowledge calls). */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('knowledge_fastgpt_folders')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('folder_id', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('knowledge_fastgpt_folders').execute();
}
