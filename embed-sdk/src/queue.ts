import type { QueuedStub } from './types.ts';

type Command = (...args: unknown[]) => unknown;

/**
 * Replays the calls the loader snippet queued before the script arrived, in order. A failing call
 * is reported and the rest still run, as they would have if the script had been there already.
 */
export function replayQueue(queue: ArrayLike<unknown>[] | undefined, api: Command, report: (error: unknown) => void): void {
  for (const call of queue ?? []) {
    try {
      const result = api(...Array.from(call));
      if (result instanceof Promise) result.catch(report);
    } catch (error) {
      report(error);
    }
  }
}

/** The queued calls of a stub left by the snippet, if `value` is one. */
export function queuedCalls(value: unknown): ArrayLike<unknown>[] | undefined {
  return typeof value === 'function' && Array.isArray((value as QueuedStub).q) ? (value as QueuedStub).q : undefined;
}
