import type { AppContext } from '../context.ts';

/**
 * Runs `job` every `intervalMs` in this process (and once after `firstAfterMs`, when given), never
 * overlapping itself; a failure is logged and the job runs again at the next tick. It stops when the
 * context closes, waiting for a pass in progress. Jobs must be safe to run in several processes at
 * once (claims in the database), since every API process runs them.
 */
export function runEvery(
  ctx: Pick<AppContext, 'log' | 'onClose'>,
  what: string,
  intervalMs: number,
  job: () => Promise<unknown>,
  firstAfterMs?: number,
): void {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await job();
    } catch (err) {
      ctx.log.error({ err }, `${what} failed; it runs again at the next tick`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  const first = firstAfterMs === undefined ? undefined : setTimeout(tick, firstAfterMs);
  first?.unref();
  ctx.onClose(async () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(first);
    while (running) await new Promise((r) => setTimeout(r, 20));
  });
}
