import { z } from 'zod';
import { ChatEngineError, chatEngine } from '../../engines/openai-chat/index.ts';
import { checkAborted } from '../../engines/types.ts';
import type { Config } from '../../platform/config.ts';
import { type Db, sqliteHandleOf } from '../../platform/db/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { CHUNK_SIZE, QA_MAX_PAIRS, QA_SPLIT_SIZE, splitText } from './chunking.ts';
import { EmbeddingError, embedderOf } from './embeddings.ts';
import {
  datasetOwners,
  dropChunksFrom,
  insertPrepared,
  insertPreparedSqlite,
  type NewChunk,
  type PreparedChunk,
  prepareChunks,
} from './index-store.ts';

/**
 * Training turns a collection's text into indexed chunks. It runs as a task of the task platform
 * (KNOWLEDGE_TRAIN, engine `knowledge-trainer`): queued, run by any worker, shown in the user's
 * history, stoppable, and resumed by the platform after a restart. It works one step at a time
 * (CHUNK_STEP chunks, or one qa paragraph) and saves its progress with each step's chunks, so a
 * resumed run goes on where the last one stopped. A stop marks the collection and stops the task; a
 * step that finishes after the stop is thrown away. The engine runs it in a thread of its own with
 * its own database connection (training-thread.ts), off the event loop that answers HTTP.
 */
/**
 * Chunks per step, and so per write transaction: 200 instead of 50, so a run pays a quarter of the
 * steps' fixed costs (progress update, commit, checkpoint, the task's progress write on the API's
 * side). The training thread runs at a lower priority than the API: a write of the API's waits for
 * one step's inserts at most, so a step stays short (its chunks are segmented before it opens).
 */
export const CHUNK_STEP = 200;

/** What a training run needs: the database, the settings (chat model, embeddings) and, optionally, a log. */
export interface TrainingDeps {
  db: Db;
  config: Config;
  log?: { warn(obj: unknown, msg?: string): void };
}

const qaSchema = z.object({
  pairs: z.array(z.object({ q: z.string(), a: z.string() })),
});

/** Why training ended without being ready: stopped by its user (not a failure). */
export class TrainingStopped extends Error {}

/**
 * Trains one collection from its saved progress to the end; answers the number of chunks, or null
 * when the collection is no longer training (stopped, deleted). A failing step marks the collection
 * failed with a translated reason and is thrown again (the task fails).
 */
