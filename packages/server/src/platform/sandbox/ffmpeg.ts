import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import { getEnvironmentData, isMainThread, setEnvironmentData } from 'node:worker_threads';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { SANDBOX_LIMITS, type SandboxLimit } from './limits.ts';
import { busy, tooComplex, unreadable } from './refusal.ts';

/**
 * The one ffmpeg runner (issue 26): every ffmpeg process of the server starts here.
 * - At most FFMPEG_MAX_CONCURRENT run at once in the process, its worker threads included (more
 *   wait; beyond FFMPEG_MAX_QUEUED waiting a new run is refused with `fileBusy`).
 * - Each run gets a CPU-time limit (RLIMIT_CPU = FFMPEG_CPU_SECONDS, set by `ulimit -t` in the
 *   shell that execs ffmpeg, so the kernel stops it) and a wall-time limit (FFMPEG_WALL_MS).
 * - The caller's abort signal (the request or task ended) kills it at once.
 * - `probeVideo` reads a video's header only (no decode) so duration, frames and pixels are checked
 *   before anything is decoded.
 */

/**
 * The ffmpeg binary that @ffmpeg-installer/ffmpeg ships (a static build with libx264 and the GIF
 * palette filters), so the product needs no system ffmpeg. FFMPEG_PATH may point at another build.
 */
export const ffmpegPath = (): string => process.env.FFMPEG_PATH || ffmpegInstaller.path;

/**
 * The slots live in shared memory, so the limit holds for the whole process: the API's thread and
 * the engine pool's threads (which encode videos) take from the same FFMPEG_MAX_CONCURRENT slots.
 * The main thread creates them and hands them to every worker thread started after it through
 * worker_threads' environment data (a thread started otherwise counts alone). A slot is a lease
 * (holder's token, expiry in epoch seconds): a thread that dies holding one cannot leak it, the
 * lease runs out SLOT_LEASE_SECONDS after it was taken (the wall limit has killed the run by then).
 * The queue of waiting runs is counted per thread.
 */
const SLOTS_KEY = 'inspo.sandbox.ffmpegSlots';
const SLOTS = SANDBOX_LIMITS.FFMPEG_MAX_CONCURRENT;
const GENERATION = 2 * SLOTS;
const SLOT_LEASE_SECONDS = Math.ceil(SANDBOX_LIMITS.FFMPEG_WALL_MS / 1000) + 60;
const slots: Int32Array = (() => {
  const shared = getEnvironmentData(SLOTS_KEY);
  if (shared instanceof SharedArrayBuffer) return new Int32Array(shared);
  const created = new SharedArrayBuffer(4 * (2 * SLOTS + 1));
  if (isMainThread) setEnvironmentData(SLOTS_KEY, created);
  return new Int32Array(created);
})();
/** Atomics.waitAsync (Node 16+; not in this project's TypeScript lib). */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(array: Int32Array, index: number, value: number, timeout: number): { async: boolean; value: unknown };
  }
).waitAsync;
/** How often a waiting run looks again for a free slot or its abort. */
const WAIT_POLL_MS = 200;
let waiting = 0;

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** A slot is taken while its token is set and its lease (0: being set) has not run out. */
const held = (i: number, now: number) => {
  const expiry = Atomics.load(slots, 2 * i + 1);
  return Atomics.load(slots, 2 * i) !== 0 && (expiry === 0 || expiry >= now);
};

/** ffmpeg runs going in the whole process and waiting in this thread (tests and health). */
export const ffmpegLoad = () => {
  const now = nowSeconds();
  let running = 0;
  for (let i = 0; i < SLOTS; i++) if (held(i, now)) running++;
  let waitingOnUser = 0;
  for (const entry of users.values()) waitingOnUser += entry.waiting.length;
  return { running, waiting, waitingOnUser };
};

const abortError = (signal?: AbortSignal) => (signal?.reason instanceof Error ? signal.reason : new Error('aborted'));

