/**
 * The task queue behind one interface (docs/scaling.md): which task should run next on which
 * engine. The database is the truth about tasks; the queue only delivers "run this" to workers.
 * - database: in-process slots that claim pending tasks from the tasks table (polling, woken at
 *   once by tasks enqueued in the same process); several processes may share one database.
 * - bullmq: a BullMQ queue per engine on Redis (REDIS_URL); workers may run in other processes.
 *
 * Which pending task runs next is decided in one place, the claim (studio/tasks/store.ts claimTask:
 * priority by tier with ageing, issue 47), for both queues: a BullMQ job is a wake-up ("one task of
 * this engine is waiting"), and the slot it wakes claims the best pending task of its lane.
 */
export interface QueueJob {
  taskId: string;
  engine: string;
  /** The task's claim count when queued; a resumed task is queued again under a new job id. */
  attempt: number;
  /** The task's priority (its owner's tier rank): reserved slots take only tasks at or above theirs. */
  priority: number;
  /** The task's tenant: a dedicated worker takes only its tenant's tasks. */
  tenantId: string;
}

/**
 * What one slot may claim: every pending task of its engine (the default lane), only tasks at or
 * above a priority (a reserved share of slots, the flagship tier's dedicated channel), and/or only
 * one tenant's tasks (a dedicated worker, the enterprise tier's dedicated cluster).
 */
export interface Lane {
  minPriority: number;
  tenantId: string | null;
}

/** How a process splits each engine's slots (docs/scaling.md "Tier priority"). */
export interface LanePlan {
  /** Slots per engine kept for tasks at or above `minPriority` (never the engine's last slot). */
  reserved: { minPriority: number; slots: number } | null;
  /** This process's workers take only this tenant's tasks (WORKER_TENANT). */
  tenantId: string | null;
  /** Tenants served by dedicated workers somewhere (DEDICATED_TENANTS): their tasks are also announced to them. */
  dedicatedTenants: readonly string[];
}

export const NO_LANES: LanePlan = { reserved: null, tenantId: null, dedicatedTenants: [] };

/** The lanes of one engine's `slots` slots under a plan: reserved ones first, the rest open. */
export function lanesOf(slots: number, plan: LanePlan): Lane[] {
  // A dedicated worker serves its one tenant with every slot; elsewhere the last slot stays open to all.
  const reserved = plan.reserved && !plan.tenantId ? Math.min(plan.reserved.slots, Math.max(0, slots - 1)) : 0;
  const lanes: Lane[] = [];
  for (let i = 0; i < slots; i++)
    lanes.push({ minPriority: i < reserved ? (plan.reserved?.minPriority ?? 0) : 0, tenantId: plan.tenantId });
  return lanes;
}

/** Runs the best pending task of an engine that the lane may take; answers whether it ran anything. */
export type RunSlot = (engine: string, lane: Lane) => Promise<boolean>;

export interface TaskQueue {
  readonly kind: 'database' | 'bullmq';
  add(job: QueueJob): Promise<void>;
  /** Starts consuming: `concurrency` slots per engine split into lanes by the queue's plan, each calling `run`. */
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
