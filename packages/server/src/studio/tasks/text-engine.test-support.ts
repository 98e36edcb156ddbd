import { defineBizType } from '@productimage/core';
import { z } from 'zod';
import { registerEngine } from '../../engines/registry.ts';
import type { Engine, EngineJob } from '../../engines/types.ts';

/**
 * A tiny text business type and engine used only by tests: it streams the words it is given, one
 * `delta` per word, as far as the test's gate allows, so a test can act while a text task is surely
 * mid-stream. It is what docs/engines.md describes for a real text engine, minus the model.
 */
export const ECHO_TYPE = 'TEST_ECHO_TEXT';
export const ECHO_COST = 3;

export const echoType = defineBizType<{ words: string[]; badData: boolean }>({
  type: ECHO_TYPE,
  output: 'text',
  params: z.object({
    words: z.array(z.string().min(1).max(20)).min(1).max(50),
    badData: z.boolean().default(false),
  }),
  inputs: () => [0, 0],
  cost: () => ECHO_COST,
  result: z.object({ words: z.number().int() }),
});

/** How many words the engine may stream so far, shared by every engine instance in the process. */
export function createGate() {
  let allowed = 0;
  let reachedIndex = -1;
  let waiters: Array<() => void> = [];
  let watchers: Array<{ n: number; resolve: () => void }> = [];
  return {
    /** Lets `n` more words out (Infinity: all). */
    release(n = Number.POSITIVE_INFINITY) {
      allowed += n;
      for (const wake of waiters) wake();
      waiters = [];
    },
    /** Resolves once the engine has streamed `n` words and waits for the next. */
    reached(n: number): Promise<void> {
      if (reachedIndex >= n) return Promise.resolve();
      return new Promise((resolve) => watchers.push({ n, resolve }));
    },
    async wait(index: number, signal: AbortSignal) {
      reachedIndex = Math.max(reachedIndex, index);
      for (const w of watchers.filter((w) => w.n <= index)) w.resolve();
      watchers = watchers.filter((w) => w.n > index);
      while (index >= allowed) {
        if (signal.aborted) throw signal.reason;
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          signal.addEventListener('abort', () => resolve(), { once: true });
        });
      }
      if (signal.aborted) throw signal.reason;
    },
    /** Starts a new test: nothing released, nothing reached. */
    reset() {
      allowed = 0;
      reachedIndex = -1;
    },
  };
}

export type Gate = ReturnType<typeof createGate>;

/** Registers the `test-echo` engine (ENGINES=local,test-echo) behind the gate. */
export function registerEchoEngine(gate: Gate) {
  registerEngine(
    'test-echo',
    (): Engine => ({
      name: 'test-echo',
      bizTypes: [ECHO_TYPE],
      async run(job: EngineJob) {
        const { words, badData } = job.params as { words: string[]; badData: boolean };
        for (let i = 0; i < words.length; i++) {
          await gate.wait(i, job.signal);
          job.delta?.(i ? ` ${words[i]}` : words[i]!);
          job.progress(((i + 1) / words.length) * 100);
        }
        await gate.wait(words.length, job.signal);
        return { text: words.join(' '), data: badData ? { words: 'many' } : { words: words.length } };
      },
    }),
  );
}
