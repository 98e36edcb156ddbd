import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ERRORS, type ErrorKey } from '@productimage/core';
import { AppError } from '../http/errors.ts';
import { SANDBOX_LIMITS } from './limits.ts';
import { busy, outOfMemory, tooComplex } from './refusal.ts';

/**
 * Runs parses of untrusted content outside the API process, in sandbox processes (issue 42; they were
 * threads, whose limit covered the V8 heap only: pdf.js inflating a 4.2 MB PDF took the server to
 * 4.5 GB). Each process runs under an address-space limit (RLIMIT_AS: its size at start +
 * PARSE_MAX_MEMORY_MB, set by `prlimit` once it has started, so the kernel refuses the allocation:
 * `limitMemory`) with a V8 heap limit (PARSE_MAX_HEAP_MB); a wall-time limit per parse (PARSE_TIMEOUT_MS: the process is killed
 * and replaced); at most PARSE_MAX_WORKERS processes busy at once and PARSE_MAX_QUEUED jobs waiting
 * per API process (beyond that `fileBusy`). Processes stay warm between parses (starting one and
 * loading a parser costs about a second) and are replaced after PROCESS_JOBS parses, after any parse
 * that failed abnormally and after one that left them over PARSE_RECYCLE_RSS_MB; an idle one ends
 * after IDLE_MS. So the memory a bomb took goes back to the system when its parse ends. An abort
 * signal (the request or task ended) takes the job out of the queue or kills its process.
 *
 * The process gets no secrets: only PATH, TMPDIR and HOME of the environment, and the module
 * conditions node was started with (`--conditions=compiled` in production).
 *
 * `module` must export `fn(input)`, which runs in the process: it answers structured-cloneable data,
 * and an AppError it throws comes back as the same AppError.
 */
export interface SandboxJob<I> {
  module: URL;
  fn: string;
  input: I;
  timeoutMs?: number;
  signal?: AbortSignal;
}

const WORKER_PATH = fileURLToPath(new URL('./sandbox-worker.mjs', import.meta.url));
const TYPESCRIPT = import.meta.url.endsWith('.ts');
/** Parses one process serves before it is replaced. */
const PROCESS_JOBS = 50;
/** An idle process ends after this long (its memory goes back to the system). */
const IDLE_MS = 30_000;
/** Time to start a process and load a parser, in multiples of the parse's own limit. */
const STARTUP_FACTOR = 3;

interface Sandbox {
  child: ChildProcess;
  jobs: number;
  dead: boolean;
  /** The last 4 KB of its stderr (V8 says there when the heap limit stopped it). */
  stderr: string;
  idleTimer: NodeJS.Timeout | null;
  /** The job running now: settles it when the process dies. */
  fail: ((err: Error) => void) | null;
  /** Settles once the process has started and its memory limit is set. */
  ready: Promise<void>;
}

let running = 0;
let nextId = 1;
const idle: Sandbox[] = [];
const waiting: Array<() => void> = [];

/** Jobs running and waiting now, processes idle (tests and health). */
export const sandboxLoad = () => ({ running, waiting: waiting.length, idle: idle.length });

/** The pids of the sandbox processes alive now (the bench reads their memory). */
export const sandboxPids = (): number[] => [...live].map((s) => s.child.pid).filter((pid): pid is number => pid !== undefined);
const live = new Set<Sandbox>();

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

/** The module conditions node was started with (`--conditions=x`, `--conditions x`, `-C x`), as flags. */
function moduleConditions(): string[] {
  const flags: string[] = [];
  const args = process.execArgv;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg.startsWith('--conditions=')) flags.push(arg);
    else if ((arg === '--conditions' || arg === '-C') && args[i + 1]) flags.push(`--conditions=${args[++i]}`);
  }
  return flags;
}

