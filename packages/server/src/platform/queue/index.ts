import { type Tier, tierRank } from '@productimage/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { createBullQueue } from './bullmq.ts';
import { createDatabaseQueue } from './database.ts';
import type { LanePlan, TaskQueue } from './types.ts';

export type { Lane, LanePlan, QueueJob, RunSlot, TaskQueue } from './types.ts';
export { lanesOf, NO_LANES, parseConcurrency } from './types.ts';

/** The lanes this process's configuration asks for (RESERVED_SLOTS, WORKER_TENANT, DEDICATED_TENANTS). */
export function lanePlanOf(config: Pick<Config, 'RESERVED_SLOTS' | 'WORKER_TENANT' | 'DEDICATED_TENANTS'>): LanePlan {
  const [tier, slots] = config.RESERVED_SLOTS.split(':');
  const tenantId = config.WORKER_TENANT.trim() || null;
  const dedicated = config.DEDICATED_TENANTS.split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (tenantId && !dedicated.includes(tenantId)) dedicated.push(tenantId);
  return {
    reserved: tier && slots ? { minPriority: tierRank(tier as Tier), slots: Number(slots) } : null,
    tenantId,
    dedicatedTenants: dedicated,
  };
}

/** BullMQ on Redis when REDIS_URL is set, else the queue in the database (docs/scaling.md). */
export function createTaskQueue(config: Config, log: FastifyBaseLogger): TaskQueue {
  const plan = lanePlanOf(config);
  return config.REDIS_URL
    ? createBullQueue(config.REDIS_URL, config.QUEUE_PREFIX, log, plan)
    : createDatabaseQueue(log, 1000, plan);
}
