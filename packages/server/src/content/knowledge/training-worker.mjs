// A knowledge training thread (training-thread.ts). Plain JavaScript so it starts without a
// TypeScript loader in production (the build copies it beside the compiled sources); when the run
// module is TypeScript (tests, `tsx` in development) tsx's loader is registered first.
import fs from 'node:fs';
import os from 'node:os';
import { workerData } from 'node:worker_threads';

/**
 * Training yields the CPU to the API's event loop: this thread gets nice 10, the engine pool's
 * value (engines/pool-worker.mjs says why 10 and not 19). Linux priorities are per thread;
 * elsewhere, or where the thread id cannot be read, the thread keeps the process's priority.
 */
try {
  const tid = Number(fs.readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[0]);
  if (tid > 0) os.setPriority(tid, 10);
} catch {
  // not Linux, or not allowed: nothing to lower
}
if (workerData.typescript) (await import('tsx/esm/api')).register();
await import(workerData.run);
