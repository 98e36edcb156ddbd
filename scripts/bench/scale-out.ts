import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
// Commerce's sign-up grant for the accounts made here (the composition root registers it).
import '../../packages/server/src/app/account-events.ts';
import { migrateToLatest } from '../../packages/server/src/app/migrate.ts';
import { grantPoints } from '../../packages/server/src/commerce/points/grants.ts';
import { charge } from '../../packages/server/src/commerce/points/ledger.ts';
import { productPhoto } from '../../packages/server/src/engines/local/test-fixtures.test-support.ts';
import { createSession } from '../../packages/server/src/identity/accounts/sessions.ts';
import { createUser } from '../../packages/server/src/identity/accounts/users.ts';
import { createDb, type Db } from '../../packages/server/src/platform/db/index.ts';
import { writeTransaction } from '../../packages/server/src/platform/db/transaction.ts';
import { type Cluster, startCluster } from '../../tests/support/cluster.ts';

/**
 * The scale-out curve (docs/scaling.md), printed as tables:
 * 1. requests/s and p99 of GET /api/user/current and POST /api/tasks at 1, 2 and 4 API processes
 *    (built server, PostgreSQL + Redis + S3), against a bare Fastify route in the same run;
 * 2. charges/s on one account and across 100 accounts, SQLite vs PostgreSQL;
 * 3. tasks per minute for QR art and cutout at 1, 2 and 4 worker processes.
 * Needs PostgreSQL and Redis (skipped with a notice otherwise). SCALE_SECONDS sets each load run.
 */
const SECONDS = Number(process.env.SCALE_SECONDS ?? 5);
const CONNECTIONS = 50;
const ROOT = path.resolve(import.meta.dirname, '../..');

interface Load {
  rps: number;
  p99: number;
  errors: number;
}

/** Load on several origins at once (one autocannon each, connections split), as a balancer spreads it. */
async function load(
  origins: string[],
  request: { path: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; tokens?: string[] },
): Promise<Load> {
  // Task creation is limited per user (60 a minute): the load rotates over many users' tokens.
  let turn = 0;
  const rotate = request.tokens
    ? [
        {
          setupRequest: (req: Record<string, any>) => ({
            ...req,
            headers: { ...req.headers, authorization: `Bearer ${request.tokens?.[turn++ % (request.tokens?.length ?? 1)]}` },
          }),
        },
      ]
    : undefined;
  const per = Math.max(1, Math.floor(CONNECTIONS / origins.length));
  const results = await Promise.all(
    origins.map((origin) =>
      autocannon({
        url: `${origin}${request.path}`,
        method: request.method ?? 'GET',
        headers: request.headers,
        body: request.body,
        connections: per,
        duration: SECONDS,
        ...(rotate ? { requests: rotate } : {}),
      }),
    ),
  );
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
  };
}

/** A bare Fastify route in its own process: the framework's ceiling on this machine. */
async function bareFastify(): Promise<{ origin: string; stop(): void }> {
  const code = `
    const app = require('fastify')();
    app.get('/bare', async () => ({ code: 0, data: { ok: true }, msg: '' }));
    app.listen({ port: 0, host: '127.0.0.1' }).then(() => console.log('LISTENING ' + app.server.address().port));`;
  const child = spawn(process.execPath, ['-e', code], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/LISTENING (\d+)/);
      if (match?.[1]) resolve(match[1]);
    });
  });
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

async function userWithToken(db: Db, points = 0): Promise<{ id: string; token: string }> {
  const id = await createUser(db, { phone: `139${crypto.randomInt(0, 1e8).toString().padStart(8, '0')}` });
  if (points > 0) {
    await writeTransaction(db, (trx) =>
      grantPoints(trx, { userId: id, amount: points, kind: 'topup', reason: 'admin_adjust', refType: 'bench', refId: id }),
    );
  }
  const { accessToken } = await createSession(db, id, 3600);
  return { id, token: accessToken };
}

function clusterDb(cluster: Cluster): Db {
  return createDb({ DATABASE_URL: cluster.databaseUrl, dataDir: cluster.env.DATA_DIR ?? os.tmpdir() });
}

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(8);

