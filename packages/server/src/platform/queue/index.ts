import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { createBullQueue } from './bullmq.ts';
import { createDatabaseQueue } from './database.ts';
import type { TaskQueue } from './types.ts';

export type { QueueJob, RunSlot, TaskQueue } from './types.ts';
export { parseConcurrency } from './types.ts';

/** BullMQ on Redis when REDIS_URL is set, else the queue in the database (docs/scaling.md). */
export function createTaskQueue(config: Config, log: FastifyBaseLogger): TaskQueue {
  return config.REDIS_URL ? createBullQueue(config.REDIS_URL, config.QUEUE_PREFIX, log) : createDatabaseQueue(log);
}
