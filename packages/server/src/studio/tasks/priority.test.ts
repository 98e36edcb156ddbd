import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBullQueue } from '../../platform/queue/bullmq.ts';
import { lanePlanOf } from '../../platform/queue/index.ts';
import { createHarness, type Harness } from '../../test-support/harness.ts';
import { REDIS_URL, redisAvailable } from '../../test-support/services.ts';
import { AGEING_BOUND_MS, headStartOf, queueKeyOf } from './priority.ts';
import { type SimArrival, simulateQueue } from './queue-sim.test-support.ts';
import { claimTask } from './store.ts';

/**
 * Tier priority with ageing (issue 47): the real claim on a real database, on a virtual clock.
 * Ranks: free 0, basic 1, professional 2, premium 3, flagship 4, enterprise 5.
 */
let h: Harness;
let users: string[];
let run = 0;
beforeAll(async () => {
  h = await createHarness('sqlite');
  users = [];
  for (let i = 0; i < 4; i++) users.push((await h.user()).id);
});
afterAll(() => h.close());

/** A fresh engine name per simulation: each sees only its own tasks. */
const engineName = () => `sim-${++run}`;
const arrival = (i: number, priority: number, at: number, user = 0, tenantId = 'default'): SimArrival => ({
  id: `t${run}-${String(i).padStart(3, '0')}`,
  userId: users[user % users.length] as string,
  tenantId,
  priority,
  at,
});
const open = { minPriority: 0, tenantId: null };

