import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { createLocalEngine } from '../../packages/server/src/engines/local/index.ts';
import { productPhoto } from '../../packages/server/src/engines/local/test-fixtures.test-support.ts';
import { registerEngine } from '../../packages/server/src/engines/registry.ts';
import { upload, waitForTask } from '../../packages/server/src/studio/tasks/test-support.ts';
import { createHarness } from '../../packages/server/src/test-support/harness.ts';

/**
 * How the API answers while the CPU works (docs/scaling.md "Engine pool"): GET /api/user/current
 * over HTTP, one request after another, first idle, then while 4 cutouts run, with the local engine
 * in the engine pool's threads (as shipped) and, for comparison, on the API's own event loop (as
 * before the pool). Every cutout uses a photo with fresh noise, so the mask cache never answers.
 * Figures are printed, never asserted.
 */
const CUTOUTS = 4;
let seed = 500;

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function measure(label: string, env: Record<string, string>) {
  const h = await createHarness('sqlite', env);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  try {
    const u = await h.user();
    const urls: string[] = [];
    for (let i = 0; i < CUTOUTS + 1; i++) urls.push(await upload(h, u.auth, await productPhoto(1024, 1024, 'png', seed++)));
    // One cutout first, so model loading is not what is measured.
    const warm = await h.call({
      method: 'POST',
      url: '/api/tasks',
      headers: u.auth,
      payload: { bizType: 'MATTING_IMAGE', inputs: [urls[0]] },
    });
    await waitForTask(h, u.auth, warm.data.taskId);

    const sample = async (until: () => boolean, min = 50) => {
      const ms: number[] = [];
      while (ms.length < min || !until()) {
        const started = performance.now();
        const res = await fetch(`${base}/api/user/current`, { headers: u.auth });
        await res.arrayBuffer();
        ms.push(performance.now() - started);
      }
      return ms;
    };
    const idle = await sample(() => true, 200);

    const started = performance.now();
    const ids: string[] = [];
    for (const url of urls.slice(1)) {
      const created = await h.call({
        method: 'POST',
        url: '/api/tasks',
        headers: u.auth,
        payload: { bizType: 'MATTING_IMAGE', inputs: [url] },
      });
      ids.push(created.data.taskId);
    }
    let finished = false;
    const done = Promise.all(ids.map((id) => waitForTask(h, u.auth, id))).then(() => {
      finished = true;
    });
    const busy = await sample(() => finished, 1);
    await done;
    const seconds = (performance.now() - started) / 1000;
    const line = (ms: number[]) =>
      `p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms (${ms.length} requests)`;
    console.log(`${label}`);
    console.log(`  /api/user/current idle:                       ${line(idle)}`);
    console.log(`  /api/user/current while ${CUTOUTS} cutouts run:       ${line(busy)}`);
    console.log(`  ${CUTOUTS} cutouts done in ${seconds.toFixed(1)} s`);
  } finally {
    await h.close();
  }
}

console.log(`machine: ${os.availableParallelism()} CPU, load average ${os.loadavg()[0]!.toFixed(2)}`);
await measure('engine pool (as shipped, ENGINE_CONCURRENCY=local=1, one engine thread)', {});
await measure('engine pool with 2 threads (ENGINE_CONCURRENCY=local=2)', { ENGINE_CONCURRENCY: 'local=2' });
// Before the pool: the same engine on the API's event loop.
registerEngine('local', () => createLocalEngine());
await measure('no pool: the engine on the API event loop (before)', {});
process.exit(0);
