/**
 * The task queue behind one interface (docs/scaling.md): which task should run next on which
 * engine. The database is the truth about tasks; the queue only delivers "run this" to workers.
 * - database: in-process slots that claim pending tasks from the tasks table (polling, woken at
 *   once by tasks enqueued in the same process); several processes may share one database.
 * - bullmq: a BullMQ queue per engine on Redis (REDIS_URL); workers may run in other processes.
 */
export interface QueueJob {
  taskId: string;
  engine: string;
  /** The task's claim count when queued; a resumed task is queued again under a new job id. */
  attempt: number;
}

/**
 * Runs one task for an engine: with a task id (BullMQ delivered it) that task, else the next
 * pending one. Answers whether it ran anything.
 */
export type RunSlot = (engine: string, taskId: string | null) => Promise<boolean>;

export interface TaskQueue {
  readonly kind: 'database' | 'bullmq';
  add(job: QueueJob): Promise<void>;
  /** Starts consuming: `concurrency` slots per engine, each calling `run`. */
  start(concurrency: ReadonlyMap<string, number>, run: RunSlot): Promise<void>;
  /** Stops taking work and waits for the running slots to return. */
  close(): Promise<void>;
}

/** Parses `local=2,comfyui=4` into engine -> slots (at least 1 each). */
export function parseConcurrency(setting: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of setting.split(',')) {
    const [name, value] = part.split('=').map((s) => s.trim());
    if (!name) continue;
    const n = Number.parseInt(value ?? '1', 10);
    out.set(name, Number.isFinite(n) && n > 0 ? n : 1);
  }
  return out;
}
