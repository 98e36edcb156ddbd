import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Engine, EngineJob, EngineOutput, EngineResult } from './types.ts';
import { EngineInputError } from './types.ts';

/**
 * The engine pool: CPU-heavy engine work (onnxruntime inference, sharp pipelines, pixel loops,
 * frame rendering) runs in worker threads, off the event loop that answers HTTP, so the API stays
 * responsive while a cutout or a video renders in the same process (docs/scaling.md "Engine pool").
 *
 * - Bounded: one thread per worker slot of the engine (ENGINE_CONCURRENCY, `local=1` by default),
 *   one job per thread at a time; more jobs wait for a free thread.
 * - Process-wide, like the segmentation session it holds: threads are created on first use, stay
 *   warm (models loaded once per thread) and never keep the process alive on their own.
 * - Each thread gives its engines `engineThreads()` cores (cores minus one; at least one), so the
 *   API's own thread keeps a core even while every slot works.
 * - Progress, text deltas, stop and shutdown cross the thread boundary as messages; a thread that
 *   dies fails only its own job (the task fails and is refunded) and is replaced.
 */

/** Cores an engine thread may use: all but one, which stays with the API's event loop. */
export function engineThreads(): number {
  return Math.max(1, os.availableParallelism() - 1);
}

/** Where a pooled engine is built inside a thread: a module and the name of its factory export. */
export interface PooledEngineSpec {
  module: URL;
  factory: string;
}

type RunResult = EngineOutput[] | EngineResult;

interface Pending {
  id: number;
  spec: PooledEngineSpec;
  kind: 'run' | 'warm';
  job?: EngineJob;
  resolve(value: RunResult | null): void;
  reject(err: unknown): void;
}

interface Slot {
  worker: Worker;
  current: Pending | null;
}

const WORKER_URL = new URL('./pool-worker.mjs', import.meta.url);
const TYPESCRIPT = import.meta.url.endsWith('.ts');

let instrumentation: { module: string; data: unknown } | null = null;
let yieldToApi = true;

/**
 * Whether engine threads run at a lower priority than this process's event loop (pool-worker.mjs):
 * yes where the process answers HTTP (the default), no in a worker process, which serves no API.
 */
export function engineThreadsYieldToApi(value: boolean): void {
  yieldToApi = value;
}
let size = 0;
let nextId = 1;
const slots: Slot[] = [];
const waiting: Pending[] = [];

/**
 * Tests only: a module whose default export `(data) => ({ beforeRun(job) })` is loaded in every
 * pool thread (e.g. to hold a real engine mid-run). Restarts idle threads so they load it.
 */
export function instrumentEnginePool(module: URL | null, data?: unknown): void {
  instrumentation = module ? { module: module.href, data } : null;
  for (const slot of [...slots]) if (!slot.current) retire(slot);
}

/** Grows the pool to at least `n` threads (created lazily, when work arrives). */
export function ensurePoolSize(n: number): void {
  size = Math.max(size, n);
}

/** Threads the pool has now (tests and health). */
export const poolThreads = () => slots.length;

function retire(slot: Slot) {
  const i = slots.indexOf(slot);
  if (i >= 0) slots.splice(i, 1);
  void slot.worker.terminate();
}

