import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import client from 'prom-client';
import { spendAndRefundTotals } from '../commerce/points/history.ts';
import type { AppContext } from '../platform/context.ts';
import { routeTemplate } from '../platform/http/fastify-internals.ts';
import { addAnsweredStep } from '../platform/http/send-steps.ts';
import { requestMetrics } from '../platform/metrics/request-metrics.ts';
import { taskFigures } from '../studio/tasks/figures.ts';

/**
 * Prometheus metrics (docs/scaling.md "Metrics"), composed here from the platform's request
 * metrics and the figures the tasks and points domains answer.
 *
 * Two kinds of series:
 * - per process, measured in memory: request rate and latency by route, the process's own
 *   CPU, memory and event-loop lag (prom-client's default metrics). Sum them across instances.
 * - cluster-wide, read from the database at scrape time (the database is the truth about tasks
 *   and points, whichever process did the work): queue depth and age per engine, task latency,
 *   failures per engine, points charged and refunded. Every process reports the same values, so
 *   aggregate them with max(), not sum().
 */
export function createMetrics(ctx: AppContext) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'inspo_' }); // inspo_process_*, inspo_nodejs_*

  const requests = requestMetrics(registry);

  const queueDepth = new client.Gauge({
    name: 'inspo_queue_depth',
    help: 'Tasks waiting for a worker, per engine (cluster-wide)',
    labelNames: ['engine'] as const,
    registers: [registry],
  });
  const queueAge = new client.Gauge({
    name: 'inspo_queue_oldest_age_seconds',
    help: 'Age of the oldest waiting task, per engine (cluster-wide; 0 when none waits)',
    labelNames: ['engine'] as const,
    registers: [registry],
  });
  const running = new client.Gauge({
    name: 'inspo_tasks_running',
    help: 'Tasks being generated, per engine (cluster-wide)',
    labelNames: ['engine'] as const,
    registers: [registry],
  });
  const taskLatency = new client.Gauge({
    name: 'inspo_task_latency_seconds',
    help: 'Acceptance-to-finish time of tasks finished in the last 15 minutes, per engine (cluster-wide)',
    labelNames: ['engine', 'quantile'] as const,
    registers: [registry],
  });
  const finished = new client.Gauge({
    name: 'inspo_tasks_finished',
    help: 'Finished tasks on record, per engine and final status (cluster-wide; failed = engine errors)',
    labelNames: ['engine', 'status'] as const,
    registers: [registry],
  });
  const points = new client.Gauge({
    name: 'inspo_points',
    help: 'Points moved by tasks and purchases on record: charged (spent) and refunded (cluster-wide)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });

  /** Reads the cluster-wide series from the database; called on every scrape. */
  async function collectShared() {
    const now = Date.now();
    const { waiting, generating, done, recent } = await taskFigures(ctx.db, now);
    queueDepth.reset();
    queueAge.reset();
    for (const engine of ctx.tasks.engines.engines.map((e) => e.name)) {
      queueDepth.set({ engine }, 0);
      queueAge.set({ engine }, 0);
    }
    for (const row of waiting) {
      queueDepth.set({ engine: row.engine }, Number(row.n));
      queueAge.set({ engine: row.engine }, Math.max(0, (now - Number(row.oldest)) / 1000));
    }

    running.reset();
    for (const row of generating) running.set({ engine: row.engine }, Number(row.n));

    finished.reset();
    for (const row of done) finished.set({ engine: row.engine, status: row.status }, Number(row.n));

    taskLatency.reset();
    const byEngine = new Map<string, number[]>();
    for (const row of recent) {
      const list = byEngine.get(row.engine) ?? [];
      list.push((Number(row.finished_at) - Number(row.created_at)) / 1000);
      byEngine.set(row.engine, list);
    }
    for (const [engine, list] of byEngine) {
      list.sort((a, b) => a - b);
      for (const q of [0.5, 0.9, 0.99]) {
        taskLatency.set({ engine, quantile: String(q) }, list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? 0);
      }
    }

    const sums = await spendAndRefundTotals(ctx.db);
    points.reset();
    points.set({ kind: 'charged' }, 0);
    points.set({ kind: 'refunded' }, 0);
    for (const row of sums) points.set({ kind: row.reason === 'spend' ? 'charged' : 'refunded' }, Math.abs(Number(row.total)));
  }

  return {
    registry,
    /** Counts one answered request (route template, not the raw URL, so ids do not explode the series). */
    observe(request: FastifyRequest, statusCode: number, seconds: number) {
      // routeTemplate: `request.routeOptions.url` without building routeOptions' object per request (issue 48).
      requests.observe(request.method, routeTemplate(request) ?? 'unmatched', statusCode, seconds);
    },
    async render(): Promise<string> {
      await collectShared();
      return registry.metrics();
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Metrics are for the operator's scraper only, and only when the operator configured a bearer token
 * (METRICS_TOKEN): without one /metrics does not exist. Never by where a request seems to come from:
 * a proxy on the same host that adds no forwarding header makes every client look local (issue 42).
 */
export function metricsAllowed(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** GET /metrics (Prometheus text format) and the hook that times every request. */
export function registerMetrics(app: FastifyInstance, ctx: AppContext) {
  const metrics = createMetrics(ctx);
  addAnsweredStep(app, (request, reply, ms) => metrics.observe(request, reply.statusCode, ms / 1000));
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!metricsAllowed(request, ctx.config.METRICS_TOKEN)) {
      return reply.code(404).type('text/plain').send('Not Found');
    }
    return reply.type(metrics.registry.contentType).send(await metrics.render());
  });
}
