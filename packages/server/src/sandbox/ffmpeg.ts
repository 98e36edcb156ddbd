import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { SANDBOX_LIMITS } from './limits.ts';
import { busy, tooComplex, unreadable } from './refusal.ts';

/**
 * The one ffmpeg runner (issue 26): every ffmpeg process of the server starts here.
 * - At most FFMPEG_MAX_CONCURRENT run at once per process (more wait; beyond FFMPEG_MAX_QUEUED
 *   waiting a new run is refused with `fileBusy`).
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

let running = 0;
const waiting: Array<() => void> = [];

/** ffmpeg runs going and waiting now (tests and health). */
export const ffmpegLoad = () => ({ running, waiting: waiting.length });

const abortError = (signal?: AbortSignal) => (signal?.reason instanceof Error ? signal.reason : new Error('aborted'));

async function slot(signal?: AbortSignal): Promise<() => void> {
  if (signal?.aborted) throw abortError(signal);
  if (running >= SANDBOX_LIMITS.FFMPEG_MAX_CONCURRENT) {
    if (waiting.length >= SANDBOX_LIMITS.FFMPEG_MAX_QUEUED) throw busy();
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
  }
  running++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running--;
    waiting.shift()?.();
  };
}

const SHELL = fs.existsSync('/bin/sh') && process.platform !== 'win32' ? '/bin/sh' : null;

export interface FfmpegOptions {
  signal?: AbortSignal;
  /** stdin as a pipe (frames written by the caller); otherwise ignored. */
  stdin?: boolean;
  cpuSeconds?: number;
  wallMs?: number;
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
  const release = await slot(options.signal);
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
      stdin.on('error', () => undefined);
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
export async function probeVideo(file: string, signal?: AbortSignal): Promise<VideoHeader> {
  const run = await runFfmpeg(['-hide_banner', '-i', file], {
    signal,
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
