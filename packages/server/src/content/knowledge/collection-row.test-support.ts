import type { Insertable } from 'kysely';
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
