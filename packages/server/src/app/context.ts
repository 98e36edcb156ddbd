import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../platform/config.ts';
import type { AppContext } from '../platform/context.ts';
import { claimAppSetting } from '../platform/db/app-settings.ts';
import { createDb, type Db, type DbOptions } from '../platform/db/index.ts';
import { createMessaging } from '../platform/messaging/index.ts';
import { createStorage } from '../platform/storage/index.ts';
import { createTaskRuntime } from '../studio/tasks/runtime.ts';
import { migrateToLatest } from './migrate.ts';
// The engines of this build register before any task runtime is built (engine-catalogue.ts); commerce
// handles identity's account events before any account is made (account-events.ts); the console's
// operators hear of an AI photography provider's opened circuit (circuit-alerts.ts).
import './account-events.ts';
import './circuit-alerts.ts';
import './engine-catalogue.ts';

export async function createContext(config: Config, log: FastifyBaseLogger, dbOptions: DbOptions = {}): Promise<AppContext> {
  const db = createDb(config, dbOptions);
  await migrateToLatest(db, dbOptions.pgSchema);
  const secret = config.APP_SECRET ?? (await loadOrCreateSecret(db));
  const tasks = createTaskRuntime(config, log);
  // First in, so it runs last: workers stop before anything they use is closed.
  const closers: Array<{ fn: () => Promise<void> | void; at: string }> = [{ fn: () => tasks.close(), at: 'the task runtime' }];
  const context: AppContext = {
    config,
    db,
    log,
    secret,
    storage: createStorage(config),
    messaging: createMessaging(config, db),
    tasks,
    draining: false,
    // The caller's place (its stack frame) names the hook when a shutdown waits on it too long.
    onClose: (fn) => closers.push({ fn, at: new Error().stack?.split('\n')[2]?.trim() ?? 'an onClose hook' }),
    async close() {
      for (const { fn, at } of closers.reverse()) {
        context.closing = at;
        await fn();
      }
      context.closing = 'the database pool';
      await db.destroy();
      context.closing = undefined;
    },
  };
  return context;
}

/** The secret is generated once and kept in the database so all processes share it. */
async function loadOrCreateSecret(db: Db): Promise<string> {
  return claimAppSetting(db, 'app_secret', crypto.randomBytes(32).toString('hex'));
}
