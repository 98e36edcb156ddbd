import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/**
 * The content hashes of every picture the product delivered to a user (outputs as stored, each
 * download size, fixed batch pictures): a downloaded result uploaded again is recognised as the
 * user's own and accepted whatever the tenant's upload minimum (issue 41, studio/tasks/own-results.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('result_hashes')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('task_id', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addPrimaryKeyConstraint('result_hashes_pk', ['user_id', 'sha256'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('result_hashes').execute();
}