/** Takes a free (or expired) slot for `token`; its index, or -1 when all are held. */
function tryTake(token: number): number {
  const now = nowSeconds();
  for (let i = 0; i < SLOTS; i++) {
    if (held(i, now)) continue;
    const seen = Atomics.load(slots, 2 * i);
    if (Atomics.compareExchange(slots, 2 * i, seen, token) === seen) {
      Atomics.store(slots, 2 * i + 1, now + SLOT_LEASE_SECONDS);
      return i;
    }
  }
  return -1;
}

async function slot(signal?: AbortSignal): Promise<() => void> {
  if (signal?.aborted) throw abortError(signal);
  const token = crypto.randomInt(1, 2 ** 31 - 1);
  let index = tryTake(token);
  if (index < 0) {
    if (waiting >= SANDBOX_LIMITS.FFMPEG_MAX_QUEUED) throw busy();
    waiting++;
    try {
      for (;;) {
        if (signal?.aborted) throw abortError(signal);
        const generation = Atomics.load(slots, GENERATION);
        index = tryTake(token);
        if (index >= 0) break;
        const wait = waitAsync(slots, GENERATION, generation, WAIT_POLL_MS);
        if (wait.async) await wait.value;
      }
    } finally {
      waiting--;
    }
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    Atomics.store(slots, 2 * index + 1, 0);
    Atomics.compareExchange(slots, 2 * index, token, 0);
    Atomics.add(slots, GENERATION, 1);
    Atomics.notify(slots, GENERATION);
  };
}

/**
 * One ffmpeg run at a time per user (issue 42: three uploads of one account held both slots and a
 * 6 s clip of another user's waited 155 s). A user's next run waits for the one going, at most
 * FFMPEG_USER_MAX_QUEUED of them (beyond, `fileBusy`); the global slots are taken after the user's,
 * so a user waiting on their own run never holds one. Counted per thread: the API's runs for uploads
 * carry their owner; the engines' encodes (work the server made) do not.
 */
const users = new Map<string, { waiting: Array<() => void> }>();

async function userSlot(owner: string, signal?: AbortSignal): Promise<() => void> {
  const held = users.get(owner);
  if (held) {
    if (held.waiting.length >= SANDBOX_LIMITS.FFMPEG_USER_MAX_QUEUED) throw busy();
    await new Promise<void>((resolve, reject) => {
      const go = () => {
        signal?.removeEventListener('abort', cancel);
        resolve();
      };
      const cancel = () => {
        const i = held.waiting.indexOf(go);
        if (i >= 0) held.waiting.splice(i, 1);
        reject(abortError(signal));
      };
      signal?.addEventListener('abort', cancel, { once: true });
      held.waiting.push(go);
    });
    // Handed over by the run that ended (the entry stays).
  } else users.set(owner, { waiting: [] });
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const entry = users.get(owner);
    const next = entry?.waiting.shift();
    if (next) next();
    else users.delete(owner);
  };
}

/** Both slots: the user's (when the run has an owner), then one of the process's. */
async function bothSlots(owner: string | undefined, signal?: AbortSignal): Promise<() => void> {
  const releaseUser = owner ? await userSlot(owner, signal) : () => undefined;
  try {
    const releaseGlobal = await slot(signal);
    return () => {
      releaseGlobal();
      releaseUser();
    };
  } catch (err) {
    releaseUser();
    throw err;
  }
}

const SHELL = fs.existsSync('/bin/sh') && process.platform !== 'win32' ? '/bin/sh' : null;

export interface FfmpegOptions {
  signal?: AbortSignal;
  /** stdin as a pipe (frames written by the caller); otherwise ignored. */
  stdin?: boolean;
  cpuSeconds?: number;
  wallMs?: number;
  /** The user the run is for: one run at a time per user (`userSlot`). */
  owner?: string;
}

export interface FfmpegRun {
  child: ChildProcess;
  /** The last 64 KB of stderr so far. */
  stderr(): string;
  /**
   * Settles when ffmpeg ends: the exit code (a non-zero code is the caller's to judge). Rejects with
   * `fileTooComplex` when a limit stopped it, or the signal's reason when the caller aborted.
   */
  exited: Promise<number>;
}

