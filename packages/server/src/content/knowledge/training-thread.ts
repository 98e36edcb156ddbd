import { Worker } from 'node:worker_threads';
import { KNOWLEDGE_TRAIN, type KnowledgeTrainParams } from '@productimage/core';
import { ChatEngineError } from '../../engines/openai-chat/index.ts';
import type { Engine, EngineResult } from '../../engines/types.ts';
import type { Config } from '../../platform/config.ts';
import { addressOf } from '../../platform/db/index.ts';
import { type TrainingDeps, TrainingStopped, trainCollection } from './training.ts';
import type { RunMessage } from './training-thread-run.ts';

/**
 * Knowledge training off the API's event loop (issues 42 and 48): six 1.9 MB texts trained in the
 * API process stalled every user for 2.4 s (jieba's segmentation and synchronous index commits).
 * Each run goes to a thread of its own (one run per thread; threads are made as runs need them,
 * kept for the next run, and never keep the process alive), which opens its own connection to the
 * same database and runs `trainCollection` there (training-thread-run.ts). A database that cannot
 * be opened again from another thread (PGlite in tests, a transaction) is trained here, as before.
 */
const TYPESCRIPT = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL('./training-worker.mjs', import.meta.url);
/** Compiled (production) or TypeScript sources (development, tests): the run module is loaded as this file is. */
const RUN_URL = new URL(`./training-thread-run${TYPESCRIPT ? '.ts' : '.js'}`, import.meta.url);

interface Pending {
  resolve(chunks: number | null): void;
  reject(error: Error): void;
  onProgress?: (done: number, total: number) => void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

const idle: Thread[] = [];
let nextId = 1;

function errorFrom(error: { name: string; message: string; key?: string; stack?: string }): Error {
  // The task runner shows a chat engine's own error key (unreachable, bad answer) to the user.
  const err =
    error.name === 'ChatEngineError' && error.key
      ? new ChatEngineError(error.key as ChatEngineError['key'], error.message)
      : new Error(error.message);
  if (error.stack) err.stack = error.stack;
  return err;
}

function newThread(): Thread {
  const worker = new Worker(WORKER_URL, { workerData: { typescript: TYPESCRIPT, run: RUN_URL.href } });
  const thread: Thread = { worker, pending: new Map() };
  worker.on(
    'message',
    (message: { type: string; id: number; done?: number; total?: number; chunks?: number | null; error?: never }) => {
      const pending = thread.pending.get(message.id);
      if (!pending) return;
      if (message.type === 'progress') pending.onProgress?.(message.done ?? 0, message.total ?? 0);
      else if (message.type === 'done' || message.type === 'error') {
        thread.pending.delete(message.id);
        release(thread);
        if (message.type === 'done') pending.resolve(message.chunks ?? null);
        else pending.reject(errorFrom(message.error!));
      }
    },
  );
  const lost = (err: unknown) => {
    const i = idle.indexOf(thread);
    if (i >= 0) idle.splice(i, 1);
    for (const pending of thread.pending.values())
      pending.reject(err instanceof Error ? err : new Error(`knowledge training thread exited (${String(err)})`));
    thread.pending.clear();
  };
  worker.on('error', lost);
  worker.on('exit', lost);
  return thread;
}

function release(thread: Thread) {
  thread.worker.unref();
  idle.push(thread);
}

/**
 * Trains one collection (see `trainCollection`) in a training thread; answers its number of chunks,
 * or null when the collection is no longer training.
 */
export function trainOffThread(
  deps: TrainingDeps,
  id: number,
  signal: AbortSignal,
  onProgress?: (done: number, total: number) => void,
  taskId?: string,
): Promise<number | null> {
  const address = addressOf(deps.db);
  if (!address) return trainCollection(deps, id, signal, onProgress, taskId);
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const thread = idle.pop() ?? newThread();
    thread.worker.ref();
    const runId = nextId++;
    thread.pending.set(runId, { resolve, reject, onProgress });
    signal.addEventListener('abort', () => thread.worker.postMessage({ type: 'abort', id: runId }), { once: true });
    const message: RunMessage = { type: 'run', id: runId, address, config: deps.config, collectionId: id, taskId };
    thread.worker.postMessage(message);
  });
}

/** The `knowledge-trainer` engine (registered in engine-catalogue.ts): one training run per task, in a training thread. */
export function createKnowledgeTrainer(config: Config): Engine<EngineResult> {
  return {
    name: 'knowledge-trainer',
    bizTypes: [KNOWLEDGE_TRAIN],
    async run(job) {
      if (!job.db) throw new Error('knowledge training needs the database');
      const { collectionId } = job.params as KnowledgeTrainParams;
      const chunks = await trainOffThread(
        { db: job.db, config },
        Number(collectionId),
        job.signal,
        (done, total) => job.progress(total ? (done / total) * 100 : 0),
        job.taskId,
      );
      // A stopped job ends with the stop's reason, as it would in process.
      if (job.signal.aborted) throw job.signal.reason;
      if (chunks === null) throw new TrainingStopped('the collection is no longer training');
      return { text: String(chunks), data: { chunks } };
    },
  };
}