function newProcess(): Sandbox {
  const nodeArgs = [...moduleConditions(), `--max-old-space-size=${SANDBOX_LIMITS.PARSE_MAX_HEAP_MB}`, WORKER_PATH];
  const env: NodeJS.ProcessEnv = { SANDBOX_TYPESCRIPT: TYPESCRIPT ? '1' : '' };
  for (const name of ['PATH', 'TMPDIR', 'HOME']) if (process.env[name]) env[name] = process.env[name];
  const child = spawn(process.execPath, nodeArgs, { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced', env });
  let started: (vmKb: number) => void = () => undefined;
  const sandbox: Sandbox = {
    child,
    jobs: 0,
    dead: false,
    stderr: '',
    idleTimer: null,
    fail: null,
    ready: new Promise<number>((resolve) => {
      started = resolve;
    }).then((vmKb) => limitMemory(child, vmKb)),
  };
  sandbox.ready.catch(() => undefined);
  live.add(sandbox);
  child.on('message', (message: { ready?: boolean; vmKb?: number }) => {
    if (message.ready) started(message.vmKb ?? 0);
  });
  child.stderr?.on('data', (d: Buffer) => {
    sandbox.stderr = (sandbox.stderr + d.toString()).slice(-4096);
  });
  const lost = (err: Error) => {
    sandbox.dead = true;
    live.delete(sandbox);
    const i = idle.indexOf(sandbox);
    if (i >= 0) idle.splice(i, 1);
    if (sandbox.idleTimer) clearTimeout(sandbox.idleTimer);
    sandbox.fail?.(err);
  };
  child.on('error', lost);
  child.on('exit', (code, signal) => {
    // Died in a parse: V8's heap limit (it says so on stderr), or the address-space limit (an
    // allocation V8 could not survive: it aborts). Either way the file asked for too much memory.
    const heap = /heap out of memory|Reached heap limit/i.test(sandbox.stderr);
    lost(
      sandbox.fail
        ? tooComplex(heap ? 'PARSE_MAX_HEAP_MB' : 'PARSE_MAX_MEMORY_MB')
        : new Error(`sandbox process exited (${code ?? signal})`),
    );
  });
  return sandbox;
}

let warnedUnbounded = false;

/**
 * Sets a started sandbox process's address-space limit (RLIMIT_AS, soft and hard, with util-linux's
 * `prlimit`): what it reserved at start (node, and tsx's loader in development) plus
 * PARSE_MAX_MEMORY_MB. Set after start, not by `ulimit -v` before it, because node's own reservations
 * differ by version and loader (tsx's reserves 20 GB it never touches). Without /proc or prlimit the
 * process runs with its V8 heap and time limits only, and says so once.
 */
async function limitMemory(child: ChildProcess, vmKb: number): Promise<void> {
  const bytes = vmKb * 1024 + SANDBOX_LIMITS.PARSE_MAX_MEMORY_MB * 1024 * 1024;
  const ok =
    vmKb > 0 &&
    child.pid !== undefined &&
    (await new Promise<boolean>((resolve) => {
      const run = spawn('prlimit', ['--pid', String(child.pid), `--as=${bytes}:${bytes}`], { stdio: 'ignore' });
      run.once('error', () => resolve(false));
      run.once('exit', (code) => resolve(code === 0));
    }));
  if (!ok && !warnedUnbounded) {
    warnedUnbounded = true;
    console.warn('sandbox: no address-space limit for parse processes (needs Linux and prlimit); heap and time limits only');
  }
}

/** Ends a sandbox process (its memory goes back to the system). */
function retire(sandbox: Sandbox) {
  sandbox.dead = true;
  live.delete(sandbox);
  if (sandbox.idleTimer) clearTimeout(sandbox.idleTimer);
  sandbox.child.kill('SIGKILL');
}

/** Holds the API process open only while the sandbox works for it. */
function hold(sandbox: Sandbox, on: boolean) {
  const channel = sandbox.child.channel as { ref?(): void; unref?(): void } | null | undefined;
  const stderr = sandbox.child.stderr as { ref?(): void; unref?(): void } | null;
  if (on) {
    sandbox.child.ref();
    channel?.ref?.();
    stderr?.ref?.();
  } else {
    sandbox.child.unref();
    channel?.unref?.();
    stderr?.unref?.();
  }
}

export async function runSandboxed<I, O>(job: SandboxJob<I>): Promise<O> {
  if (job.signal?.aborted) throw abortError(job.signal);
  const release = await slot(job.signal);
  const sandbox = idle.pop() ?? newProcess();
  if (sandbox.idleTimer) clearTimeout(sandbox.idleTimer);
  sandbox.idleTimer = null;
  let rss = 0;
  try {
    const answer = await runOn<I, O>(sandbox, job);
    rss = answer.rss;
    if (answer.error) {
      const error = errorOf(answer.error);
      // Out of memory: whatever the allocation left behind goes with the process.
      if (error instanceof AppError && (error.data as { limit?: string } | null)?.limit === 'PARSE_MAX_MEMORY_MB')
        retire(sandbox);
      throw error;
    }
    return answer.result as O;
  } finally {
    sandbox.fail = null;
    // A process that was killed or died is never reused; a healthy one serves PROCESS_JOBS parses,
    // unless the parse left it holding more than PARSE_RECYCLE_RSS_MB.
    if (!sandbox.dead && ++sandbox.jobs < PROCESS_JOBS && rss <= SANDBOX_LIMITS.PARSE_RECYCLE_RSS_MB) {
      hold(sandbox, false);
      sandbox.idleTimer = setTimeout(() => {
        const i = idle.indexOf(sandbox);
        if (i >= 0) idle.splice(i, 1);
        retire(sandbox);
      }, IDLE_MS);
      sandbox.idleTimer.unref();
      idle.push(sandbox);
    } else retire(sandbox);
    release();
  }
}

interface Answer<O> {
  result?: O;
  error?: ProcessError;
  rss: number;
}

function runOn<I, O>(sandbox: Sandbox, job: SandboxJob<I>): Promise<Answer<O>> {
  return new Promise<Answer<O>>((resolve, reject) => {
    const id = nextId++;
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      job.signal?.removeEventListener('abort', abort);
      sandbox.child.off('message', onMessage);
      fn();
    };
    const kill = (err: Error) =>
      finish(() => {
        retire(sandbox);
        reject(err);
      });
    const limit = job.timeoutMs ?? SANDBOX_LIMITS.PARSE_TIMEOUT_MS;
    // Until the process has loaded the parser (a new process, a cold module) it gets STARTUP_FACTOR x
    // the limit; then the parse itself gets the limit.
    let timer = setTimeout(() => kill(tooComplex('PARSE_TIMEOUT_MS')), limit * STARTUP_FACTOR);
    const abort = () => kill(abortError(job.signal));
    const onMessage = (message: {
      id: number;
      started?: boolean;
      ok?: boolean;
      result?: O;
      error?: ProcessError;
      rss?: number;
    }) => {
      if (message.id !== id) return;
      if (message.started) {
        clearTimeout(timer);
        timer = setTimeout(() => kill(tooComplex('PARSE_TIMEOUT_MS')), limit);
        return;
      }
      const rss = message.rss ?? 0;
      if (message.ok) finish(() => resolve({ result: message.result as O, rss }));
      else finish(() => resolve({ error: message.error as ProcessError, rss }));
    };
    sandbox.fail = (err) => finish(() => reject(err));
    job.signal?.addEventListener('abort', abort, { once: true });
    sandbox.child.on('message', onMessage);
    hold(sandbox, true);
    sandbox.ready.then(() => {
      if (settled) return;
      sandbox.child.send({ id, module: job.module.href, fn: job.fn, input: job.input }, (err) => {
        if (err) sandbox.fail?.(err);
      });
    });
  });
}

interface ProcessError {
  name: string;
  message: string;
  key?: string;
  params?: Record<string, string | number>;
  data?: unknown;
}

function errorOf(error: ProcessError): Error {
  if (error.key && error.key in ERRORS) return new AppError(error.key as ErrorKey, error.params ?? {}, error.data ?? null);
  const err = new Error(error.message);
  err.name = error.name;
  // An allocation past the address-space limit that the parser did not catch.
  if (outOfMemory(err)) return tooComplex('PARSE_MAX_MEMORY_MB');
  return err;
}