/** Starts ffmpeg under the limits once a slot is free. */
export async function runFfmpeg(args: string[], options: FfmpegOptions = {}): Promise<FfmpegRun> {
  const release = await bothSlots(options.owner, options.signal);
  const cpu = options.cpuSeconds ?? SANDBOX_LIMITS.FFMPEG_CPU_SECONDS;
  const stdio: ['pipe' | 'ignore', 'ignore', 'pipe'] = [options.stdin ? 'pipe' : 'ignore', 'ignore', 'pipe'];
  let child: ChildProcess;
  try {
    child = SHELL
      ? spawn(SHELL, ['-c', `ulimit -t ${cpu} && exec "$0" "$@"`, ffmpegPath(), ...args], { stdio })
      : spawn(ffmpegPath(), args, { stdio });
  } catch (err) {
    release();
    throw err;
  }
  let log = '';
  child.stderr?.on('data', (d: Buffer) => {
    log = (log + d.toString()).slice(-65536);
  });
  let stoppedBy: 'wall' | 'abort' | null = null;
  const kill = (why: 'wall' | 'abort') => {
    stoppedBy ??= why;
    child.kill('SIGKILL');
  };
  const onAbort = () => kill('abort');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => kill('wall'), options.wallMs ?? SANDBOX_LIMITS.FFMPEG_WALL_MS);
  const exited = new Promise<number>((resolve, reject) => {
    child.once('error', (err) => {
      cleanup();
      reject(err);
    });
    child.once('close', (code, sig) => {
      cleanup();
      if (stoppedBy === 'abort') reject(abortError(options.signal));
      else if (stoppedBy === 'wall') reject(tooComplex('FFMPEG_WALL_MS'));
      // RLIMIT_CPU: the kernel's SIGXCPU (ffmpeg may catch it and exit, saying so), then SIGKILL.
      else if (sig === 'SIGXCPU' || sig === 'SIGKILL' || /received signal 24\b/i.test(log))
        reject(tooComplex('FFMPEG_CPU_SECONDS'));
      else resolve(code ?? 1);
    });
  });
  exited.catch(() => undefined);
  function cleanup() {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    release();
  }
  return { child, stderr: () => log, exited };
}

/** Runs ffmpeg to the end; answers its stderr, rejects with its last lines when it fails. */
export async function ffmpegToEnd(args: string[], options: FfmpegOptions = {}): Promise<string> {
  const run = await runFfmpeg(['-hide_banner', ...args], options);
  const code = await run.exited;
  if (code !== 0) throw new Error(`ffmpeg exited with ${code}: ${run.stderr().slice(-2000).trim()}`);
  return run.stderr();
}

export interface FfmpegProcess {
  /** Writes one chunk to ffmpeg's stdin, waiting when its buffer is full. */
  write(chunk: Buffer): Promise<void>;
  /** Closes stdin and waits for ffmpeg to finish; rejects with its last lines of stderr on failure. */
  finish(): Promise<void>;
}

/** ffmpeg reading frames from stdin (an encoder): the same limits, started once a slot is free. */
export function startFfmpegEncoder(args: string[], signal?: AbortSignal): FfmpegProcess {
  const started = runFfmpeg(['-hide_banner', '-loglevel', 'error', ...args], { signal, stdin: true });
  started.catch(() => undefined);
  // A stdin closed early (ffmpeg failed or was stopped) is reported by `done`, not as an error event:
  // one listener for the whole run (a video writes 60+ frames).
  started.then((run) => run.child.stdin?.on('error', () => undefined)).catch(() => undefined);
  const done = started.then(async (run) => {
    const code = await run.exited;
    if (code !== 0) throw new Error(`ffmpeg exited with ${code}: ${run.stderr().slice(-4000).trim()}`);
  });
  done.catch(() => undefined);
  return {
    async write(chunk) {
      const run = await started;
      const stdin = run.child.stdin;
      if (!stdin || signal?.aborted || run.child.exitCode !== null || run.child.signalCode !== null) return done;
      if (!stdin.write(chunk)) await Promise.race([once(stdin, 'drain'), done]);
    },
    async finish() {
      const run = await started;
      run.child.stdin?.end();
      await done;
    },
  };
}

