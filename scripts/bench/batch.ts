import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../packages/server/src/app/app.ts';
import { activatePackageIn } from '../../packages/server/src/commerce/membership/subscriptions.ts';
import { segmentationSession } from '../../packages/server/src/engines/local/segmenter.ts';
import { productPhoto } from '../../packages/server/src/engines/local/test-fixtures.test-support.ts';
import { createSession } from '../../packages/server/src/identity/accounts/sessions.ts';
import { createUser } from '../../packages/server/src/identity/accounts/users.ts';
import { loadConfig } from '../../packages/server/src/platform/config.ts';
import { writeTransaction } from '../../packages/server/src/platform/db/transaction.ts';
import { saveUpload } from '../../packages/server/src/studio/uploads/service.ts';

/**
 * `npm run bench -- batch` (issue 33, docs/batches.md): a cutout + white-background batch of 50
 * product photos at 1080 px through the real server (HTTP, the runner, the queue, the local engine),
 * in items per minute, with the API's p99 (GET /api/user/current and GET /api/batches/:id, polled by
 * another user while the batch runs), beside the same recipe as single tasks one after the other in
 * the same run. Every photo has fresh noise, so the mask cache never answers. `BENCH_QUICK=1`: 6 items.
 */
const quick = process.env.BENCH_QUICK === '1';
const ITEMS = Number(process.env.BENCH_BATCH_ITEMS ?? (quick ? 6 : 50));
const SINGLES = quick ? 1 : 3;
const RECIPE = { bizType: 'PRODUCT_REPLACE_IMAGE', params: { backgroundColor: '#FFFFFF' } };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-batch-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  WEB_DIST: path.join(dataDir, 'no-web'),
  NODE_ENV: 'test',
  DATABASE_URL: '',
});
const { app, ctx } = await buildApp(config, { logLevel: 'silent' });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(
  `machine: ${os.cpus().length} CPU, load average ${os.loadavg()[0]!.toFixed(2)}; ${ITEMS} photos 1080x1080 PNG; ${address}`,
);

async function member(phone: string) {
  const id = await createUser(ctx.db, { phone });
  await writeTransaction(ctx.db, (trx) =>
    activatePackageIn(trx, {
      userId: id,
      tier: 'flagship',
      months: 1,
      monthlyPoints: 80000,
      valueCents: 0,
      productId: null,
      orderNo: null,
      upgrade: true,
    }),
  );
  // A full run on a busy machine can take more than an hour: the session outlives it.
  const { accessToken } = await createSession(ctx.db, id, 24 * 3600);
  return { id, auth: { authorization: `Bearer ${accessToken}` } };
}
const call = async (auth: Record<string, string>, method: string, url: string, body?: unknown) => {
  const res = await fetch(`${address}${url}`, {
    method,
    headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { code: number; data: any; msg: string };
  if (json.code !== 0) throw new Error(`${method} ${url}: ${json.msg}`);
  return json.data;
};
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

try {
  const owner = await member(`139${String(Date.now()).slice(-8)}`);
  const other = await member(`138${String(Date.now()).slice(-8)}`);
  const urls: string[] = [];
  for (let i = 0; i < ITEMS + SINGLES; i++)
    urls.push(
      await saveUpload(ctx, { id: owner.id, tenantId: 'default' }, await productPhoto(1080, 1080, 'png', 500 + i), {
        mime: 'image/png',
        ext: 'png',
      }),
    );
  let started = performance.now();
  await segmentationSession();
  console.log(`${'cutout model load (once per process)'.padEnd(60)} ${((performance.now() - started) / 1000).toFixed(2)} s`);

  // API latency with nothing running.
  const idle: number[] = [];
  for (let i = 0; i < 40; i++) {
    const t = performance.now();
    await call(other.auth, 'GET', '/api/user/current');
    idle.push(performance.now() - t);
  }

  // The same recipe as single tasks, one after the other.
  started = performance.now();
  for (let i = 0; i < SINGLES; i++) {
    const { taskId } = await call(owner.auth, 'POST', '/api/tasks', { ...RECIPE, inputs: [urls[ITEMS + i]] });
    for (;;) {
      const task = await call(owner.auth, 'GET', `/api/tasks/${taskId}`);
      if (['completed', 'failed', 'stopped'].includes(task.status)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const singlePerMin = SINGLES / ((performance.now() - started) / 60_000);
  console.log(
    `${`single tasks, ${SINGLES} one after the other`.padEnd(60)} ${singlePerMin.toFixed(1)} items/min (load average ${os.loadavg()[0]!.toFixed(2)})`,
  );

  // The batch, with another user polling the API meanwhile.
  started = performance.now();
  const { batchId, cost } = await call(owner.auth, 'POST', '/api/batches', {
    ...RECIPE,
    items: urls.slice(0, ITEMS).map((u) => [u]),
  });
  const busy: number[] = [];
  let batch: any;
  let reported = 0;
  for (;;) {
    let t = performance.now();
    await call(other.auth, 'GET', '/api/user/current');
    busy.push(performance.now() - t);
    t = performance.now();
    batch = await call(owner.auth, 'GET', `/api/batches/${batchId}`);
    busy.push(performance.now() - t);
    // Progress as it goes, so a run cut short on a busy machine still leaves a measured figure.
    if (batch.counts.completed >= reported + 5 || (batch.status !== 'running' && batch.counts.completed > reported)) {
      reported = batch.counts.completed;
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `  batch: ${reported}/${ITEMS} done after ${seconds.toFixed(0)} s (${(reported / (seconds / 60)).toFixed(1)} items/min so far), API p99 so far ${percentile(busy, 0.99).toFixed(1)} ms, load average ${os.loadavg()[0]!.toFixed(2)}`,
      );
    }
    if (batch.status !== 'running') break;
    // A browser's poll is about once a second; 200 ms gives many samples without the poller itself
    // taking the CPU the batch needs.
    await new Promise((r) => setTimeout(r, 200));
  }
  const batchSeconds = (performance.now() - started) / 1000;
  const batchPerMin = ITEMS / (batchSeconds / 60);
  console.log(`${`single tasks, ${SINGLES} one after the other`.padEnd(60)} ${singlePerMin.toFixed(1)} items/min`);
  console.log(`${'single task, seconds each'.padEnd(60)} ${(60 / singlePerMin).toFixed(1)} s`);
  console.log(
    `${`batch of ${ITEMS} (cost ${cost}), status ${batch.status}, ${batch.counts.completed} completed`.padEnd(60)} ${batchPerMin.toFixed(1)} items/min (${batchSeconds.toFixed(0)} s)`,
  );
  console.log(
    `${'API p50 / p99 idle (GET /api/user/current)'.padEnd(60)} ${percentile(idle, 0.5).toFixed(1)} / ${percentile(idle, 0.99).toFixed(1)} ms (${idle.length} calls)`,
  );
  console.log(
    `${'API p50 / p99 while the batch runs (user/current + batch)'.padEnd(60)} ${percentile(busy, 0.5).toFixed(1)} / ${percentile(busy, 0.99).toFixed(1)} ms (${busy.length} calls)`,
  );
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')} (1 / 5 / 15 min)`,
  );
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
