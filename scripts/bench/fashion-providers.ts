import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { migrateToLatest } from '../../packages/server/src/app/migrate.ts';
import { startDashScopeDouble } from '../../packages/server/src/engines/ai-photo/dashscope/dashscope-double.test-support.ts';
import { createDashScopeProvider } from '../../packages/server/src/engines/ai-photo/dashscope/provider.ts';
import { createAiPhotoEngine } from '../../packages/server/src/engines/ai-photo/engine.ts';
import { startFalDouble } from '../../packages/server/src/engines/ai-photo/fal/fal-double.test-support.ts';
import { createFalProvider } from '../../packages/server/src/engines/ai-photo/fal/provider.ts';
import { startFashnDouble } from '../../packages/server/src/engines/ai-photo/fashn/fashn-double.test-support.ts';
import { createFashnProvider } from '../../packages/server/src/engines/ai-photo/fashn/provider.ts';
import { handoverFactory } from '../../packages/server/src/engines/ai-photo/handover.ts';
import { pooledGarmentLock } from '../../packages/server/src/engines/ai-photo/index.ts';
import type { PhotoProvider, ProviderRequest } from '../../packages/server/src/engines/ai-photo/provider.ts';
import { saveRoute } from '../../packages/server/src/engines/ai-photo/store.ts';
import { lockGarment, productLayer } from '../../packages/server/src/engines/garment-lock/lock.ts';
import { printedDressPhoto } from '../../packages/server/src/engines/local/test-fixtures.test-support.ts';
import { loadConfig } from '../../packages/server/src/platform/config.ts';
import { createDb } from '../../packages/server/src/platform/db/index.ts';

/**
 * The fashion providers' adapters against their protocol doubles (engines/{fashn,dashscope,fal}/
 * *-double.test-support.ts), which answer at once: the adapter's overhead per try-on task (create,
 * one status poll, result, fetching the picture; two 1 MP inputs handed over as data URLs for FASHN
 * and fal, as URLs for DashScope), then the garment lock per 1024 px picture. FASHION_BENCH_TASKS
 * (default 20).
 */
const TASKS = Number(process.env.FASHION_BENCH_TASKS ?? 20);
const input = await sharp({
  create: { width: 1000, height: 1000, channels: 3, background: '#999', noise: { type: 'gaussian', mean: 0, sigma: 20 } },
})
  .jpeg()
  .toBuffer();
const dataUrl = `data:image/jpeg;base64,${input.toString('base64')}`;