export interface VideoHeader {
  durationSeconds: number | null;
  fps: number;
  width: number;
  height: number;
  codec: string;
  /** duration x fps, when the header gives a duration. */
  frames: number | null;
}

/**
 * A video's header as `ffmpeg -i` prints it (no output, so nothing is decoded): duration, frame
 * rate, size, codec. Throws `fileUnreadable` for a file ffmpeg finds no video stream in.
 */
export async function probeVideo(file: string, signal?: AbortSignal, owner?: string): Promise<VideoHeader> {
  const run = await runFfmpeg(['-hide_banner', '-i', file], {
    signal,
    owner,
    wallMs: SANDBOX_LIMITS.FFMPEG_PROBE_MS,
    cpuSeconds: Math.ceil(SANDBOX_LIMITS.FFMPEG_PROBE_MS / 1000),
  });
  await run.exited; // exits 1 ("at least one output file"): the header is on stderr
  const text = run.stderr();
  const duration = text.match(/Duration: (\d+):(\d+):([\d.]+)/);
  const stream = text.match(/Stream #\d+:\d+.*?Video: (\w+)[^\n]*?, (\d{1,6})x(\d{1,6})[^\n]*?, ([\d.]+k?) (?:fps|tbr)/);
  if (!stream) throw unreadable();
  const fpsText = stream[4] as string;
  const fps = fpsText.endsWith('k') ? Number(fpsText.slice(0, -1)) * 1000 : Number(fpsText);
  const durationSeconds = duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : null;
  return {
    durationSeconds,
    fps,
    width: Number(stream[2]),
    height: Number(stream[3]),
    codec: stream[1] as string,
    frames: durationSeconds === null ? null : Math.ceil(durationSeconds * fps),
  };
}

/**
 * What a video's one decode may cost, from its header: at most this many frames are decoded
 * (VIDEO_MAX_FRAMES, and VIDEO_MAX_PIXEL_FRAMES over the header's frame size), and no frame may be
 * larger than the header said (`-max_pixels`: the decoder refuses it before allocating it). The
 * caller stops the decode at `frames` + 1 (a `trim` filter) and counts what was decoded: reaching
 * the + 1 means the file holds more than its header claimed, and it is refused (issue 42: a 4K WebM
 * whose container said 1 s cost 118.8 s of CPU).
 */
export function decodeBudget(header: VideoHeader): { frames: number; maxPixels: number; limit: SandboxLimit } {
  const maxPixels = header.width * header.height;
  const byPixels = Math.floor(SANDBOX_LIMITS.VIDEO_MAX_PIXEL_FRAMES / maxPixels);
  return byPixels < SANDBOX_LIMITS.VIDEO_MAX_FRAMES
    ? { frames: byPixels, maxPixels, limit: 'VIDEO_MAX_PIXEL_FRAMES' }
    : { frames: SANDBOX_LIMITS.VIDEO_MAX_FRAMES, maxPixels, limit: 'VIDEO_MAX_FRAMES' };
}

/**
 * Refuses a video whose header promises too much decoding (`fileTooComplex`): a frame over
 * VIDEO_MAX_PIXELS, more than VIDEO_MAX_FRAMES frames, or more than VIDEO_MAX_PIXEL_FRAMES pixels
 * x frames (a short 4K file of repeated frames is cheap to upload and dear to decode).
 */
export function checkVideo(header: VideoHeader): void {
  const pixels = header.width * header.height;
  if (!(pixels > 0) || pixels > SANDBOX_LIMITS.VIDEO_MAX_PIXELS) throw tooComplex('VIDEO_MAX_PIXELS');
  if (header.frames !== null) {
    if (header.frames > SANDBOX_LIMITS.VIDEO_MAX_FRAMES) throw tooComplex('VIDEO_MAX_FRAMES');
    if (pixels * header.frames > SANDBOX_LIMITS.VIDEO_MAX_PIXEL_FRAMES) throw tooComplex('VIDEO_MAX_PIXEL_FRAMES');
  }
}
