import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { ffmpegLoad, runFfmpeg } from './ffmpeg.ts';
import { SANDBOX_LIMITS } from './limits.ts';
import { runSandboxed, sandboxLoad } from './runner.ts';

/**
 * The one ffmpeg runner (issue 26): CPU limit, abort, and the concurrency limit with its queue; and
 * the sandbox processes' time and memory limits.
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
    expect(ffmpegLoad()).toEqual({ running: SANDBOX_LIMITS.FFMPEG_MAX_CONCURRENT, waiting: 1, waitingOnUser: 0 });
    controller.abort(new Error('client gone'));
    for (const run of running) {
      expect(await run.exited.then(String, (e: Error) => e.message)).toBe('client gone');
      expect(run.child.signalCode).toBe('SIGKILL');
    }
    expect(await starts.at(-1)!.then(String, (e: Error) => e.message)).toBe('client gone');
    expect(ffmpegLoad()).toEqual({ running: 0, waiting: 0, waitingOnUser: 0 });
  });

  it("one run at a time per user: a user's second run waits for their first, another user's starts at once (issue 42)", async () => {
    const controller = new AbortController();
    const first = await runFfmpeg(endless, { signal: controller.signal, owner: 'user-a' });
    const second = runFfmpeg(endless, { signal: controller.signal, owner: 'user-a' });
    second.catch(() => undefined);
    const other = await runFfmpeg(endless, { signal: controller.signal, owner: 'user-b' });
    expect(ffmpegLoad()).toEqual({ running: 2, waiting: 0, waitingOnUser: 1 });
    // Beyond FFMPEG_USER_MAX_QUEUED waiting on their own run, a user's next is refused at once.
    const waits = Array.from({ length: SANDBOX_LIMITS.FFMPEG_USER_MAX_QUEUED - 1 }, () =>
      runFfmpeg(endless, { signal: controller.signal, owner: 'user-a' }),
    );
    for (const w of waits) w.catch(() => undefined);
    expect(await runFfmpeg(endless, { owner: 'user-a' }).then(String, (e: AppError) => e.key)).toBe('fileBusy');
    // The first run ends: the second starts in its place.
    first.child.kill('SIGKILL');
    await first.exited.catch(() => undefined);
    const started = await second;
    expect(started.child.pid).toBeGreaterThan(0);
    controller.abort(new Error('test over'));
    for (const run of [started, other]) await run.exited.catch(() => undefined);
    await Promise.all(waits.map((w) => w.catch(() => undefined)));
    expect(ffmpegLoad()).toEqual({ running: 0, waiting: 0, waitingOnUser: 0 });
  });
});

describe('sandbox processes', () => {
  const support = new URL('./runner.test-support.ts', import.meta.url);
  it('terminate a parse that runs over its time limit; the next parse gets a fresh process', async () => {
    const stuck = runSandboxed({ module: support, fn: 'spin', input: null, timeoutMs: 300 });
    expect(await stuck.then(String, limitOf)).toBe('PARSE_TIMEOUT_MS');
    expect(await runSandboxed({ module: support, fn: 'double', input: 21 })).toBe(42);
  });

  it("bound a parse's memory as a whole (buffers outside the V8 heap too): refused at the address-space limit, the process replaced, the API's memory untouched (issue 42)", async () => {
    const before = process.memoryUsage().rss;
    const hog = runSandboxed({ module: support, fn: 'hog', input: null });
    expect(await hog.then(String, limitOf)).toBe('PARSE_MAX_MEMORY_MB');
    // Nothing of it landed in this process, and its process is gone: its memory went back.
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
    expect(sandboxLoad()).toMatchObject({ running: 0, idle: 0 });
    expect(await runSandboxed({ module: support, fn: 'double', input: 4 })).toBe(8);
  });
});
