// One thread of the engine pool (engines/pool.ts). Plain JavaScript so it starts without a
// TypeScript loader in production (the build copies it beside the compiled engines); when the engine
// module is TypeScript (tests, `tsx` in development) tsx's loader is registered first.
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

const { threads, instrument, instrumentData } = workerData;
const engines = new Map();
const running = new Map();
let hooks = {};

/**
 * In a process that answers HTTP, engine threads yield the CPU to the API: this thread gets a lower
 * priority (nice ENGINE_NICE). On Linux priority is per thread and threads started from here
 * (onnxruntime's) inherit it, so inference takes what the API's event loop leaves and never the
 * other way round (issue 16). Nice 10, not 19: the API still weighs about ten times an engine
 * thread, while an engine is not starved by the rest of a busy machine (at nice 19 a cutout took
 * 170 s instead of 12 s beside three busy processes). Worker processes (`npm run worker`) serve no
 * API and keep their priority. Elsewhere, or where the thread id cannot be read, the thread keeps
 * the process's priority.
 */
const ENGINE_NICE = 10;

function lowerPriority() {
  try {
    const tid = Number(fs.readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[0]);
    if (tid > 0) os.setPriority(tid, ENGINE_NICE);
  } catch {
    // not Linux, or not allowed: nothing to lower
  }
}

async function setup() {
  if (workerData.yieldToApi) lowerPriority();
  if (workerData.typescript) (await import('tsx/esm/api')).register();
  // libvips in this thread uses the engine's share of the cores (the API keeps one).
  try {
    (await import('sharp')).default.concurrency(threads);
  } catch {
    // an engine without sharp
  }
  if (instrument) hooks = (await import(instrument)).default(instrumentData) ?? {};
}
const ready = setup();

async function engineOf(module, factory) {
  const key = `${module}#${factory}`;
  let engine = engines.get(key);
  if (!engine) {
    engine = (await import(module))[factory]();
    engines.set(key, engine);
  }
  return engine;
}

const asBuffer = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function errorOf(err) {
  return { name: err?.name ?? 'Error', message: err?.message ?? String(err), key: err?.key, stack: err?.stack };
}

parentPort.on('message', async (message) => {
  if (message.type === 'abort') {
    running.get(message.id)?.abort(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    return;
  }
  const { id, module, factory, job } = message;
  if (message.type === 'warm') {
    try {
      await ready;
      await (await engineOf(module, factory)).warm?.();
      parentPort.postMessage({ type: 'done', id, result: null });
    } catch (err) {
      parentPort.postMessage({ type: 'error', id, error: errorOf(err) });
    }
    return;
  }
  const controller = new AbortController();
  running.set(id, controller);
  try {
    await ready;
    const engine = await engineOf(module, factory);
    hooks.beforeRun?.(job);
    const result = await engine.run({
      ...job,
      inputs: job.inputs.map((input) => ({ buffer: asBuffer(input.buffer), contentType: input.contentType })),
      signal: controller.signal,
      progress: (percent) => parentPort.postMessage({ type: 'progress', id, percent }),
      delta: (text) => parentPort.postMessage({ type: 'delta', id, text }),
    });
    // Copied, not transferred: a small Buffer may share its memory with others of this thread.
    parentPort.postMessage({ type: 'done', id, result });
  } catch (err) {
    parentPort.postMessage({ type: 'error', id, error: errorOf(err) });
  } finally {
    running.delete(id);
  }
});