const request = (model: string, images: string[]): ProviderRequest => ({
  taskId: 'bench',
  bizType: 'TRY_ON',
  model,
  params: { genNum: 1, tryonType: 'set' },
  extra: {},
  images,
  signal: new AbortController().signal,
  progress: () => undefined,
});

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)]!.toFixed(1)} ms, p90 ${s[Math.floor(s.length * 0.9)]!.toFixed(1)} ms`;
};

async function bench(name: string, provider: PhotoProvider, model: string, images: string[]) {
  await provider.run(request(model, images)); // warm-up
  const times: number[] = [];
  for (let i = 0; i < TASKS; i++) {
    const t = performance.now();
    await provider.run(request(model, images));
    times.push(performance.now() - t);
  }
  console.log(`${name}: adapter overhead per try-on task, ${stats(times)} (${TASKS} tasks)`);
}

const fashn = await startFashnDouble();
await bench('fashn', createFashnProvider({ apiKey: 'fashn-test-key', baseUrl: fashn.base }), 'tryon-v1.6', [dataUrl, dataUrl]);
await fashn.close();
const dashscope = await startDashScopeDouble();
await bench('dashscope', createDashScopeProvider({ apiKey: 'sk-dashscope-test', baseUrl: dashscope.url }), 'aitryon', [
  'https://files.example/p.jpg',
  'https://files.example/g.jpg',
]);
await dashscope.close();
const fal = await startFalDouble();
await bench('fal', createFalProvider({ apiKey: 'fal-test-key', baseUrl: fal.url }), 'fal-ai/fashn/tryon/v1.6', [
  dataUrl,
  dataUrl,
]);
await fal.close();

// The router's added time (issue 45): the same FASHN try-on through the ai-photo engine (plan, circuit
// check, attempt and run records in SQLite, one handover) against the adapter alone, and a task that
// FASHN fails (a 5xx) handed to fal against fal alone.
{
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fashion-bench-'));
  const db = createDb({ dataDir, DATABASE_URL: undefined });
  await migrateToLatest(db);
  const fashnDouble = await startFashnDouble();
  const falDouble = await startFalDouble();
  const fashnProvider = createFashnProvider({ apiKey: 'fashn-test-key', baseUrl: fashnDouble.base, maxRetries: 0 });
  const falProvider = createFalProvider({ apiKey: 'fal-test-key', baseUrl: falDouble.url });
  const config = loadConfig({ DATA_DIR: dataDir });
  const router = createAiPhotoEngine([fashnProvider, falProvider], {
    handover: handoverFactory(config),
    lock: pooledGarmentLock(),
    keepOriginal: async () => '',
  });
  await saveRoute(db, {
    bizType: 'TRY_ON',
    providers: [
      { provider: 'fashn', model: '', params: {}, unitCost: null },
      { provider: 'fal', model: '', params: {}, unitCost: null },
    ],
  });
  const picture = { buffer: input, contentType: 'image/jpeg' };
  let n = 0;
  const routed = () =>
    router.run({
      taskId: `bench-${++n}`,
      bizType: 'TRY_ON',
      params: { genNum: 1, tryonType: 'set' },
      inputs: [picture, picture],
      signal: new AbortController().signal,
      progress: () => undefined,
      db,
    });
  const time = async (work: () => Promise<unknown>) => {
    const times: number[] = [];
    await work();
    for (let i = 0; i < TASKS; i++) {
      const t = performance.now();
      await work();
      times.push(performance.now() - t);
    }
    return times;
  };
  const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)]!;
  const alone = await time(() => fashnProvider.run(request('tryon-v1.6', [dataUrl, dataUrl])));
  const through = await time(routed);
  console.log(
    `router: added time per task (FASHN answers), median ${(median(through) - median(alone)).toFixed(1)} ms (${stats(through)} through the router, ${stats(alone)} adapter alone)`,
  );
  const falAlone = await time(() => falProvider.run(request('fal-ai/fashn/tryon/v1.6', [dataUrl, dataUrl])));
  const handedOver = await time(async () => {
    await db.deleteFrom('ai_photo_circuits').execute();
    fashnDouble.script.push('server-error');
    await routed();
  });
  console.log(
    `router: a task FASHN fails (5xx) handed to fal, median ${(median(handedOver) - median(falAlone)).toFixed(1)} ms over fal alone (${stats(handedOver)})`,
  );
  await fashnDouble.close();
  await falDouble.close();
  await db.destroy();
}

const dress = await printedDressPhoto(1024, 1024);
const t0 = performance.now();
const layer = await productLayer(dress, new AbortController().signal);
console.log(`garment lock: product layer (local cutout) ${(performance.now() - t0).toFixed(0)} ms`);
const restaged = await sharp(dress).modulate({ hue: 10 }).png().toBuffer();
// Wall time and CPU time (this process's threads, sharp's included): on a machine shared with other
// jobs the wall time says how loaded it is, the CPU time what the lock costs.
const locks: number[] = [];
const cpu: number[] = [];
await lockGarment(layer, restaged); // warm-up
for (let i = 0; i < 9; i++) {
  const t = performance.now();
  const c = process.cpuUsage();
  await lockGarment(layer, restaged);
  const used = process.cpuUsage(c);
  locks.push(performance.now() - t);
  cpu.push((used.user + used.system) / 1000);
}
console.log(`garment lock: per 1024 px picture, ${stats(locks)}; CPU ${stats(cpu)} (9 pictures)`);

// Where the lock runs: this process's event loop (as before issue 29's follow-up) or the engine pool's
// thread (as the ai-photo engine runs it now). A timer every 5 ms measures how late the event loop
// answers (what an HTTP request would wait) during one cutout + lock of a 1024 px picture; each run
// gets a picture its cutout cache has not seen.
const fresh = (n: number) =>
  sharp(dress)
    .modulate({ brightness: 1 + n / 100 })
    .png()
    .toBuffer();
async function loopDuring(work: () => Promise<unknown>) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const t = performance.now();
  await work();
  const ms = performance.now() - t;
  delay.disable();
  return `${ms.toFixed(0)} ms, event loop delay p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms, max ${(delay.max / 1e6).toFixed(0)} ms`;
}
const signal = new AbortController().signal;
const inProcessPhoto = await fresh(1);
console.log(
  `garment lock in this process: ${await loopDuring(async () => lockGarment(await productLayer(inProcessPhoto, signal), restaged))}`,
);
const pooled = pooledGarmentLock();
const lockJob = async (photo: Buffer) =>
  pooled.run({
    taskId: 'bench',
    bizType: 'MODEL_IMAGE_NEW',
    params: { mode: 'lock', layer: 'photo', ratio: 'original' },
    inputs: [
      { buffer: photo, contentType: 'image/png' },
      { buffer: restaged, contentType: 'image/png' },
    ],
    signal,
    progress: () => undefined,
  });
await lockJob(await fresh(2)); // the thread starts and loads the segmentation model
const pooledPhoto = await fresh(3);
console.log(`garment lock in the engine pool: ${await loopDuring(() => lockJob(pooledPhoto))}`);
process.exit(0);
