import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { ChatEngineError, chatEngine } from '../engines/openai-chat/index.ts';
import { CHUNK_SIZE, QA_MAX_PAIRS, QA_SPLIT_SIZE, splitText } from './chunking.ts';
import { EmbeddingError, embedderOf } from './embeddings.ts';
import { dropChunksFrom, insertChunks, type NewChunk } from './index-store.ts';

/**
 * Training turns a collection's text into indexed chunks. It runs in the background, one step at a
 * time (50 chunks, or one qa paragraph), saving progress after each step, so a restart resumes where
 * it stopped: a trainer holds a lease on the collection and any process picks up a lapsed lease.
 * Stopping is a status change the trainer sees after its current step.
 */
const LEASE_MS = 60_000;
const POLL_MS = 2_000;
const CHUNK_STEP = 50;

export interface Trainer {
  /** Look for work now (after a collection was created). */
  kick(): void;
  close(): Promise<void>;
}

export function startTrainer(ctx: AppContext): Trainer {
  let closed = false;
  let running: Promise<void> | null = null;
  let again = false;
  const controller = new AbortController();

  const loop = async () => {
    do {
      again = false;
      for (;;) {
        if (closed) return;
        const id = await claimNext(ctx);
        if (id == null) break;
        await trainCollection(ctx, id, controller.signal).catch((error) =>
          ctx.log.error({ err: error, id }, 'knowledge training failed'),
        );
      }
    } while (again && !closed);
  };
  const kick = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = loop()
      .catch((error) => ctx.log.error({ err: error }, 'knowledge trainer'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(kick, POLL_MS);
  timer.unref();
  kick();
  return {
    kick,
    async close() {
      closed = true;
      clearInterval(timer);
      controller.abort();
      await running;
    },
  };
}

/** Takes the lease of the oldest collection that waits for training (or whose trainer died). */
async function claimNext(ctx: AppContext): Promise<number | null> {
  const now = Date.now();
  const candidate = await ctx.db
    .selectFrom('knowledge_collections')
    .select('id')
    .where('status', '=', 'training')
    .where('lease_until', '<', now)
    .where('remote_id', 'is', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!candidate) return null;
  const taken = await ctx.db
    .updateTable('knowledge_collections')
    .set({ lease_until: now + LEASE_MS })
    .where('id', '=', candidate.id)
    .where('status', '=', 'training')
    .where('lease_until', '<', now)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1 ? Number(candidate.id) : null;
}

const qaSchema = z.object({
  pairs: z.array(z.object({ q: z.string(), a: z.string() })),
});

export async function trainCollection(ctx: AppContext, id: number, signal: AbortSignal): Promise<void> {
  const row = await ctx.db.selectFrom('knowledge_collections').selectAll().where('id', '=', id).executeTakeFirst();
  if (row?.status !== 'training') return;
  const qa = row.training_type === 'qa';
  const pieces = splitText(row.raw_text, qa ? QA_SPLIT_SIZE : CHUNK_SIZE);
  const collectionId = Number(row.id);
  const datasetId = Number(row.dataset_id);
  let done = Number(row.progress_done);
  await dropChunksFrom(ctx.db, collectionId, done);
  await ctx.db.updateTable('knowledge_collections').set({ progress_total: pieces.length }).where('id', '=', id).execute();
  const embedder = embedderOf(ctx.config);
  try {
    while (done < pieces.length) {
      if (signal.aborted) return;
      const step = qa ? 1 : CHUNK_STEP;
      const slice = pieces.slice(done, done + step);
      let chunks: NewChunk[];
      if (qa) {
        const pairs = await qaPairs(ctx, slice[0]!, signal);
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
      const next = done + slice.length;
      const still = await ctx.db.transaction().execute(async (trx) => {
        // Stopped meanwhile: the step is thrown away.
        const moved = await trx
          .updateTable('knowledge_collections')
          .set({ progress_done: next, lease_until: Date.now() + LEASE_MS, updated_at: Date.now() })
          .where('id', '=', id)
          .where('status', '=', 'training')
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return false;
        await insertChunks(trx, collectionId, datasetId, chunks);
        return true;
      });
      if (!still) return;
      done = next;
    }
    const count = await ctx.db
      .selectFrom('knowledge_chunks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('collection_id', '=', collectionId)
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('knowledge_collections')
      .set({ status: 'ready', chunks: Number(count.n), lease_until: 0, updated_at: Date.now() })
      .where('id', '=', id)
      .where('status', '=', 'training')
      .execute();
  } catch (error) {
    if (signal.aborted) return;
    const key = error instanceof ChatEngineError ? error.key : error instanceof EmbeddingError ? 'embeddingFailed' : 'internal';
    ctx.log.warn({ err: error, id }, 'knowledge training step failed');
    await ctx.db
      .updateTable('knowledge_collections')
      .set({ status: 'failed', error: key, lease_until: 0, updated_at: Date.now() })
      .where('id', '=', id)
      .where('status', '=', 'training')
      .execute();
  }
}

async function qaPairs(ctx: AppContext, paragraph: string, signal: AbortSignal): Promise<Array<{ q: string; a: string }>> {
  const engine = chatEngine(ctx.config);
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
