import type { FastifyBaseLogger } from 'fastify';
import { type Lane, type LanePlan, lanesOf, NO_LANES, type QueueJob, type RunSlot, type TaskQueue } from './types.ts';

/**
 * The embedded queue: pending rows of the tasks table are the queue. Each slot claims the next
 * pending task of its engine and lane (claimTask's order) (the claim is a conditional update, so processes sharing the database
 * never run a task twice), and sleeps when there is none until a task is added in this process or
 * the poll interval passes (tasks added by other processes).
 */
export function createDatabaseQueue(log: FastifyBaseLogger, pollMs = 1000, plan: LanePlan = NO_LANES): TaskQueue {
  const sleepers = new Map<string, Set<() => void>>();
  const loops: Promise<void>[] = [];
  let closed = false;

  const wake = (engine?: string) => {
    for (const [name, set] of sleepers) {
      if (engine && name !== engine) continue;
      for (const resolve of set) resolve();
      set.clear();
    }
  };
  const sleep = (engine: string) =>
    new Promise<void>((resolve) => {
      const set = sleepers.get(engine) ?? new Set();
      sleepers.set(engine, set);
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        resolve();
      };
      const timer = setTimeout(done, pollMs);
      set.add(done);
    });

  async function loop(engine: string, lane: Lane, run: RunSlot) {
    while (!closed) {
      let ran = false;
      try {
        ran = await run(engine, lane);
      } catch (err) {
        log.error({ err, engine }, 'task slot failed');
      }
      if (!ran && !closed) await sleep(engine);
    }
  }

  return {
    kind: 'database',
    async add(job: QueueJob) {
      wake(job.engine);
    },
    async start(concurrency, run) {
      for (const [engine, slots] of concurrency) for (const lane of lanesOf(slots, plan)) loops.push(loop(engine, lane, run));
    },
    async close() {
      closed = true;
      wake();
      await Promise.all(loops);
    },
  };
}
