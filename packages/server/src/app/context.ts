import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../platform/config.ts';
import { createDb, type Db, type DbOptions } from '../platform/db/index.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';
import { createMessaging, type Messaging } from '../platform/messaging/index.ts';
import { createStorage, type Storage } from '../platform/storage/index.ts';
import { createTaskRuntime, type TaskRuntime } from '../studio/tasks/runtime.ts';
// The engines of this build register before any task runtime is built (engine-catalogue.ts).
import './engine-catalogue.ts';

/**
 * Everything a service needs, built once per process from the configuration. Domains receive it
 * instead of importing singletons, so tests build as many isolated contexts as they like.
 * Later issues add their pieces here (storage, queue, payments, engines) behind their interfaces.
 */
export interface AppContext {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  /** Server-side secret for signatures (invite codes, sandbox webhooks). */
  secret: string;
  /** Uploads and generated files (local folder or S3; storage/index.ts). */
  storage: Storage;
  /** SMS and e-mail delivery (dev outbox, SMTP, HTTP SMS gateway; messaging/index.ts). */
  messaging: Messaging;
  /** Generation engines, task queue, task events and workers (tasks/runtime.ts). */
  tasks: TaskRuntime;
  /** Set when the process is shutting down: readiness answers 503 so load balancers stop sending work. */
  draining: boolean;
  /** Closes what the context opened (database pools, queues). */
  close(): Promise<void>;
  /** Hooks run on close, in reverse order of registration. */
  onClose(fn: () => Promise<void> | void): void;
}

export async function createContext(config: Config, log: FastifyBaseLogger, dbOptions: DbOptions = {}): Promise<AppContext> {
  const db = createDb(config, dbOptions);
  await migrateToLatest(db, dbOptions.pgSchema);
  const secret = config.APP_SECRET ?? (await loadOrCreateSecret(db));
  const tasks = createTaskRuntime(config, log);
  // First in, so it runs last: workers stop before anything they use is closed.
  const closers: Array<() => Promise<void> | void> = [() => tasks.close()];
  return {
    config,
    db,
    log,
    secret,
    storage: createStorage(config),
    messaging: createMessaging(config, db),
    tasks,
    draining: false,
    onClose: (fn) => closers.push(fn),
    async close() {
      for (const fn of closers.reverse()) await fn();
      await db.destroy();
    },
  };
}

/** The secret is generated once and kept in the database so all processes share it. */
async function loadOrCreateSecret(db: Db): Promise<string> {
  const fresh = crypto.randomBytes(32).toString('hex');
  await db
    .insertInto('app_settings')
    .values({ key: 'app_secret', value: fresh })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', 'app_secret').executeTakeFirstOrThrow();
  return row.value;
}