function errorFrom(error: { name: string; message: string; key?: string; stack?: string }): Error {
  const err = error.name === 'EngineInputError' ? new EngineInputError(error.message, error.key) : new Error(error.message);
  if (error.stack) err.stack = error.stack;
  return err;
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Files come back as Uint8Arrays (structured clone): make them Buffers again. */
function revive(result: RunResult): RunResult {
  const files = (list: EngineOutput[]) => list.map((f) => ({ ...f, buffer: asBuffer(f.buffer) }));
  if (Array.isArray(result)) return files(result);
  return result.files ? { ...result, files: files(result.files) } : result;
}

function createSlot(): Slot {
  const worker = new Worker(WORKER_URL, {
    workerData: {
      threads: engineThreads(),
      yieldToApi,
      typescript: TYPESCRIPT,
      instrument: instrumentation?.module,
      instrumentData: instrumentation?.data,
    },
  });
  worker.unref();
  const slot: Slot = { worker, current: null };
  worker.on(
    'message',
    (message: { type: string; id: number; percent?: number; text?: string; result?: RunResult; error?: never }) => {
      const pending = slot.current;
      if (!pending || pending.id !== message.id) return;
      if (message.type === 'progress') pending.job?.progress(message.percent ?? 0);
      else if (message.type === 'delta') pending.job?.delta?.(message.text ?? '');
      else if (message.type === 'done' || message.type === 'error') {
        finishOn(slot);
        if (message.type === 'done') pending.resolve(message.result ? revive(message.result) : null);
        else pending.reject(errorFrom(message.error!));
      }
    },
  );
  const lost = (err: unknown) => {
    const pending = slot.current;
    retire(slot);
    slot.current = null;
    pending?.reject(err instanceof Error ? err : new Error(`engine thread exited (${String(err)})`));
    dispatch();
  };
  worker.on('error', lost);
  worker.on('exit', (code) => {
    if (slots.includes(slot)) lost(code);
  });
  slots.push(slot);
  return slot;
}

function finishOn(slot: Slot) {
  slot.current = null;
  slot.worker.unref();
  dispatch();
}

function start(slot: Slot, pending: Pending) {
  slot.current = pending;
  slot.worker.ref();
  const { job } = pending;
  slot.worker.postMessage({
    type: pending.kind,
    id: pending.id,
    module: pending.spec.module.href,
    factory: pending.spec.factory,
    job: job && {
      taskId: job.taskId,
      bizType: job.bizType,
      params: job.params,
      inputs: job.inputs.map((i) => ({ buffer: i.buffer, contentType: i.contentType })),
      render: job.render,
    },
  });
}

function dispatch() {
  while (waiting.length) {
    const free = slots.find((s) => !s.current) ?? (slots.length < Math.max(1, size) ? createSlot() : null);
    if (!free) return;
    start(free, waiting.shift()!);
  }
}

function submit(spec: PooledEngineSpec, kind: 'run' | 'warm', job?: EngineJob, first = false): Promise<RunResult | null> {
  return new Promise((resolve, reject) => {
    const pending: Pending = { id: nextId++, spec, kind, job, resolve, reject };
    const signal = job?.signal;
    if (signal) {
      if (signal.aborted) return reject(signal.reason);
      signal.addEventListener(
        'abort',
        () => {
          const queued = waiting.indexOf(pending);
          if (queued >= 0) {
            waiting.splice(queued, 1);
            reject(signal.reason);
            return;
          }
          const slot = slots.find((s) => s.current === pending);
          slot?.worker.postMessage({ type: 'abort', id: pending.id });
        },
        { once: true },
      );
    }
    if (first) waiting.unshift(pending);
    else waiting.push(pending);
    dispatch();
  });
}

/**
 * The engine with its `run` (and `warm`) moved into the pool: the same engine is built in each
 * thread from `spec`; `validate` and `picture` (light, answered before charging) stay here.
 */
export function offLoop<R extends RunResult>(
  engine: Engine<R>,
  spec: PooledEngineSpec,
  threads: number,
  /** Its jobs go ahead of queued ones: a user waits for them before anything is charged (upload regions). */
  options: { first?: boolean } = {},
): Engine<R> {
  ensurePoolSize(threads);
  return {
    name: engine.name,
    bizTypes: engine.bizTypes,
    rendersLarger: engine.rendersLarger,
    framesToPreset: engine.framesToPreset,
    validate: engine.validate?.bind(engine),
    picture: engine.picture?.bind(engine),
    async run(job) {
      const result = await submit(spec, 'run', job, options.first);
      // A stopped job ends with the stop's reason, as it would in process.
      if (job.signal.aborted) throw job.signal.reason;
      return result as R;
    },
    async warm() {
      await submit(spec, 'warm');
    },
    close: engine.close?.bind(engine),
  };
}
