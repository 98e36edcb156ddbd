import { Worker } from 'node:worker_threads';
import { ERRORS, type ErrorKey } from '@productimage/core';
import { AppError } from '../http/errors.ts';
import { SANDBOX_LIMITS } from './limits.ts';
import { busy, tooComplex } from './refusal.ts';

/**
 * Runs parses of untrusted content outside the API's event loop, in sandbox threads: a V8 heap
 * limit per thread (PARSE_MAX_HEAP_MB), a wall-time limit per parse (PARSE_TIMEOUT_MS: the thread
 * is terminated and replaced), at most PARSE_MAX_WORKERS threads busy at once and PARSE_MAX_QUEUED
 * jobs waiting per process (beyond that `fileBusy`). Threads stay warm between parses (starting
 * one costs about a second) and are replaced after THREAD_JOBS parses or any parse that failed
 * abnormally, so nothing a bomb leaves behind outlives it. An abort signal (the request or task
 * ended) takes the job out of the queue or terminates its thread.
 *
 * `module` must export `fn(input)`, which runs in the thread: it answers structured-cloneable data,
 * and an AppError it throws comes back as the same AppError.
 */
export interface SandboxJob<I> {
  module: URL;
  fn: string;
  input: I;
  timeoutMs?: number;
  signal?: AbortSignal;
}

const WORKER_URL = new URL('./sandbox-worker.mjs', import.meta.url);
const TYPESCRIPT = import.meta.url.endsWith('.ts');
/** Parses one thread serves before it is replaced. */
const THREAD_JOBS = 50;
/** Time to start a thread and load a parser, in multiples of the parse's own limit. */
const STARTUP_FACTOR = 3;

interface Thread {
  worker: Worker;
  jobs: number;
  dead: boolean;
  /** The job running now: settles it when the thread dies. */
  fail: ((err: Error) => void) | null;
}

let running = 0;
let nextId = 1;
const idle: Thread[] = [];
const waiting: Array<() => void> = [];

/** Jobs running and waiting now (tests and health). */
export const sandboxLoad = () => ({ running, waiting: waiting.length, idle: idle.length });

async function slot(signal?: AbortSignal): Promise<() => void> {
  if (running >= SANDBOX_LIMITS.PARSE_MAX_WORKERS) {
    if (waiting.length >= SANDBOX_LIMITS.PARSE_MAX_QUEUED) throw busy();
    await new Promise<void>((resolve, reject) => {
      const go = () => {
        signal?.removeEventListener('abort', cancel);
        resolve();
      };
      const cancel = () => {
        const i = waiting.indexOf(go);
        if (i >= 0) waiting.splice(i, 1);
        reject(abortError(signal));
      };
      signal?.addEventListener('abort', cancel, { once: true });
      waiting.push(go);
    });
    // The slot was handed over by the job that released it (`running` unchanged).
  } else running++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
}

const abortError = (signal?: AbortSignal) => (signal?.reason instanceof Error ? signal.reason : new Error('aborted'));

function newThread(): Thread {
  const heap = SANDBOX_LIMITS.PARSE_MAX_HEAP_MB;
  const worker = new Worker(WORKER_URL, {
    workerData: { typescript: TYPESCRIPT },
    resourceLimits: { maxOldGenerationSizeMb: heap, maxYoungGenerationSizeMb: 64, stackSizeMb: 8 },
  });
  worker.unref();
  const thread: Thread = { worker, jobs: 0, dead: false, fail: null };
  const lost = (err: Error & { code?: string }) => {
    thread.dead = true;
    const i = idle.indexOf(thread);
    if (i >= 0) idle.splice(i, 1);
    // ERR_WORKER_OUT_OF_MEMORY: the heap limit stopped the parse.
    thread.fail?.(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooComplex('PARSE_MAX_HEAP_MB') : err);
  };
  worker.on('error', lost);
  worker.on('exit', (code) => lost(new Error(`sandbox thread exited (${code})`)));
  return thread;
}

export async function runSandboxed<I, O>(job: SandboxJob<I>): Promise<O> {
  if (job.signal?.aborted) throw abortError(job.signal);
  const release = await slot(job.signal);
  const thread = idle.pop() ?? newThread();
  try {
    return await runOn<I, O>(thread, job);
  } finally {
    thread.fail = null;
    // A thread that was killed or died is never reused; a healthy one serves THREAD_JOBS parses.
    if (!thread.dead && ++thread.jobs < THREAD_JOBS) {
      thread.worker.unref();
      idle.push(thread);
    } else {
      thread.dead = true;
      void thread.worker.terminate();
    }
    release();
  }
}

function runOn<I, O>(thread: Thread, job: SandboxJob<I>): Promise<O> {
  return new Promise<O>((resolve, reject) => {
    const id = nextId++;
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      job.signal?.removeEventListener('abort', abort);
      thread.worker.off('message', onMessage);
      fn();
    };
    const kill = (err: Error) =>
      finish(() => {
        thread.dead = true;
        void thread.worker.terminate();
        reject(err);
      });
    const limit = job.timeoutMs ?? SANDBOX_LIMITS.PARSE_TIMEOUT_MS;
    // Until the thread has loaded the parser (a new thread, a cold module) it gets STARTUP_FACTOR x the
    // limit; then the parse itself gets the limit.
    let timer = setTimeout(() => kill(tooComplex('PARSE_TIMEOUT_MS')), limit * STARTUP_FACTOR);
    const abort = () => kill(abortError(job.signal));
    const onMessage = (message: { id: number; started?: boolean; ok?: boolean; result?: O; error?: ThreadError }) => {
      if (message.id !== id) return;
      if (message.started) {
        clearTimeout(timer);
        timer = setTimeout(() => kill(tooComplex('PARSE_TIMEOUT_MS')), limit);
        return;
      }
      if (message.ok) finish(() => resolve(message.result as O));
      else finish(() => reject(errorOf(message.error as ThreadError)));
    };
    thread.fail = (err) => finish(() => reject(err));
    job.signal?.addEventListener('abort', abort, { once: true });
    thread.worker.on('message', onMessage);
    thread.worker.ref();
    thread.worker.postMessage({ id, module: job.module.href, fn: job.fn, input: job.input });
  });
}

interface ThreadError {
  name: string;
  message: string;
  key?: string;
  params?: Record<string, string | number>;
  data?: unknown;
}

function errorOf(error: ThreadError): Error {
  if (error.key && error.key in ERRORS) return new AppError(error.key as ErrorKey, error.params ?? {}, error.data ?? null);
  const err = new Error(error.message);
  err.name = error.name;
  return err;
}
