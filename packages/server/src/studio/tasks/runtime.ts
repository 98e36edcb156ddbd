import crypto from 'node:crypto';
import os from 'node:os';
import { DAY_MS } from '@productimage/core';
import type { FastifyBaseLogger } from 'fastify';
import { createEngineRegistry } from '../../engines/registry.ts';
import type { Config } from '../../platform/config.ts';
import { createTaskQueue, type Lane, parseConcurrency } from '../../platform/queue/index.ts';
import { createTaskEvents } from './events.ts';
import { withPresetFrame } from './preset-framing.ts';
import { runClaimedTask, TaskStopped, WorkerShutdown } from './runner.ts';
import type { TaskRuntime, WorkerContext } from './runtime-types.ts';
import { claimTask, jobOf, recoverTask } from './store.ts';

export type { TaskRuntime, WorkerContext };

export function createTaskRuntime(config: Config, log: FastifyBaseLogger): TaskRuntime {
  // A batch's pictures meet their preset whatever engine makes them (preset-framing.ts).
  const engines = createEngineRegistry(config, { wrap: withPresetFrame });
  if (engines.unknown.length) log.warn({ unknown: engines.unknown }, 'ENGINES names engines this build does not have');
  for (const { name, error } of engines.unusable)
    log.warn({ engine: name, error }, 'engine left out: its settings are incomplete');
  const queue = createTaskQueue(config, log);
  const events = createTaskEvents(config.REDIS_URL, log);
  const workerId = `${os.hostname()}-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  const running = new Map<string, AbortController>();
  const leaseMs = config.TASK_LEASE_SECONDS * 1000;
  let ctxRef: WorkerContext | null = null;
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let closing = false;
  let ticking: Promise<void> = Promise.resolve();

  async function heartbeat(ctx: WorkerContext) {
    const now = Date.now();
    await ctx.db
      .insertInto('task_workers')
      .values({
        id: workerId,
        host: os.hostname(),
        pid: process.pid,
        engines: [...engines.engines.map((e) => e.name)].join(','),
        started_at: now,
        heartbeat_at: now,
      })
      .onConflict((oc) => oc.column('id').doUpdateSet({ heartbeat_at: now }))
      .execute();
    // A task stopped through another process: abort it here.
    if (running.size) {
      const rows = await ctx.db
        .selectFrom('tasks')
        .select(['id', 'status', 'worker_id'])
        .where('id', 'in', [...running.keys()])
        .execute();
      for (const row of rows) {
        if (row.status !== 'generating' || row.worker_id !== workerId) running.get(row.id)?.abort(new TaskStopped('stopped'));
      }
    }
  }

  /** Workers on this host whose process no longer exists are dead at once, without waiting for the lease. */
  function deadOnThisHost(rows: Array<{ id: string; host: string; pid: number }>): Set<string> {
    const dead = new Set<string>();
    for (const row of rows) {
      if (row.host !== os.hostname() || row.id === workerId) continue;
      try {
        process.kill(row.pid, 0);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ESRCH') dead.add(row.id);
      }
    }
    return dead;
  }

  async function sweep(ctx: WorkerContext) {
    const now = Date.now();
    const workers = await ctx.db.selectFrom('task_workers').select(['id', 'host', 'pid', 'heartbeat_at']).execute();
    const dead = deadOnThisHost(workers);
    const live = new Set(workers.filter((w) => w.heartbeat_at >= now - leaseMs && !dead.has(w.id)).map((w) => w.id));
    live.add(workerId);
    const orphans = (
      await ctx.db
        .selectFrom('tasks')
        .select(['id', 'worker_id', 'attempts', 'engine', 'priority', 'tenant_id'])
        .where('status', '=', 'generating')
        .execute()
    ).filter((t) => !t.worker_id || !live.has(t.worker_id));
    for (const task of orphans) {
      const outcome = await recoverTask(ctx.db, task);
      if (outcome) log.warn({ taskId: task.id, worker: task.worker_id, outcome }, 'recovered a task of a dead worker');
      if (outcome === 'resumed') await queue.add(jobOf(task));
      else if (outcome === 'failed') events.publish(task.id, { status: 'failed' });
    }
    if (queue.kind === 'bullmq') {
      // Redis may have lost jobs (flushed, failed over): every pending task is queued again (job ids dedupe).
      const pending = await ctx.db
        .selectFrom('tasks')
        .select(['id', 'engine', 'attempts', 'priority', 'tenant_id'])
        .where('status', '=', 'pending')
        .execute();
      for (const task of pending) await queue.add(jobOf(task));
    }
    await ctx.db
      .deleteFrom('task_workers')
      .where('heartbeat_at', '<', now - DAY_MS)
      .execute();
  }

  async function runSlot(ctx: WorkerContext, engine: string, lane: Lane): Promise<boolean> {
    if (closing) return false;
    const claimed = await claimTask(ctx.db, workerId, { engine, lane });
    if (!claimed) return false;
    const controller = new AbortController();
    running.set(claimed, controller);
    // A stop published by another process (Redis pub/sub) aborts at once; the heartbeat check is the fallback.
    const unsubscribe = events.subscribe(claimed, (patch) => {
      if (patch.status === 'stopped') controller.abort(new TaskStopped('stopped'));
    });
    try {
      await runClaimedTask(ctx, claimed, workerId, controller);
    } finally {
      unsubscribe();
      running.delete(claimed);
    }
    return true;
  }

  const tick = (ctx: WorkerContext, withSweep: boolean) => {
    ticking = ticking
      .then(async () => {
        await heartbeat(ctx);
        if (withSweep) await sweep(ctx);
      })
      .catch((err) => log.warn({ err }, 'task worker heartbeat failed'));
    return ticking;
  };

  return {
    engines,
    queue,
    events,
    workerId,
    async startWorkers(ctx) {
      if (started) return;
      started = true;
      ctxRef = ctx;
      await tick(ctx, true);
      let beats = 0;
      timer = setInterval(() => void tick(ctx, ++beats % 3 === 0), Math.max(500, leaseMs / 3));
      timer.unref();
      const concurrency = parseConcurrency(ctx.config.ENGINE_CONCURRENCY);
      const slots = new Map<string, number>();
      for (const engine of engines.engines) slots.set(engine.name, concurrency.get(engine.name) ?? 1);
      await queue.start(slots, (engine, lane) => runSlot(ctx, engine, lane));
      // Load models now so the first task does not wait for them (not in tests: most never generate).
      if (ctx.config.NODE_ENV !== 'test')
        for (const engine of engines.engines)
          engine.warm?.().catch((err) => log.warn({ err, engine: engine.name }, 'engine warm-up failed'));
    },
    abortLocal(taskId) {
      running.get(taskId)?.abort(new TaskStopped('stopped'));
    },
    async sweep() {
      if (ctxRef) await tick(ctxRef, true);
    },
    activeTasks: () => running.size,
    async close() {
      closing = true;
      if (timer) clearInterval(timer);
      for (const controller of running.values()) controller.abort(new WorkerShutdown('shutting down'));
      await queue.close();
      await ticking;
      if (ctxRef && started)
        await ctxRef.db
          .deleteFrom('task_workers')
          .where('id', '=', workerId)
          .execute()
          .catch(() => undefined);
      await events.close();
      await engines.close();
    },
  };
}
