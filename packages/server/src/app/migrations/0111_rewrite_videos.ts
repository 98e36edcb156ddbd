import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/** Original videos of script rewrites (rewrite/tables.ts): the upload's key, its owner and what ffmpeg read from it. */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('rewrite_videos')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('analysis', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rewrite_videos').execute();
}
