import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mattingParams, productReplaceParams, qrArtParams, videoParams } from '@productimage/core';
import Fastify from 'fastify';
import { createContext } from '../../packages/server/src/app/context.ts';
import { runBackgrounds } from '../../packages/server/src/engines/local/backgrounds.ts';
import { runCutout } from '../../packages/server/src/engines/local/cutout.ts';
import { runQrArt } from '../../packages/server/src/engines/local/qr-art.ts';
import { segmentationSession } from '../../packages/server/src/engines/local/segmenter.ts';
import { productPhoto } from '../../packages/server/src/engines/local/test-fixtures.test-support.ts';
import { runVideo } from '../../packages/server/src/engines/local/video.ts';
import type { EngineJob } from '../../packages/server/src/engines/types.ts';
import { createUser } from '../../packages/server/src/identity/accounts/users.ts';
import { loadConfig } from '../../packages/server/src/platform/config.ts';
import type { AppContext } from '../../packages/server/src/platform/context.ts';
import { createTask } from '../../packages/server/src/studio/tasks/service.ts';
import { saveUpload } from '../../packages/server/src/studio/uploads/service.ts';

/**
 * Generation figures for a 1024x1024 product photo on this machine (docs/engines.md): cutout
 * (the model session's first load, then warm runs, against the raw library call), background
 * replacement, QR art, a 2.5 s video, and tasks per minute through the queue with N workers.
 * Every run uses a photo with fresh noise, so the mask cache never answers. `BENCH_QUICK=1` skips
 * the library comparison and the larger queue runs. REDIS_URL set: the queue runs on BullMQ.
 */
