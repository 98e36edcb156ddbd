// A thread of the sandbox for untrusted content (sandbox/runner.ts): runs one parse at a time with
// the heap limit the runner set (resourceLimits); the runner terminates it when a parse runs over
// its time. Plain JavaScript so it starts without a TypeScript loader in production (the build copies
// it beside the compiled code); when the parser module is TypeScript (tests, `tsx` in development)
// tsx's loader is registered first.
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

// Parses yield the CPU to the API's event loop (as the engine threads do, engines/pool-worker.mjs).
try {
  const tid = Number(fs.readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[0]);
  if (tid > 0) os.setPriority(tid, 10);
} catch {
  // not Linux, or not allowed
}

const ready = workerData.typescript ? import('tsx/esm/api').then((tsx) => tsx.register()) : Promise.resolve();

parentPort.on('message', async ({ id, module, fn, input }) => {
  try {
    await ready;
    const parser = (await import(module))[fn];
    // Loaded: from here the parse's own time limit runs (starting a thread under load is not the file's fault).
    parentPort.postMessage({ id, started: true });
    const result = await parser(input);
    parentPort.postMessage({ id, ok: true, result });
  } catch (err) {
    parentPort.postMessage({
      id,
      ok: false,
      error: {
        name: err?.name ?? 'Error',
        message: err?.message ?? String(err),
        key: err?.key,
        params: err?.params,
        data: err?.data,
      },
    });
  }
});
