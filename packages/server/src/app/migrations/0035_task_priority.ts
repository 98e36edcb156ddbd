import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/**
 * Tier priority (issue 47, studio/tasks/priority.ts): each task keeps its owner's tier rank when it
 * was accepted and its queue key (created_at minus the tier's head start); workers claim by the key.
 * Tasks already there keep arrival order (key = created_at, priority 0).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .alterTable('tasks')
    .addColumn('priority', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('tasks')
    .addColumn('queue_key', c.bigint, (col) => col.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('tasks')
    .set((eb) => ({ queue_key: eb.ref('created_at') }))
    .execute();
  await db.schema.createIndex('tasks_queue_key').on('tasks').columns(['status', 'engine', 'queue_key']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tasks_queue_key').execute();
  await db.schema.alterTable('tasks').dropColumn('queue_key').execute();
  await db.schema.alterTable('tasks').dropColumn('priority').execute();
}