const quick = process.env.BENCH_QUICK === '1';
const signal = new AbortController().signal;
let seed = 100;
const photo = () => productPhoto(1024, 1024, 'png', seed++);
const job = <P>(bizType: EngineJob['bizType'], params: P, inputs: Buffer[]): EngineJob<P> => ({
  taskId: `bench-${seed}`,
  bizType,
  params,
  inputs: inputs.map((buffer) => ({ buffer, contentType: 'image/png' })),
  signal,
  progress: () => {},
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function time(label: string, runs: number, fn: () => Promise<unknown>, prepare?: () => Promise<void>): Promise<number> {
  const seconds: number[] = [];
  for (let i = 0; i < runs; i++) {
    await prepare?.();
    const started = performance.now();
    await fn();
    seconds.push((performance.now() - started) / 1000);
  }
  const m = median(seconds);
  console.log(`${label.padEnd(58)} ${m.toFixed(2)} s  (runs: ${seconds.map((s) => s.toFixed(2)).join(', ')})`);
  return m;
}

console.log(`machine: ${os.cpus().length} CPU, load average ${os.loadavg()[0]!.toFixed(2)}; photo 1024x1024 PNG`);

let input = await photo();
const next = async () => {
  input = await photo();
};

// Cutout: the session's first load, then warm runs; then the package's own pipeline.
let started = performance.now();
await segmentationSession();
console.log(`${'cutout model load (once per process)'.padEnd(58)} ${((performance.now() - started) / 1000).toFixed(2)} s`);
await time(
  'cutout MATTING_IMAGE (warm session, direct ONNX)',
  3,
  () => runCutout(job('MATTING_IMAGE', mattingParams.parse({}), [input])),
  next,
);
if (!quick) {
  const { removeBackground } = await import('@imgly/background-removal-node');
  const lib = () =>
    removeBackground(new Blob([new Uint8Array(input)], { type: 'image/png' }), { model: 'medium' }).then((b) => b.arrayBuffer());
  started = performance.now();
  await lib();
  console.log(
    `${'cutout via removeBackground(), first call (loads its model)'.padEnd(58)} ${((performance.now() - started) / 1000).toFixed(2)} s`,
  );
  await time('cutout via removeBackground() (warm, library pipeline)', 3, lib, next);
}

await time(
  'background replacement: colour, 1:1 (cutout + composite)',
  3,
  () =>
    runBackgrounds(
      job('PRODUCT_REPLACE_IMAGE', productReplaceParams.parse({ backgroundColor: '#F2F3F5', ratio: '1:1' }), [input]),
    ),
  next,
);
await time('background replacement: colour again (mask cached)', 3, () =>
  runBackgrounds(job('PRODUCT_REPLACE_IMAGE', productReplaceParams.parse({ backgroundColor: '#DEC5A4', ratio: '1:1' }), [input])),
);
for (const mode of ['ACCURATE_REPLICATION', 'STYLE_IMITATION'] as const) {
  await time(`background reproduction: desert, ${mode}`, 3, () =>
    runBackgrounds(
      job('PRODUCT_REPLACE_IMAGE', productReplaceParams.parse({ reference: 'desert', mode, ratio: '1:1' }), [input]),
    ),
  );
}
await time('QR art, one picture (verified to scan)', 3, () =>
  runQrArt(job('QR_CODE_ART', qrArtParams.parse({ content: 'https://inspo.example/item/42', topN: 1 }), [])),
);
await time('QR art, topN 4 (the default)', 2, () =>
  runQrArt(job('QR_CODE_ART', qrArtParams.parse({ content: 'https://inspo.example/item/42' }), [])),
);
await time('video 2.5 s, 720p, 9 fps, mp4 (pan L)', 3, () =>
  runVideo(job('IMG_2_VEDIO', videoParams.parse({ fps: 'high' }), [input])),
);
await time('video 2.5 s, 720p, 9 fps, gif (rotate CW)', 2, () =>
  runVideo(job('IMG_2_VEDIO', videoParams.parse({ fps: 'high', format: 'gif', lenControl: 'CW' }), [input])),
);

/** Tasks per minute through the real queue: accepted by the service, run by N worker slots. */
async function throughput(workers: number, kind: 'QR_CODE_ART' | 'MATTING_IMAGE', count: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-tasks-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    DATABASE_URL: '',
    ENGINE_CONCURRENCY: `local=${workers}`,
    QUEUE_PREFIX: `bench-${process.pid}-${workers}`,
  });
  const ctx: AppContext = await createContext(config, Fastify({ logger: false }).log);
  try {
    const userId = await createUser(ctx.db, { phone: `139${String(Date.now()).slice(-8)}` });
    const user = { id: userId, tenantId: 'default' };
    const inputs: string[] = [];
    if (kind === 'MATTING_IMAGE')
      for (let i = 0; i < count; i++) inputs.push(await saveUpload(ctx, user, await photo(), { mime: 'image/png', ext: 'png' }));
    const ids: string[] = [];
    const t0 = performance.now();
    for (let i = 0; i < count; i++) {
      const body =
        kind === 'QR_CODE_ART'
          ? { bizType: kind, params: { content: `bench ${i}`, topN: 1 }, inputs: [] }
          : { bizType: kind, params: {}, inputs: [inputs[i]!] };
      ids.push((await createTask(ctx, user, body)).taskId);
    }
    await ctx.tasks.startWorkers(ctx);
    for (;;) {
      const left = await ctx.db.selectFrom('tasks').select('id').where('status', 'in', ['pending', 'generating']).execute();
      if (left.length === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const minutes = (performance.now() - t0) / 60_000;
    const done = await ctx.db.selectFrom('tasks').select('status').where('status', '=', 'completed').execute();
    console.log(
      `${`queue (${ctx.tasks.queue.kind}), ${workers} worker slot(s): ${count} x ${kind}`.padEnd(58)} ${(count / minutes).toFixed(1)} tasks/min  (${done.length}/${count} completed)`,
    );
  } finally {
    await ctx.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const workers of quick ? [1] : [1, 2]) {
  await throughput(workers, 'QR_CODE_ART', quick ? 6 : 12);
  await throughput(workers, 'MATTING_IMAGE', quick ? 3 : 6);
}
console.log(`rss after the run: ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
process.exit(0);
