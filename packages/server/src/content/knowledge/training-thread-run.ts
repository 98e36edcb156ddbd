import { parentPort } from 'node:worker_threads';
import type { Config } from '../../platform/config.ts';
import { type DbAddress, openAddress, sqliteHandleOf } from '../../platform/db/index.ts';
import { trainCollection } from './training.ts';

/**
 * The inside of a knowledge training thread (started by training-thread.ts through
 * training-worker.mjs): runs `trainCollection` on a connection of its own to the same database, so
 * the segmentation and the index writes never hold the event loop that answers HTTP. One run at a
 * time per thread; progress, the result and errors go back as messages, a stop comes in as one.
 */
export interface RunMessage {
  type: 'run';
  id: number;
  address: DbAddress;
  config: Config;
  collectionId: number;
  taskId?: string;
}

/**
 * Training steps between two checkpoints of the write-ahead log: a 200-chunk step adds 130-150
 * pages to it (up to 365 when the index merges its segments), so 3 steps (at most about 650 pages
 * measured) stay under the 1,000 pages at which a commit of the API's would run SQLite's automatic
 * checkpoint on the API's thread.
 */
const CHECKPOINT_STEPS = 3;

const port = parentPort!;
const running = new Map<number, AbortController>();

port.on('message', async (message: RunMessage | { type: 'abort'; id: number }) => {
  if (message.type === 'abort') {
    running.get(message.id)?.abort(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    return;
  }
  const { id } = message;
  const controller = new AbortController();
  running.set(id, controller);
  // A connection per run, closed after it: a thread outlives the databases of many runs (tests).
  const db = openAddress(message.address);
  const sqlite = sqliteHandleOf(db);
  let steps = 0;
  try {
    const chunks = await trainCollection(
      { db, config: message.config },
      message.collectionId,
      controller.signal,
      (done, total) => {
        // SQLite: the steps' pages are copied from the write-ahead log into the database here, on
        // this thread, so the API's next commit does not find a long log to checkpoint on its own
        // thread (a passive checkpoint waits for nobody). Every CHECKPOINT_STEPS steps and at the
        // end, not after each: a checkpoint syncs the log and the database file (two fsyncs, most
        // of its time), and CHECKPOINT_STEPS steps stay under SQLite's automatic checkpoint.
        steps++;
        if (done >= total || steps % CHECKPOINT_STEPS === 0) {
          sqlite?.pragma('wal_checkpoint(PASSIVE)');
        }
        port.postMessage({ type: 'progress', id, done, total });
      },
      message.taskId,
    );
    port.postMessage({ type: 'done', id, chunks });
  } catch (err) {
    const error = err as { name?: string; message?: string; key?: string; stack?: string };
    port.postMessage({
      type: 'error',
      id,
      error: { name: error?.name ?? 'Error', message: error?.message ?? String(err), key: error?.key, stack: error?.stack },
    });
  } finally {
    running.delete(id);
    await db.destroy().catch(() => undefined);
  }
});
