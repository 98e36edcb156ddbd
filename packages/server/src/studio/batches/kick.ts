import type { AppContext } from '../../platform/context.ts';

/**
 * The batch runner of a context, so a new batch (or retry) starts its first items at once instead of
 * at the next pass. Kept apart from runner.ts so the service can reach it without importing the
 * runner (which imports the service).
 */
const runners = new WeakMap<AppContext, { tick(): Promise<void> }>();

export function registerBatchRunner(ctx: AppContext, runner: { tick(): Promise<void> }): void {
  runners.set(ctx, runner);
}

/** Starts a pass of this process's runner, if it runs one; does not wait for it. */
export function kickBatchRunner(ctx: AppContext): void {
  void runners.get(ctx)?.tick();
}

/** Waits for a pass (tests). */
export async function batchRunnerPass(ctx: AppContext): Promise<void> {
  await runners.get(ctx)?.tick();
}
