import Fastify from 'fastify';
import { engineThreadsYieldToApi } from '../engines/pool.ts';
import { loadConfig } from '../platform/config.ts';
import { startBatchRunner } from '../studio/batches/runner.ts';
import { createContext } from './context.ts';

/**
 * `npm run worker`: a process that only runs generation tasks (docs/scaling.md). It shares the
 * database (and Redis when REDIS_URL is set) with the API processes; run as many as the machines
 * allow, and set API_WORKERS=false on the API processes to keep generation off them.
 */
const config = loadConfig();
// Fastify's logger (pino) without a server, so worker logs look like the API's.
const log = Fastify({ logger: { level: config.LOG_LEVEL } }).log;
// No API here: engine threads keep the process's priority (engines/pool.ts).
engineThreadsYieldToApi(false);
const ctx = await createContext(config, log);
await ctx.tasks.startWorkers(ctx);
// Batch items are released to the queue by the processes that run tasks (batches/runner.ts).
startBatchRunner(ctx);
log.info(
  { worker: ctx.tasks.workerId, queue: ctx.tasks.queue.kind, engines: ctx.tasks.engines.engines.map((e) => e.name) },
  'task worker started',
);
console.log(`WORKER ${ctx.tasks.workerId}`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: stopping; running tasks go back to the queue`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await ctx.close();
    process.exit(0);
  });
}
