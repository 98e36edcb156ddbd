import type { Insertable } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import type { KnowledgeTables } from './tables.ts';

type CollectionInsert = Insertable<KnowledgeTables['knowledge_collections']>;

/**
 * A collection row as tests and benches put one straight into the database (a state the API would
 * take long to reach, or a size it would take minutes to index): a typed-in text cut into chunks,
 * ready, in the default tenant, with no lease, task or FastGPT copy; `fields` say what differs.
 */
export function collectionRow(
  fields: Pick<CollectionInsert, 'dataset_id' | 'user_id'> & Partial<CollectionInsert>,
): CollectionInsert {
  const now = Date.now();
  return {
    tenant_id: 'default',
    name: 'c',
    type: 'virtual',
    training_type: 'chunk',
    status: 'ready',
    source: '',
    chunks: 0,
    progress_done: 0,
    progress_total: 0,
    error: null,
    stop_requested: 0,
    lease_until: 0,
    remote_id: null,
    task_id: null,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

/**
 * A local dataset of `owner` holding one collection (`collectionRow` with `fields`), written straight
 * into the database as tests and benches need before they put chunks in it.
 */
export async function datasetWithCollection(
  db: Db,
  owner: { id: string; tenantId: string },
  fields: Partial<CollectionInsert> = {},
): Promise<{ datasetId: number; collectionId: number }> {
  const now = Date.now();
  const dataset = await db
    .insertInto('knowledge_datasets')
    .values({
      user_id: owner.id,
      tenant_id: owner.tenantId,
      folder_id: null,
      name: 'd',
      intro: '',
      backend: 'local',
      remote_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const datasetId = Number(dataset.id);
  const collection = await db
    .insertInto('knowledge_collections')
    .values(collectionRow({ dataset_id: datasetId, user_id: owner.id, tenant_id: owner.tenantId, ...fields }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return { datasetId, collectionId: Number(collection.id) };
}
