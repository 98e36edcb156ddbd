import type * as Bull from 'bullmq';
import type { Queue, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import { requireOnUse } from '../require-on-use.ts';
import { type Lane, type LanePlan, lanesOf, NO_LANES, type QueueJob, type TaskQueue } from './types.ts';

/**
 * The Redis queue (REDIS_URL): one BullMQ queue per engine, `<prefix>:tasks-<engine>`. A job is a
 * wake-up: "a task of this engine is waiting". The worker that takes it claims the best pending
 * task of its lane in the database (claimTask: tier priority with ageing), so both queues serve
 * tasks in the same order, and a job delivered twice (BullMQ's stalled-job recovery) or for a
 * stopped task at most claims another waiting task. Every task adds one job, so there are always at
 * least as many wake-ups as waiting tasks. Job ids include the attempt, so a task resumed after
 * its worker died is announced again under a fresh id.
 *
 * Lanes (platform/queue/types.ts): a task at or above the reserved priority is also announced on
 * `tasks-<engine>-p<priority>`, read by the reserved slots; a task of a tenant with dedicated
 * workers also on `tasks-<engine>-t-<tenant>`, read by those workers (which read nothing else).
 */
export function createBullQueue(redisUrl: string, prefix: string, log: FastifyBaseLogger, plan: LanePlan = NO_LANES): TaskQueue {
  // Loaded with REDIS_URL only, not at every start (platform/require-on-use.ts).
  const { Queue, Worker } = requireOnUse<typeof Bull>('bullmq');
  const { Redis } = requireOnUse<typeof IORedis>('ioredis');
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  connection.on('error', (err) => log.warn({ err }, 'task queue: redis error'));
  const queues = new Map<string, Queue>();
  const workers: Worker[] = [];
  const workerConnections: Redis[] = [];
  const queueName = (engine: string, lane?: Partial<Lane>) =>
    lane?.tenantId
      ? `tasks-${engine}-t-${lane.tenantId}`
      : lane?.minPriority
        ? `tasks-${engine}-p${lane.minPriority}`
        : `tasks-${engine}`;
  const queueOf = (name: string) => {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection, prefix });
      queue.on('error', (err) => log.warn({ err }, 'task queue error'));
      queues.set(name, queue);
    }
    return queue;
  };

  return {
    kind: 'bullmq',
    async add(job: QueueJob) {
      const names = [queueName(job.engine)];
      if (plan.reserved && job.priority >= plan.reserved.minPriority)
        names.push(queueName(job.engine, { minPriority: plan.reserved.minPriority }));
      if (plan.dedicatedTenants.includes(job.tenantId)) names.push(queueName(job.engine, { tenantId: job.tenantId }));
      for (const name of names)
        await queueOf(name).add(
          'task',
          { taskId: job.taskId },
          { jobId: `${job.taskId}-a${job.attempt}`, removeOnComplete: true, removeOnFail: true, attempts: 1 },
        );
    },
    async start(concurrency, run) {
      for (const [engine, slots] of concurrency) {
        // One BullMQ worker per lane kind: its concurrency is the number of slots in that lane.
        const byQueue = new Map<string, { lane: Lane; slots: number }>();
        for (const lane of lanesOf(slots, plan)) {
          const name = queueName(engine, lane);
          const entry = byQueue.get(name) ?? { lane, slots: 0 };
          entry.slots++;
          byQueue.set(name, entry);
        }
        for (const [name, { lane, slots: n }] of byQueue) {
          // Workers hold blocking commands: each gets its own connection, which BullMQ does not close for us.
          const workerConnection = connection.duplicate();
          workerConnections.push(workerConnection);
          const worker = new Worker(
            name,
            async () => {
              await run(engine, lane);
            },
            { connection: workerConnection, prefix, concurrency: n },
          );
          worker.on('error', (err) => log.warn({ err }, 'task worker: redis error'));
          workers.push(worker);
        }
      }
    },
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all([...queues.values()].map((q) => q.close()));
      await Promise.all([connection, ...workerConnections].map((c) => c.quit().catch(() => undefined)));
    },
  };
}
