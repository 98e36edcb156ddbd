import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/** The house look (studio/model-library/house-look.ts, issue 47): one saved model, expression and scene per member. */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('house_looks')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('model_id', 'text')
    .addColumn('expression', 'text')
    .addColumn('scene_id', 'text')
    .addColumn('custom_scene', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('house_looks').execute();
}
