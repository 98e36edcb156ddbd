import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { ffmpegLoad, runFfmpeg } from './ffmpeg.ts';
import { SANDBOX_LIMITS } from './limits.ts';
import { runSandboxed } from './runner.ts';

/**
 * The one ffmpeg runner (issue 26): CPU limit, abort, and the concurrency limit with its queue; and
 * the sandbox threads' time limit.
 */
const endless = ['-hide_banner', '-f', 'lavfi', '-i', 'testsrc=s=1280x720:r=30', '-f', 'null', '-'];
const limitOf = (err: unknown) => (err instanceof AppError ? (err.data as { limit?: string }).limit : String(err));

describe('ffmpeg runner', () => {
  it('the kernel stops a run at its CPU limit: a clear refusal, not a stuck process', async () => {
    const run = await runFfmpeg(endless, { cpuSeconds: 1 });
    expect(await run.exited.then(String, limitOf)).toBe('FFMPEG_CPU_SECONDS');
  });

  it('kills runs when their request ends, and queues beyond the concurrency limit', async () => {
    const controller = new AbortController();
    const starts = Array.from({ length: SANDBOX_LIMITS.FFMPEG_MAX_CONCURRENT + 1 }, () =>
      runFfmpeg(endless, { signal: controller.signal }),
    );
    for (const start of starts) start.catch(() => undefined);
    const running = await Promise.all(starts.slice(0, SANDBOX_LIMITS.FFMPEG_MAX_CONCURRENT));
    expect(ffmpegLoad()).toEqual({ running: SANDBOX_LIMITS.FFMPEG_MAX_CONCURRENT, waiting: 1 });
    controller.abort(new Error('client gone'));
    for (const run of running) {
      expect(await run.exited.then(String, (e: Error) => e.message)).toBe('client gone');
      expect(run.child.signalCode).toBe('SIGKILL');
    }
    expect(await starts.at(-1)!.then(String, (e: Error) => e.message)).toBe('client gone');
    expect(ffmpegLoad()).toEqual({ running: 0, waiting: 0 });
  });
});

describe('sandbox threads', () => {
  const support = new URL('./runner.test-support.ts', import.meta.url);
  it('terminate a parse that runs over its time limit; the next parse gets a fresh thread', async () => {
    const stuck = runSandboxed({ module: support, fn: 'spin', input: null, timeoutMs: 300 });
    expect(await stuck.then(String, limitOf)).toBe('PARSE_TIMEOUT_MS');
    expect(await runSandboxed({ module: support, fn: 'double', input: 21 })).toBe(42);
  });
});
