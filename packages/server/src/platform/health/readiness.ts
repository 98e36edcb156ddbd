import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import { requireOnUse } from '../require-on-use.ts';

/** One round trip to the database (throws when it does not answer). */
export async function pingDatabase(db: AppContext['db']): Promise<void> {
  await sql`select 1`.execute(db);
}

export interface Readiness {
  ready: boolean;
  checks: { db: boolean; queue: boolean; storage: boolean; draining: boolean };
}

/**
 * Whether this process should get traffic (GET /api/health/ready): its database, queue (Redis when
 * configured) and storage answer, and it is not shutting down. Liveness is GET /api/health.
 */
export function readinessProbe(ctx: AppContext) {
  let redis: Redis | null = null;
  if (ctx.config.REDIS_URL) {
    // ioredis loads with REDIS_URL only (platform/require-on-use.ts).
    const { Redis } = requireOnUse<typeof IORedis>('ioredis');
    redis = new Redis(ctx.config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    redis.on('error', () => undefined); // reported as not ready, not as a crash
    ctx.onClose(() => void redis?.disconnect());
  }
  const pass = async (check: () => Promise<unknown>) => {
    try {
      await withTimeout(check(), 2000);
      return true;
    } catch {
      return false;
    }
  };
  return async function ready(): Promise<Readiness> {
    const [db, queue, storage] = await Promise.all([
      pass(() => pingDatabase(ctx.db)),
      pass(async () => {
        if (!redis) return;
        if (redis.status === 'wait' || redis.status === 'end') await redis.connect();
        await redis.ping();
      }),
      // A read of a key that never exists: answers null when the store is reachable, throws when not.
      pass(() => ctx.storage.get('health/readiness-probe')),
    ]);
    const checks = { db, queue, storage, draining: ctx.draining };
    return { ready: db && queue && storage && !ctx.draining, checks };
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}
