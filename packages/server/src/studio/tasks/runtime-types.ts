import type { FastifyBaseLogger } from 'fastify';
import type { EngineRegistry } from '../../engines/registry.ts';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/index.ts';
import type { TaskQueue } from '../../platform/queue/index.ts';
import type { Storage } from '../../platform/storage/index.ts';
import type { TaskEvents } from './events.ts';

/**
 * What the workers need from the application: its database, settings, log, file storage and this
 * runtime. The application's context (context.ts, which builds this runtime) has all of it, so
 * start-up passes that; the task domain never imports the context that is built on top of it.
 */
export interface WorkerContext {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  storage: Storage;
  tasks: TaskRuntime;
}

/**
 * The generation machinery of one process: engines, the queue, task events and, when started,
 * the workers (docs/scaling.md). The API process starts workers unless API_WORKERS=false;
 * `npm run worker` starts a process that only runs workers.
 */
export interface TaskRuntime {
  readonly engines: EngineRegistry;
  readonly queue: TaskQueue;
  readonly events: TaskEvents;
  /** This process's worker id (recorded on the tasks it runs). */
  readonly workerId: string;
  /** Starts the workers (idempotent): heartbeat, recovery of dead workers' tasks, queue consumption. */
  startWorkers(ctx: WorkerContext): Promise<void>;
  /** Aborts a task running in this process (the stop route calls it; other processes notice on their next heartbeat). */
  abortLocal(taskId: string): void;
  /** Runs a recovery sweep now (tests; the workers sweep on their own). */
  sweep(): Promise<void>;
  /** How many tasks this process is running now. */
  activeTasks(): number;
  close(): Promise<void>;
}

declare module '../../platform/context.ts' {
  interface AppServices {
    /** Generation engines, task queue, task events and workers (studio/tasks/runtime.ts). */
    tasks: TaskRuntime;
  }
}