async function requestsTable() {
  const bare = await bareFastify();
  const rows: string[] = [];
  try {
    const baseline = await load([bare.origin], { path: '/bare' });
    rows.push(`| bare Fastify route        | 1 | ${fmt(baseline.rps)} | ${fmt(baseline.p99)} | 1.00 |`);
    for (const apis of [1, 2, 4]) {
      const cluster = await startCluster({ apis, workers: 0 });
      try {
        const db = clusterDb(cluster);
        const user = await userWithToken(db);
        const creators = await Promise.all(Array.from({ length: 300 }, () => userWithToken(db)));
        await db.destroy();
        const origins = cluster.apis.map((a) => a.origin);
        const headers = { authorization: `Bearer ${user.token}` };
        const current = await load(origins, { path: '/api/user/current', headers });
        rows.push(
          `| GET /api/user/current    | ${apis} | ${fmt(current.rps)} | ${fmt(current.p99)} | ${(current.rps / baseline.rps).toFixed(2)} |` +
            (current.errors ? ` errors ${current.errors}` : ''),
        );
        const body = JSON.stringify({ bizType: 'QR_CODE_ART', params: { content: 'https://inspo.example/bench', topN: 1 } });
        const tasks = await load(origins, {
          path: '/api/tasks',
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          tokens: creators.map((c) => c.token),
        });
        rows.push(
          `| POST /api/tasks (QR, 0 pt) | ${apis} | ${fmt(tasks.rps)} | ${fmt(tasks.p99)} | ${(tasks.rps / baseline.rps).toFixed(2)} |` +
            (tasks.errors ? ` non-2xx ${tasks.errors}` : ''),
        );
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    bare.stop();
  }
  console.log(
    `\nRequests (${CONNECTIONS} connections, ${SECONDS} s each; API processes without workers; autocannon in this process)`,
  );
  console.log('| route                     | API processes | req/s | p99 ms | ratio to bare |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}

async function chargesOn(db: Db, accounts: number, perAccount: number): Promise<number> {
  const users = await Promise.all(Array.from({ length: accounts }, () => userWithToken(db, perAccount * 10)));
  const started = performance.now();
  await Promise.all(
    users.flatMap((u) =>
      Array.from({ length: perAccount }, (_, i) =>
        charge(db, { userId: u.id, cost: 10, refType: 'bench', refId: `${u.id}:${i}` }),
      ),
    ),
  );
  return (accounts * perAccount) / ((performance.now() - started) / 1000);
}

async function chargesTable() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-bench-scale-'));
  const sqlite = createDb({ dataDir, DATABASE_URL: undefined });
  await migrateToLatest(sqlite);
  const cluster = await startCluster({ apis: 1, workers: 0 });
  const postgres = clusterDb(cluster);
  try {
    console.log('\nCharges (10 points each, all concurrent)');
    console.log('| database   | 1 account x 1000 | 100 accounts x 20 |');
    console.log('|---|---|---|');
    for (const [name, db] of [
      ['SQLite', sqlite],
      ['PostgreSQL', postgres],
    ] as const) {
      const one = await chargesOn(db, 1, 1000);
      const many = await chargesOn(db, 100, 20);
      console.log(`| ${name.padEnd(10)} | ${fmt(one)}/s | ${fmt(many)}/s |`);
    }
  } finally {
    await sqlite.destroy();
    await postgres.destroy();
    await cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function upload(origin: string, token: string, image: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${origin}/api/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return ((await res.json()) as { data: string[] }).data[0] as string;
}

async function tasksPerMinute(workers: number, kind: 'qr' | 'cutout', count: number): Promise<number> {
  const cluster = await startCluster({ apis: 1, workers });
  try {
    const db = clusterDb(cluster);
    const user = await userWithToken(db, 10_000);
    await db.destroy();
    const origin = cluster.apis[0]?.origin ?? '';
    const auth = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
    const input = kind === 'cutout' ? await upload(origin, user.token, await productPhoto()) : '';
    // One warm-up task per worker (model load, first ffmpeg/sharp calls), then the timed batch.
    const submit = async (n: number) => {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const json =
          kind === 'qr'
            ? { bizType: 'QR_CODE_ART', params: { content: `https://inspo.example/bench/${i}`, topN: 1 } }
            : { bizType: 'MATTING_IMAGE', params: {}, inputs: [input] };
        const res = await fetch(`${origin}/api/tasks`, { method: 'POST', headers: auth, body: JSON.stringify(json) });
        ids.push(((await res.json()) as { data: { taskId: string } }).data.taskId);
      }
      return ids;
    };
    const settle = async (ids: string[]) => {
      for (;;) {
        const rows = await cluster.query<{ n: string }>(
          "select count(*) as n from tasks where id = any($1) and status in ('completed','failed','stopped')",
          [ids],
        );
        if (Number(rows[0]?.n) === ids.length) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await settle(await submit(workers));
    const started = performance.now();
    await settle(await submit(count));
    return count / ((performance.now() - started) / 60_000);
  } finally {
    await cluster.stop();
  }
}

async function workersTable() {
  console.log('\nTasks per minute by worker processes (1 API process; ENGINE_CONCURRENCY local=1 per worker)');
  console.log('| task | 1 worker | 2 workers | 4 workers |');
  console.log('|---|---|---|---|');
  for (const [kind, count] of [
    ['qr', 40],
    ['cutout', 8],
  ] as const) {
    const figures: string[] = [];
    for (const workers of [1, 2, 4]) figures.push(fmt(await tasksPerMinute(workers, kind, count), 1));
    console.log(`| ${kind === 'qr' ? 'QR art (1 code)' : 'cutout 1024 px'} | ${figures.join(' | ')} |`);
  }
}

const { postgresAvailable, redisAvailable } = await import('../../packages/server/src/test-support/services.ts');
if (!postgresAvailable || !redisAvailable) {
  console.log('NOTICE: the scale-out benchmark needs PostgreSQL and Redis; skipped.');
} else {
  await requestsTable();
  await chargesTable();
  await workersTable();
}
