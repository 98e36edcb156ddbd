import type * as Bull from 'bullmq';
import type { Queue, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import { requireOnUse } from '../require-on-use.ts';
import type { QueueJob, TaskQueue } from './types.ts';

/**
 * The Redis queue (REDIS_URL): one BullMQ queue per engine, `<prefix>:tasks-<engine>`. Jobs carry
 * only the task id; a worker claims the task in the database before running it, so a job delivered
 * twice (BullMQ's stalled-job recovery) or for a stopped task does nothing. Job ids include the
 * attempt, so a task resumed after its worker died is queued again under a fresh id.
 */
export function createBullQueue(redisUrl: string, prefix: string, log: FastifyBaseLogger): TaskQueue {
  // Loaded with REDIS_URL only, not at every start (platform/require-on-use.ts).
  const { Queue, Worker } = requireOnUse<typeof Bull>('bullmq');
  const { Redis } = requireOnUse<typeof IORedis>('ioredis');
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  connection.on('error', (err) => log.warn({ err }, 'task queue: redis error'));
  const queues = new Map<string, Queue>();
  const workers: Worker[] = [];
  const workerConnections: Redis[] = [];
  const queueName = (engine: string) => `tasks-${engine}`;
  const queueOf = (engine: string) => {
    let queue = queues.get(engine);
    if (!queue) {
      queue = new Queue(queueName(engine), { connection, prefix });
      queue.on('error', (err) => log.warn({ err }, 'task queue error'));
      queues.set(engine, queue);
    }
    return queue;
  };

  return {
    kind: 'bullmq',
    async add(job: QueueJob) {
      await queueOf(job.engine).add(
        'task',
        { taskId: job.taskId },
        { jobId: `${job.taskId}-a${job.attempt}`, removeOnComplete: true, removeOnFail: true, attempts: 1 },
      );
    },
    async start(concurrency, run) {
      for (const [engine, slots] of concurrency) {
        // Workers hold blocking commands: each gets its own connection, which BullMQ does not close for us.
        const workerConnection = connection.duplicate();
        workerConnections.push(workerConnection);
        const worker = new Worker(
          queueName(engine),
          async (job) => {
            await run(engine, (job.data as { taskId: string }).taskId);
          },
          { connection: workerConnection, prefix, concurrency: slots },
        );
        worker.on('error', (err) => log.warn({ err }, 'task worker: redis error'));
        workers.push(worker);
      }
    },
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all([...queues.values()].map((q) => q.close()));
      await Promise.all([connection, ...workerConnections].map((c) => c.quit().catch(() => undefined)));
    },
  };
}
