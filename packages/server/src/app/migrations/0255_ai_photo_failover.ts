import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/**
 * AI photography as one router over the providers (issue 45; engines/ai-photo/tables.ts):
 * - ai_photo_routes.chain: the route as an ordered provider list (JSON), the first step also kept in
 *   the old columns;
 * - ai_photo_runs.fidelity: per output, the garment lock's mean and p95 CIEDE2000 (JSON);
 * - ai_photo_attempts: one row per provider a task was tried on, in order, with how it ended and its time;
 * - ai_photo_circuits: each provider's circuit breaker (consecutive failures, when it opened, a probe under way).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema.alterTable('ai_photo_routes').addColumn('chain', 'text').execute();
  await db.schema.alterTable('ai_photo_runs').addColumn('fidelity', 'text').execute();
  await db.schema
    .createTable('ai_photo_attempts')
    .addColumn('task_id', 'text', (col) => col.notNull())
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('biz_type', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('error', 'text')
    .addColumn('ms', 'integer', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addPrimaryKeyConstraint('ai_photo_attempts_pk', ['task_id', 'seq'])
    .execute();
  await db.schema.createIndex('ai_photo_attempts_day').on('ai_photo_attempts').columns(['created_at']).execute();
  await db.schema
    .createTable('ai_photo_circuits')
    .addColumn('provider', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('opened_at', c.bigint)
    .addColumn('probing', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ai_photo_circuits').execute();
  await db.schema.dropTable('ai_photo_attempts').execute();
  await db.schema.alterTable('ai_photo_runs').dropColumn('fidelity').execute();
  await db.schema.alterTable('ai_photo_routes').dropColumn('chain').execute();
}