describe('tier priority on the in-process queue', () => {
  it('serves a paid task arriving in a flood of free tasks at the next free slot', async () => {
    const engine = engineName();
    const flood = Array.from({ length: 40 }, (_, i) => arrival(i, 0, i * 100, i));
    const paid = arrival(99, 2, 60_000, 3);
    const runs = await simulateQueue(h.ctx.db, [...flood, paid], { engine, slots: [open], serviceMs: 10_000 });
    expect(runs.find((r) => r.id === paid.id)?.wait).toBeLessThanOrEqual(10_000);
    // In arrival order it would have waited behind every earlier free task.
    const fifo = await simulateQueue(
      h.ctx.db,
      [...flood, paid].map((a) => ({ ...a, id: `${a.id}-f` })),
      { engine: engineName(), slots: [open], serviceMs: 10_000, fifo: true },
    );
    expect(fifo.find((r) => r.id === `${paid.id}-f`)?.wait).toBeGreaterThan(300_000);
  });

  it('property: nothing overtakes a task by more than the ageing bound; a paid task is overtaken only by older keys', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            at: fc.integer({ min: 0, max: 4 * 3_600_000 }),
            priority: fc.integer({ min: 0, max: 5 }),
            user: fc.nat(3),
          }),
          {
            minLength: 1,
            maxLength: 30,
          },
        ),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 5_000, max: 20 * 60_000 }),
        async (spec, slots, serviceMs) => {
          const engine = engineName();
          const arrivals = spec.map((s, i) => arrival(i, s.priority, s.at, s.user));
          const runs = await simulateQueue(h.ctx.db, arrivals, { engine, slots: Array(slots).fill(open), serviceMs });
          expect(runs).toHaveLength(arrivals.length);
          for (const a of runs) {
            // Every task that started while `a` was waiting.
            const ahead = runs.filter((b) => b.startedAt >= a.at && b.startedAt < a.startedAt);
            for (const b of ahead) {
              // Ageing: no task that arrived more than the bound after `a` goes before it (free tasks never starve).
              expect(b.at).toBeLessThanOrEqual(a.at + AGEING_BOUND_MS);
              // Priority: a lower tier goes first only when it had waited the tiers' gap already.
              if (b.priority < a.priority)
                expect(b.at).toBeLessThanOrEqual(a.at - (headStartOf(a.priority) - headStartOf(b.priority)));
              expect(queueKeyOf(b.at, b.priority)).toBeLessThanOrEqual(queueKeyOf(a.at, a.priority));
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('keeps reserved slots for the tier and dedicated slots for the tenant', async () => {
    const engine = engineName();
    const flagship = { minPriority: 4, tenantId: null };
    const free = Array.from({ length: 6 }, (_, i) => arrival(i, 0, 0, i));
    const late = arrival(50, 4, 5_000, 1);
    const runs = await simulateQueue(h.ctx.db, [...free, late], { engine, slots: [open, flagship], serviceMs: 60_000 });
    // The reserved slot never took a free task, so the flagship task started on arrival.
    expect(runs.find((r) => r.id === late.id)?.wait).toBe(0);
    expect(runs.filter((r) => r.startedAt === 0).map((r) => r.priority)).toEqual([0]);

    const engine2 = engineName();
    const other = Array.from({ length: 4 }, (_, i) => arrival(i, 5, 0, i, 'default'));
    const mine = arrival(60, 0, 1_000, 2, 'kos');
    const dedicated = { minPriority: 0, tenantId: 'kos' };
    const runs2 = await simulateQueue(h.ctx.db, [...other, mine], {
      engine: engine2,
      slots: [open, dedicated],
      serviceMs: 60_000,
    });
    expect(runs2.find((r) => r.id === mine.id)?.wait).toBe(0);
    // The dedicated slot took nothing but its tenant's task.
    expect(await claimTask(h.ctx.db, 'x', { engine: engine2, lane: dedicated })).toBeNull();
  });
});

describe.runIf(redisAvailable)('tier priority on BullMQ', () => {
  it('a wake-up claims the best waiting task; a dedicated worker takes only its tenant', async () => {
    const engine = engineName();
    const rows = [
      ...Array.from({ length: 5 }, (_, i) => arrival(i, 0, 1000 + i, i)),
      arrival(10, 3, 2000, 1),
      arrival(11, 0, 2500, 2, 'kos'),
    ];
    await h.ctx.db
      .insertInto('tasks')
      .values(
        rows.map((a) => ({
          id: a.id,
          user_id: a.userId,
          tenant_id: a.tenantId,
          biz_type: 'MATTING_IMAGE',
          engine,
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
          priority: a.priority,
          queue_key: queueKeyOf(a.at, a.priority),
        })),
      )
      .execute();
    const prefix = `test-tiers-${crypto.randomBytes(4).toString('hex')}`;
    const plan = lanePlanOf({ RESERVED_SLOTS: '', WORKER_TENANT: '', DEDICATED_TENANTS: 'kos' });
    const shared = createBullQueue(REDIS_URL, prefix, h.ctx.log, plan);
    const dedicated = createBullQueue(REDIS_URL, prefix, h.ctx.log, { ...plan, tenantId: 'kos' });
    const order: string[] = [];
    const kos: string[] = [];
    try {
      // Announced in arrival order (the flood first); nobody listens yet.
      for (const a of rows) await shared.add({ taskId: a.id, engine, attempt: 0, priority: a.priority, tenantId: a.tenantId });
      await dedicated.start(new Map([[engine, 1]]), async (e, lane) => {
        const id = await claimTask(h.ctx.db, 'kos-worker', { engine: e, lane });
        if (id) kos.push(id);
        return !!id;
      });
      await expect.poll(() => kos.length, { timeout: 10_000 }).toBe(1);
      await shared.start(new Map([[engine, 1]]), async (e, lane) => {
        const id = await claimTask(h.ctx.db, 'shared-worker', { engine: e, lane });
        if (id) order.push(id);
        return !!id;
      });
      await expect.poll(() => order.length, { timeout: 10_000 }).toBe(6);
    } finally {
      await shared.close();
      await dedicated.close();
    }
    expect(kos).toEqual([rows[6]?.id]);
    // The premium task first, then the free flood in arrival order.
    expect(order).toEqual([rows[5], ...rows.slice(0, 5)].map((a) => a?.id));
  });
});