export async function trainCollection(
  deps: TrainingDeps,
  id: number,
  signal: AbortSignal,
  onProgress?: (done: number, total: number) => void,
  /** The task running it: a run whose collection names another task (queued again meanwhile) stops. */
  taskId?: string,
): Promise<number | null> {
  const { db } = deps;
  const row = await db.selectFrom('knowledge_collections').selectAll().where('id', '=', id).executeTakeFirst();
  if (row?.status !== 'training') return null;
  // (A run may start before its collection is linked to it: queueTraining links right after queueing.)
  if (taskId && row.task_id !== null && row.task_id !== taskId) return null;
  const qa = row.training_type === 'qa';
  const saved = await db
    .selectFrom('knowledge_collection_texts')
    .select('text')
    .where('collection_id', '=', id)
    .executeTakeFirst();
  const pieces = splitText(saved?.text ?? '', qa ? QA_SPLIT_SIZE : CHUNK_SIZE);
  const collectionId = Number(row.id);
  const datasetId = Number(row.dataset_id);
  let done = Number(row.progress_done);
  await dropChunksFrom(db, collectionId, done);
  await db.updateTable('knowledge_collections').set({ progress_total: pieces.length }).where('id', '=', id).execute();
  onProgress?.(done, pieces.length);
  const writeStep = await stepWriter(db, id, collectionId, datasetId, taskId);
  const embedder = embedderOf(deps.config);
  try {
    while (done < pieces.length) {
      checkAborted(signal);
      const step = qa ? 1 : CHUNK_STEP;
      const slice = pieces.slice(done, done + step);
      let chunks: NewChunk[];
      if (qa) {
        const pairs = await qaPairs(deps.config, slice[0]!, signal);
        chunks = pairs.map((p) => ({ idx: done, q: p.q, a: p.a, embedding: null }));
      } else {
        chunks = slice.map((text, i) => ({ idx: done + i, q: text, a: '', embedding: null }));
      }
      if (embedder && chunks.length) {
        const vectors = await embedder.embed(chunks.map((c) => (c.a ? `${c.q}\n${c.a}` : c.q)));
        chunks.forEach((c, i) => {
          c.embedding = vectors[i] ?? null;
        });
      }
      // Segmented before the transaction: the write lock is held for the inserts alone.
      const prepared = prepareChunks(chunks);
      const next = done + slice.length;
      const still = await writeStep(next, prepared);
      if (!still) return null;
      done = next;
      onProgress?.(done, pieces.length);
    }
    const count = await db
      .selectFrom('knowledge_chunks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('collection_id', '=', collectionId)
      .executeTakeFirstOrThrow();
    const finished = await db
      .updateTable('knowledge_collections')
      .set({ status: 'ready', chunks: Number(count.n), lease_until: 0, updated_at: Date.now() })
      .where('id', '=', id)
      .where('status', '=', 'training')
      .executeTakeFirst();
    return Number(finished.numUpdatedRows) === 1 ? Number(count.n) : null;
  } catch (error) {
    if (signal.aborted) throw error;
    const key = error instanceof ChatEngineError ? error.key : error instanceof EmbeddingError ? 'embeddingFailed' : 'internal';
    deps.log?.warn({ err: error, id }, 'knowledge training step failed');
    await db
      .updateTable('knowledge_collections')
      .set({ status: 'failed', error: key, lease_until: 0, updated_at: Date.now() })
      .where('id', '=', id)
      .where('status', '=', 'training')
      .execute();
    throw error;
  }
}

/**
 * Commits one step: the collection's progress and the step's chunks with their index rows, in one
 * write transaction (BEGIN IMMEDIATE on SQLite: the API's own writes run on another connection
 * meanwhile). Answers false, writing nothing, when the collection is no longer this run's to train
 * (stopped, deleted, or queued again under another task). On SQLite with the connection's handle
 * at hand (the training thread's own connection) the step runs as prepared statements on it
 * (index-store.ts insertPreparedSqlite); elsewhere (PostgreSQL, PGlite in tests) through Kysely.
 */
async function stepWriter(
  db: Db,
  id: number,
  collectionId: number,
  datasetId: number,
  taskId: string | undefined,
): Promise<(next: number, prepared: PreparedChunk[]) => Promise<boolean>> {
  const sqlite = sqliteHandleOf(db);
  const owner = sqlite ? (await datasetOwners(db, [datasetId])).get(datasetId) : undefined;
  if (sqlite && owner) {
    const progress = sqlite.prepare(
      `update knowledge_collections set progress_done = ?, updated_at = ?
       where id = ? and status = 'training' and (? is null or task_id = ? or task_id is null)`,
    );
    const step = sqlite.transaction((next: number, prepared: PreparedChunk[]) => {
      const now = Date.now();
      if (progress.run(next, now, id, taskId ?? null, taskId ?? null).changes !== 1) return false;
      insertPreparedSqlite(sqlite, collectionId, datasetId, owner, prepared, now);
      return true;
    });
    // Holding Kysely's connection: no query of Kysely's runs on it in between.
    return (next, prepared) => db.connection().execute(async () => step.immediate(next, prepared));
  }
  return (next, prepared) =>
    writeTransaction(db, async (trx) => {
      let update = trx
        .updateTable('knowledge_collections')
        .set({ progress_done: next, updated_at: Date.now() })
        .where('id', '=', id)
        .where('status', '=', 'training');
      if (taskId) update = update.where((eb) => eb.or([eb('task_id', '=', taskId), eb('task_id', 'is', null)]));
      const moved = await update.executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return false;
      await insertPrepared(trx, collectionId, datasetId, prepared);
      return true;
    });
}

async function qaPairs(config: Config, paragraph: string, signal: AbortSignal): Promise<Array<{ q: string; a: string }>> {
  const engine = chatEngine(config);
  if (!engine) throw new ChatEngineError('chatEngineNotConfigured', 'no chat engine for qa training');
  const result = await engine.chat({
    signal,
    json: { name: 'qa_pairs', schema: qaSchema },
    temperature: 0.2,
    messages: [
      {
        role: 'system',
        content: `You turn a passage into question and answer pairs for a knowledge base. Write at most ${QA_MAX_PAIRS} pairs that together cover the passage's facts; each answer must be self-contained and use only the passage. Use the passage's language. Answer as JSON: {"pairs":[{"q":"...","a":"..."}]}.`,
      },
      { role: 'user', content: paragraph },
    ],
  });
  const parsed = qaSchema.safeParse(result.json);
  if (!parsed.success) throw new ChatEngineError('llmBadAnswer', 'qa answer has the wrong shape');
  return parsed.data.pairs
    .map((p) => ({ q: p.q.trim(), a: p.a.trim() }))
    .filter((p) => p.q && p.a)
    .slice(0, QA_MAX_PAIRS);
}
