import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await c
    .autoId(db.schema.createTable('knowledge_folders'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('parent_id', c.bigint)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('knowledge_folders_owner').on('knowledge_folders').columns(['user_id', 'parent_id']).execute();

  await c
    .autoId(db.schema.createTable('knowledge_datasets'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('folder_id', c.bigint, (col) => col.references('knowledge_folders.id').onDelete('set null'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('intro', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('backend', 'text', (col) => col.notNull().defaultTo('local'))
    .addColumn('remote_id', 'text')
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('knowledge_datasets_owner').on('knowledge_datasets').columns(['user_id', 'created_at']).execute();

  await c
    .autoId(db.schema.createTable('knowledge_collections'))
    .addColumn('dataset_id', c.bigint, (col) => col.notNull().references('knowledge_datasets.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('training_type', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('raw_text', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('chunks', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('progress_done', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('progress_total', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('stop_requested', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('lease_until', c.bigint, (col) => col.notNull().defaultTo(0))
    .addColumn('remote_id', 'text')
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('knowledge_collections_dataset')
    .on('knowledge_collections')
    .columns(['dataset_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('knowledge_collections_status')
    .on('knowledge_collections')
    .columns(['status', 'lease_until'])
    .execute();

  await c
    .autoId(db.schema.createTable('knowledge_chunks'))
    .addColumn('collection_id', c.bigint, (col) => col.notNull().references('knowledge_collections.id').onDelete('cascade'))
    .addColumn('dataset_id', c.bigint, (col) => col.notNull())
    .addColumn('idx', 'integer', (col) => col.notNull())
    .addColumn('q', 'text', (col) => col.notNull())
    .addColumn('a', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('length', 'integer', (col) => col.notNull())
    .addColumn('embedding', 'text')
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('knowledge_chunks_collection').on('knowledge_chunks').columns(['collection_id', 'idx']).execute();
  await db.schema.createIndex('knowledge_chunks_dataset').on('knowledge_chunks').columns(['dataset_id']).execute();

  await db.schema
    .createTable('knowledge_postings')
    .addColumn('chunk_id', c.bigint, (col) => col.notNull().references('knowledge_chunks.id').onDelete('cascade'))
    .addColumn('dataset_id', c.bigint, (col) => col.notNull())
    .addColumn('term', 'text', (col) => col.notNull())
    .addColumn('tf', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('knowledge_postings_term').on('knowledge_postings').columns(['dataset_id', 'term']).execute();
  await db.schema.createIndex('knowledge_postings_chunk').on('knowledge_postings').columns(['chunk_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'knowledge_postings',
    'knowledge_chunks',
    'knowledge_collections',
    'knowledge_datasets',
    'knowledge_folders',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
