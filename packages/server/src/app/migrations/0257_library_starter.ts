import { type Kysely, sql } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/**
 * The starter model library (issue 47; studio/model-library/starter.ts): each library model records
 * its consent (a model release, or why none is needed) and, for a generated figure, what made it;
 * `library_builds` holds each run of the operators' console action.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .alterTable('library_models')
    .addColumn('consent', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('library_models')
    .addColumn('generated_by', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('library_builds')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('total', 'integer', (col) => col.notNull())
    .addColumn('made', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('cost', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('error', 'text')
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .addColumn('finished_at', c.bigint)
    .execute();
  await db.schema.createIndex('library_builds_created').on('library_builds').columns(['created_at']).execute();
  // One build runs at a time, whichever process starts it.
  await db.schema
    .createIndex('library_builds_one_running')
    .on('library_builds')
    .column('status')
    .unique()
    .where(sql.ref('status'), '=', 'running')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('library_builds').execute();
  await db.schema.alterTable('library_models').dropColumn('generated_by').execute();
  await db.schema.alterTable('library_models').dropColumn('consent').execute();
}
