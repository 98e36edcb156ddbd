import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/**
 * The model library (faces and bodies for the model tools) and the template library (tool settings
 * filled in one tap). A row with `owner_id` is a user's own and private; without, it is managed by
 * the operators of `tenant_id`, or public to every tenant when `tenant_id` is null.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('library_models')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text')
    .addColumn('owner_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('look', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('tags', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('picture_key', 'text', (col) => col.notNull())
    .addColumn('licence', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('library_models_owner').on('library_models').columns(['owner_id', 'created_at']).execute();
  await db.schema.createIndex('library_models_tenant').on('library_models').columns(['tenant_id', 'created_at']).execute();
  await db.schema
    .createTable('tool_templates')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text')
    .addColumn('owner_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('biz_type', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('params', 'text', (col) => col.notNull())
    .addColumn('preview_key', 'text')
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('tool_templates_owner').on('tool_templates').columns(['owner_id', 'biz_type']).execute();
  await db.schema.createIndex('tool_templates_tenant').on('tool_templates').columns(['tenant_id', 'biz_type']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tool_templates').execute();
  await db.schema.dropTable('library_models').execute();
}
