import type { ColumnType, Generated, RawBuilder } from 'kysely';

/** Knowledge base: folders hold datasets, datasets hold collections, collections are chunked. */
export interface KnowledgeTables {
  knowledge_folders: {
    id: Generated<number>;
    user_id: string;
    tenant_id: string;
    parent_id: number | null;
    name: string;
    created_at: number;
  };
  knowledge_datasets: {
    id: Generated<number>;
    user_id: string;
    tenant_id: string;
    folder_id: number | null;
    name: string;
    intro: string;
    /** `local` (our index) or `fastgpt` (a FastGPT server holds the data). */
    backend: string;
    /** The FastGPT dataset id when backend is fastgpt. */
    remote_id: string | null;
    created_at: number;
    updated_at: number;
  };
  knowledge_collections: {
    id: Generated<number>;
    dataset_id: number;
    user_id: string;
    tenant_id: string;
    name: string;
    /** file, link or virtual (typed in). */
    type: string;
    /** auto, chunk or qa. */
    training_type: string;
    /** training, ready or failed. */
    status: string;
    /** File name or URL. */
    source: string;
    chunks: number;
    progress_done: number;
    progress_total: number;
    /** Error key when failed (`stopped` when the user stopped it). */
    error: string | null;
    stop_requested: number;
    /** Lease of the process training it (epoch ms); a lapsed lease means the trainer died. */
    lease_until: number;
    remote_id: string | null;
    /** The latest training task (KNOWLEDGE_TRAIN) on the task platform; null before tasks or on FastGPT. */
    task_id: string | null;
    created_at: number;
    updated_at: number;
  };
  /**
   * A collection's parsed text, kept so training can resume after a restart or a retry (migration
   * 0182: out of the collection's row, which every training step updates).
   */
  knowledge_collection_texts: {
    collection_id: number;
    text: string;
  };
  knowledge_chunks: {
    id: Generated<number>;
    collection_id: number;
    dataset_id: number;
    idx: number;
    /** The chunk text, or the question in qa mode. */
    q: string;
    /** The answer in qa mode; empty otherwise. */
    a: string;
    /** Length in search terms. */
    length: number;
    /** JSON array of floats when an embeddings API is configured. */
    embedding: string | null;
    created_at: number;
    /**
     * PostgreSQL only (migration 0180): the chunk's jieba terms as `to_tsvector('simple', ...)`,
     * written with the row; never read back. SQLite keeps its index in the FTS5 table `knowledge_fts`.
     */
    fts: ColumnType<never, RawBuilder<unknown> | undefined, RawBuilder<unknown>>;
  };
  knowledge_fastgpt_folders: {
    user_id: string;
    folder_id: string;
    created_at: number;
  };
}
