import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import { requireOnUse } from '../../platform/require-on-use.ts';

/** A change of a task as clients see it: any subset of the task view's fields. */
export type TaskPatch = Record<string, unknown>;

/**
 * Task updates for the server-sent event streams. In one process an event emitter carries them;
 * with REDIS_URL they travel over Redis pub/sub, so a stream served by an API process hears the
 * progress of a worker running in another process. Streams also re-read the database now and then
 * (events.ts is a fast path, the database is the truth), so nothing is lost when a message is.
 */
export interface TaskEvents {
  publish(taskId: string, patch: TaskPatch): void;
  subscribe(taskId: string, listener: (patch: TaskPatch) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'inspo:task-events';

export function createTaskEvents(redisUrl: string | undefined, log: FastifyBaseLogger): TaskEvents {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  if (!redisUrl) {
    return {
      publish: (taskId, patch) => local.emit(taskId, patch),
      subscribe(taskId, listener) {
        local.on(taskId, listener);
        return () => local.off(taskId, listener);
      },
      async close() {
        local.removeAllListeners();
      },
    };
  }
  // ioredis loads with the first connection (platform/require-on-use.ts).
  const ioredis = () => requireOnUse<typeof IORedis>('ioredis');
  // Connections open on first use, so processes that never publish or listen hold none.
  let publisher: Redis | null = null;
  let subscriber: Redis | null = null;
  const connect = () => {
    if (subscriber) return;
    subscriber = new (ioredis().Redis)(redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
    subscriber.on('error', (err) => log.warn({ err }, 'task events: redis subscriber error'));
    subscriber.subscribe(CHANNEL).catch((err) => log.warn({ err }, 'task events: subscribe failed'));
    subscriber.on('message', (_channel, message: string) => {
      try {
        const { taskId, patch } = JSON.parse(message) as { taskId: string; patch: TaskPatch };
        local.emit(taskId, patch);
      } catch {
        // not ours
      }
    });
  };
  return {
    publish(taskId, patch) {
      publisher ??= new (ioredis().Redis)(redisUrl, { maxRetriesPerRequest: 3 }).on('error', (err) =>
        log.warn({ err }, 'task events: redis publisher error'),
      );
      publisher.publish(CHANNEL, JSON.stringify({ taskId, patch })).catch(() => local.emit(taskId, patch));
    },
    subscribe(taskId, listener) {
      connect();
      local.on(taskId, listener);
      return () => local.off(taskId, listener);
    },
    async close() {
      local.removeAllListeners();
      await Promise.all([publisher?.quit().catch(() => undefined), subscriber?.quit().catch(() => undefined)]);
      publisher = null;
      subscriber = null;
    },
  };
}
