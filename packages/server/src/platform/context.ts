import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import type { Messaging } from './messaging/index.ts';
import type { Storage } from './storage/index.ts';

/**
 * What the floors above the platform add to the context, by declaration merging from their own
 * folder (studio/tasks/runtime.ts adds `tasks`), so this leaf imports nothing above the platform
 * and every domain can take the context without importing the composition root (app/context.ts).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging
export interface AppServices {}

/**
 * Everything a service needs, built once per process from the configuration. Domains receive it
 * instead of importing singletons, so tests build as many isolated contexts as they like.
 * Later issues add their pieces here (storage, queue, payments, engines) behind their interfaces.
 */
export interface AppContext extends AppServices {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  /** Server-side secret for signatures (invite codes, sandbox webhooks). */
  secret: string;
  /** Uploads and generated files (local folder or S3; storage/index.ts). */
  storage: Storage;
  /** SMS and e-mail delivery (dev outbox, SMTP, HTTP SMS gateway; messaging/index.ts). */
  messaging: Messaging;
  /** Set when the process is shutting down: readiness answers 503 so load balancers stop sending work. */
  draining: boolean;
  /** Closes what the context opened (database pools, queues). */
  close(): Promise<void>;
  /** While `close()` runs: where the hook it is waiting on was registered (a stuck shutdown names it). */
  closing?: string;
  /** Hooks run on close, in reverse order of registration. */
  onClose(fn: () => Promise<void> | void): void;
}
