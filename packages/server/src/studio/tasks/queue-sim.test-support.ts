import type { Db } from '../../platform/db/index.ts';
import type { Lane } from '../../platform/queue/index.ts';
import { queueKeyOf } from './priority.ts';
import { claimTask } from './store.ts';

/**
 * A queue on a virtual clock with the real claim (claimTask's SQL on a real database): tasks arrive
 * at their times, `slots` workers each take the next task the claim answers and hold it for
 * `serviceMs`. Used by the priority property test and `npm run bench -- tiers`.
 */
export interface SimArrival {
  id: string;
  userId: string;
  tenantId: string;
  priority: number;
  at: number;
}
export interface SimRun extends SimArrival {
  startedAt: number;
  wait: number;
}

export async function simulateQueue(
  db: Db,
  arrivals: SimArrival[],
  opts: { engine: string; slots: Lane[]; serviceMs: number; fifo?: boolean },
): Promise<SimRun[]> {
  const pending = [...arrivals].sort((a, b) => a.at - b.at);
  const byId = new Map(arrivals.map((a) => [a.id, a]));
  const free = opts.slots.map(() => 0);
  const runs: SimRun[] = [];
  let next = 0;
  const admit = async (now: number) => {
    const rows = [];
    while (next < pending.length && (pending[next]?.at ?? Infinity) <= now) {
      const a = pending[next++] as SimArrival;
      const priority = opts.fifo ? 0 : a.priority;
      rows.push({
        id: a.id,
        user_id: a.userId,
        tenant_id: a.tenantId,
        biz_type: 'MATTING_IMAGE',
        engine: opts.engine,
        params: '{}',
        inputs: '[]',
        status: 'pending' as const,
        progress: 0,
        outputs: '[]',
        cost: 0,
        error: null,
        attempts: 0,
        worker_id: null,
        created_at: a.at,
        updated_at: a.at,
        started_at: null,
        finished_at: null,
        deleted_at: null,
        text: null,
        data: null,
        priority,
        queue_key: queueKeyOf(a.at, priority),
      });
    }
    if (rows.length) await db.insertInto('tasks').values(rows).execute();
  };
  while (runs.length < arrivals.length) {
    // The slot that frees first; ties: the lower index.
    let slot = 0;
    for (let i = 1; i < free.length; i++) if ((free[i] as number) < (free[slot] as number)) slot = i;
    const now = free[slot] as number;
    await admit(now);
    const claimed = await claimTask(db, 'sim', { engine: opts.engine, lane: opts.slots[slot] });
    if (claimed) {
      const a = byId.get(claimed) as SimArrival;
      runs.push({ ...a, startedAt: now, wait: now - a.at });
      free[slot] = now + opts.serviceMs;
      continue;
    }
    // Nothing this slot may take yet: it idles until the next arrival (or, when none is left, stops).
    const upcoming = pending[next]?.at;
    free[slot] = upcoming !== undefined ? Math.max(upcoming, now + 1) : Number.POSITIVE_INFINITY;
    if (free.every((t) => t === Number.POSITIVE_INFINITY)) break;
  }
  return runs;
}
