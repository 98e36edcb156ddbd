import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import pg from 'pg';
// Commerce's sign-up grant for the accounts made here (the composition root registers it).
import '../../packages/server/src/app/account-events.ts';
import { migrateToLatest } from '../../packages/server/src/app/migrate.ts';
import { grantPoints } from '../../packages/server/src/commerce/points/grants.ts';
import { charge } from '../../packages/server/src/commerce/points/ledger.ts';
import { productPhoto } from '../../packages/server/src/engines/local/test-fixtures.test-support.ts';
import { createUser } from '../../packages/server/src/identity/accounts/users.ts';
import { createDb, type Db } from '../../packages/server/src/platform/db/index.ts';
import { writeTransaction } from '../../packages/server/src/platform/db/transaction.ts';
import { bareFastify, cpuMs, freePort, productServer, ROOT, settled } from './support/servers.ts';

/**
 * Issue 16's goals (docs/performance.md), each printed as a ratio against its baseline measured in
 * the same run (the machine is shared, so only same-run ratios mean anything):
 * 1. GET /api/user/current on the real server (SQLite, LOG_LEVEL=info as shipped) against a bare
 *    Fastify route: req/s ratio and p99;
 * 2. the same route's p99 while 4 cutouts run in the same server (engine pool);
 * 3. charges/s through points/ledger.ts against the bare better-sqlite3 transaction.
 * SPEED_SECONDS sets each load run (default 5). Figures are printed, never asserted.
 */
const SECONDS = Number(process.env.SPEED_SECONDS ?? 5);
const CONNECTIONS = 50;

/**
 * The server as `npm start` runs it: the build (scripts/build-server.mjs, made once per bench run)
 * on plain node. SPEED_FROM=sources runs the TypeScript sources through tsx instead, whose
 * transform keeps function names (`keepNames`): every closure made per request then costs a
 * defineProperty, which the build does not pay (about a fifth of the hot path's CPU, issue 48).
 */
const FROM_SOURCES = process.env.SPEED_FROM === 'sources';
let built = false;
function serverCommand(): [string, string[]] {
  if (FROM_SOURCES) return [process.execPath, ['--import', 'tsx', 'packages/server/src/app/index.ts']];
  if (!built) {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) throw new Error('scripts/build-server.mjs failed');
    built = true;
  }
  return [process.execPath, ['--conditions=compiled', 'packages/server/dist/app/index.js']];
}

/** The product's server as this bench runs it (the build, or the sources with SPEED_FROM=sources). */
const productServerHere = (extraEnv: Record<string, string> = {}) =>
  productServer(serverCommand(), { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', ...extraEnv });

async function load(url: string, headers: Record<string, string> = {}, pid?: number) {
  const before = pid ? cpuMs(pid) : 0;
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  const cpu = pid ? ((cpuMs(pid) - before) * 1000) / Math.max(1, r.requests.total) : 0;
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx, cpuUs: cpu };
}

const row = (cells: (string | number)[]) => console.log(`| ${cells.join(' | ')} |`);
const n0 = (x: number) => x.toFixed(0);

async function hotPath() {
  const product = await productServerHere();
  const first = await fetch(`${product.origin}/api/user/current`, { headers: product.auth });
  const answer = await first.text();
  const bare = await bareFastify(answer);
  // The product's HTTP work without its own: the bearer header in, the same bytes and the same
  // security headers out, the logger on as shipped (issue 48, session 17: this alone costs a bare app
  // 0.75-0.88 of `/bare`, so the product's own share is the gap between this row and its own).
  const fastifyOwn = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  const headers = Object.fromEntries([...first.headers].filter(([name]) => !fastifyOwn.has(name)));
  const work = await bareFastify(answer, [], 60, { logger: true, headers });
  try {
    // Warm both (JIT, first queries) once the product has settled after its start.
    await settled(product.pid);
    await autocannon({ url: `${bare.origin}/bare`, connections: 10, duration: 2 });
    await autocannon({ url: `${work.origin}/same-work`, headers: product.auth, connections: 10, duration: 2 });
    await autocannon({ url: `${product.origin}/api/user/current`, headers: product.auth, connections: 10, duration: 2 });
    await autocannon({ url: `${product.origin}/api/health`, connections: 10, duration: 1 });
    const baseline = await load(`${bare.origin}/bare`, {}, bare.pid);
    const current = await load(`${product.origin}/api/user/current`, product.auth, product.pid);
    const sameWork = await load(`${work.origin}/same-work`, product.auth, work.pid);
    const health = await load(`${product.origin}/api/health`, {}, product.pid);
    const same = await load(`${bare.origin}/same`, {}, bare.pid);
    console.log(
      `\nHot path (${CONNECTIONS} connections, ${SECONDS} s each, same run; the server ${FROM_SOURCES ? 'from its sources (tsx)' : 'as built'}; load average ${os.loadavg()[0]?.toFixed(2)})`,
    );
    // CPU µs per request: bare / route is the req/s ratio an otherwise idle machine would show.
    const cpuRatio = (x: { cpuUs: number }) => (baseline.cpuUs / x.cpuUs).toFixed(2);
    row(['route', 'req/s', 'p99 ms', 'req/s ratio to bare', 'server CPU µs/request', 'CPU ratio (bare/route)', 'goal']);
    row(['---', '---', '---', '---', '---', '---', '---']);
    row(['bare Fastify route', n0(baseline.rps), baseline.p99, '1.00', n0(baseline.cpuUs), '1.00', 'baseline']);
    row([
      `bare Fastify route answering the same ${Buffer.byteLength(answer)} bytes as /api/user/current`,
      n0(same.rps),
      same.p99,
      (same.rps / baseline.rps).toFixed(2),
      n0(same.cpuUs),
      cpuRatio(same),
      '-',
    ]);
    row([
      `bare Fastify doing the same HTTP work (bearer header in; the same bytes and ${Object.keys(headers).length} security headers out; logger at info)`,
      n0(sameWork.rps),
      sameWork.p99,
      (sameWork.rps / baseline.rps).toFixed(2),
      n0(sameWork.cpuUs),
      cpuRatio(sameWork),
      '-',
    ]);
    row([
      'GET /api/user/current',
      n0(current.rps),
      current.p99,
      (current.rps / baseline.rps).toFixed(2),
      n0(current.cpuUs),
      cpuRatio(current),
      `>= 0.80 (issue 48; 0.50 in issue 16), p99 < 20 ms${current.errors ? ` (errors ${current.errors})` : ''}; ${(current.rps / same.rps).toFixed(2)} of the same-bytes route, ${(current.rps / sameWork.rps).toFixed(2)} of the same HTTP work`,
    ]);
    row([
      'GET /api/health',
      n0(health.rps),
      health.p99,
      (health.rps / baseline.rps).toFixed(2),
      n0(health.cpuUs),
      cpuRatio(health),
      '-',
    ]);

    if (process.env.SPEED_ONLY === 'current') return;
    // While 4 cutouts run in the same server (engine pool threads).
    const auth = { ...product.auth, 'content-type': 'application/json' };
    const inputs: string[] = [];
    for (let i = 0; i < 5; i++) {
      const form = new FormData();
      const photo = await productPhoto(1024, 1024, 'png', 900 + i);
      form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo.png');
      const res = await fetch(`${product.origin}/api/upload`, { method: 'POST', headers: product.auth, body: form });
      inputs.push(((await res.json()) as { data: string[] }).data[0] as string);
    }
    const submit = async (input: string) => {
      const res = await fetch(`${product.origin}/api/tasks`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ bizType: 'MATTING_IMAGE', params: {}, inputs: [input] }),
      });
      const body = (await res.json()) as { code: number; data?: { taskId: string }; msg: string };
      if (!body.data) throw new Error(`cutout refused: ${body.msg}`);
      return body.data.taskId;
    };
    const settle = async (ids: string[]) => {
      for (;;) {
        const states = await Promise.all(
          ids.map(async (id) => {
            const res = await fetch(`${product.origin}/api/tasks/${id}`, { headers: product.auth });
            return ((await res.json()) as { data: { status: string } }).data.status;
          }),
        );
        if (states.every((s) => ['completed', 'failed', 'stopped'].includes(s))) return states;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    await settle([await submit(inputs[0] as string)]); // model load is not what is measured
    const ids = await Promise.all(inputs.slice(1).map(submit));
    const started = performance.now();
    const busy = await load(`${product.origin}/api/user/current`, product.auth);
    const states = await settle(ids);
    row([
      'GET /api/user/current while 4 cutouts run',
      n0(busy.rps),
      busy.p99,
      (busy.rps / baseline.rps).toFixed(2),
      '-',
      '-',
      `p99 < 50 ms (cutouts ${states.join(',')} in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    ]);
  } finally {
    bare.stop();
    work.stop();
    product.stop();
  }
}

/** The charge transaction written bare: lock, spend one bucket, one ledger row. */
function bareSqliteCharges(dataDir: string, accounts: number, perAccount: number): number {
  const db = new SQLite(path.join(dataDir, 'bare.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`create table acc (user_id text primary key, balance integer not null);
    create table bucket (id integer primary key, user_id text, remaining integer);
    create table ledger (id integer primary key, user_id text, delta integer, ref text unique, balance integer)`);
  const users = Array.from({ length: accounts }, (_, i) => `u${i}`);
  for (const u of users) {
    db.prepare('insert into acc values (?, ?)').run(u, perAccount * 10);
    db.prepare('insert into bucket (user_id, remaining) values (?, ?)').run(u, perAccount * 10);
  }
  const balance = db.prepare('update acc set balance = balance - ? where user_id = ? and balance >= ? returning balance');
  const bucket = db.prepare('update bucket set remaining = remaining - ? where user_id = ?');
  const ledger = db.prepare('insert into ledger (user_id, delta, ref, balance) values (?, ?, ?, ?)');
  const one = db.transaction((u: string, ref: string) => {
    const b = balance.get(10, u, 10) as { balance: number } | undefined;
    if (!b) throw new Error('not enough');
    bucket.run(10, u);
    ledger.run(u, -10, ref, b.balance);
  });
  const started = performance.now();
  for (let i = 0; i < perAccount; i++) for (const u of users) one.immediate(u, `${u}:${i}`);
  const rate = (accounts * perAccount) / ((performance.now() - started) / 1000);
  db.close();
  return rate;
}

async function productCharges(db: Db, accounts: number, perAccount: number): Promise<number> {
  const users: string[] = [];
  for (let i = 0; i < accounts; i++) {
    const id = await createUser(db, { phone: `139${crypto.randomInt(0, 1e8).toString().padStart(8, '0')}` });
    await writeTransaction(db, (trx) =>
      grantPoints(trx, {
        userId: id,
        amount: perAccount * 10,
        kind: 'topup',
        reason: 'admin_adjust',
        refType: 'bench',
        refId: id,
      }),
    );
    users.push(id);
  }
  const started = performance.now();
  await Promise.all(
    users.flatMap((u) =>
      Array.from({ length: perAccount }, (_, i) => charge(db, { userId: u, cost: 10, refType: 'bench', refId: `${u}:${i}` })),
    ),
  );
  return (accounts * perAccount) / ((performance.now() - started) / 1000);
}

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * PostgreSQL baselines on the same server, 1,000 concurrent statements through a pool of 10 (the
 * product's pool size): a single conditional UPDATE of one balance row (autocommit), and the
 * charge transaction written bare (BEGIN; UPDATE balance; INSERT ledger row; COMMIT).
 */
async function barePg(schema: string, total: number, transaction: boolean): Promise<number> {
  const pool = new pg.Pool({ connectionString: PG_URL, max: 10, options: `-c search_path=${schema}` });
  await pool.query('drop table if exists bare_acc, bare_ledger');
  await pool.query('create table bare_acc (user_id text primary key, balance integer not null check (balance >= 0))');
  await pool.query(
    'create table bare_ledger (id bigserial primary key, user_id text, delta integer, ref text unique, balance integer)',
  );
  await pool.query(`insert into bare_acc values ('u', ${total * 10})`);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: total }, async (_, i) => {
      if (!transaction) {
        await pool.query('update bare_acc set balance = balance - 10 where user_id = $1 and balance >= 10', ['u']);
        return;
      }
      const client = await pool.connect();
      try {
        await client.query('begin');
        const r = await client.query(
          'update bare_acc set balance = balance - 10 where user_id = $1 and balance >= 10 returning balance',
          ['u'],
        );
        await client.query('insert into bare_ledger (user_id, delta, ref, balance) values ($1, -10, $2, $3)', [
          'u',
          `r${i}`,
          r.rows[0].balance,
        ]);
        await client.query('commit');
      } finally {
        client.release();
      }
    }),
  );
  const rate = total / ((performance.now() - started) / 1000);
  await pool.end();
  return rate;
}

async function charges() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-bench-charges-'));
  const db = createDb({ dataDir, DATABASE_URL: undefined });
  try {
    await migrateToLatest(db);
    const oneBare = bareSqliteCharges(fs.mkdtempSync(path.join(dataDir, 'a')), 1, 1000);
    const manyBare = bareSqliteCharges(fs.mkdtempSync(path.join(dataDir, 'b')), 100, 20);
    const one = await productCharges(db, 1, 1000);
    const many = await productCharges(db, 100, 20);
    console.log(`\nCharges (10 points each, all concurrent; same run; load average ${os.loadavg()[0]?.toFixed(2)})`);
    row(['case', 'product charges/s', 'baseline/s', 'ratio', 'goal']);
    row(['---', '---', '---', '---', '---']);
    row([
      'SQLite, 1 account x 1000',
      n0(one),
      `${n0(oneBare)} (bare better-sqlite3 transaction, one by one)`,
      (one / oneBare).toFixed(2),
      '>= 5,000/s',
    ]);
    row(['SQLite, 100 accounts x 20', n0(many), `${n0(manyBare)} (same)`, (many / manyBare).toFixed(2), '>= 10,000/s']);
  } finally {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const admin = new pg.Client({ connectionString: PG_URL });
  if (
    !(await admin.connect().then(
      () => true,
      () => false,
    ))
  ) {
    console.log(`PostgreSQL not reachable at ${PG_URL}: skipped`);
    return;
  }
  const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
  await admin.query(`create schema ${schema}`);
  const pgDb = createDb({ dataDir: os.tmpdir(), DATABASE_URL: PG_URL }, { pgSchema: schema });
  try {
    await migrateToLatest(pgDb, schema);
    const update = await barePg(schema, 1000, false);
    const transaction = await barePg(schema, 1000, true);
    const one = await productCharges(pgDb, 1, 1000);
    const many = await productCharges(pgDb, 100, 20);
    row([
      'PostgreSQL, 1 account x 1000',
      n0(one),
      `${n0(update)} (bare single UPDATE, pool of 10)`,
      (one / update).toFixed(2),
      '>= 0.70 of bare',
    ]);
    row([
      'PostgreSQL, 1 account x 1000',
      n0(one),
      `${n0(transaction)} (bare transaction: UPDATE + ledger INSERT)`,
      (one / transaction).toFixed(2),
      '>= 0.70 of bare',
    ]);
    row(['PostgreSQL, 100 accounts x 20', n0(many), `${n0(update)} (bare single UPDATE)`, (many / update).toFixed(2), '-']);
  } finally {
    await pgDb.destroy();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

console.log(
  `machine: ${os.availableParallelism()} CPU, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
/**
 * First contentful paint of the home page in Chromium (playwright-core, the performance API), a
 * fresh context (empty cache) per sample, against a bare page served by node:http in the same run;
 * also counts the JS the page loads before `load` and how often the logo is fetched. Serves the
 * build in WEB_DIST (default packages/web/dist).
 */
async function webFirstLoad() {
  const { chromium } = await import('playwright-core');
  const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('../../tests/support/browser.ts');
  const http = await import('node:http');
  const webDist = path.resolve(process.env.WEB_DIST ?? path.join(ROOT, 'packages/web/dist'));
  const port = await freePort();
  const bare = http
    .createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><html><head><title>bare</title></head><body><h1>Hello</h1></body></html>');
    })
    .listen(port, '127.0.0.1');
  const product = await productServerHere({ WEB_DIST: webDist });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const sample = async (url: string) => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
      const page = await context.newPage();
      let logo = 0;
      page.on('response', (res) => {
        if (/logo/i.test(res.url())) logo++;
      });
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, {
        timeout: 30_000,
      });
      const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
      await page.waitForLoadState('networkidle').catch(() => {});
      // JavaScript on the wire (as served: brotli or gzip), fetched by the load event and until idle.
      const js = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        const loadAt = nav?.loadEventStart ?? Number.POSITIVE_INFINITY;
        const out = { byLoad: 0, byLoadFiles: 0, idle: 0, idleFiles: 0 };
        for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
          if (!new URL(r.name).pathname.endsWith('.js')) continue;
          out.idle += r.encodedBodySize;
          out.idleFiles++;
          if (r.responseEnd <= loadAt) {
            out.byLoad += r.encodedBodySize;
            out.byLoadFiles++;
          }
        }
        return out;
      });
      const jsBytes = js.byLoad;
      await context.close();
      return { fcp, jsBytes, logo, js };
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const runs = Number(process.env.SPEED_FCP_RUNS ?? 7);
    await sample(`${product.origin}/productimage/`); // server warm-up (first requests, caches)
    const bareRuns: number[] = [];
    const homeRuns: Array<{
      fcp: number;
      jsBytes: number;
      logo: number;
      js: { byLoad: number; byLoadFiles: number; idle: number; idleFiles: number };
    }> = [];
    for (let i = 0; i < runs; i++) {
      bareRuns.push((await sample(`http://127.0.0.1:${port}/`)).fcp);
      homeRuns.push(await sample(`${product.origin}/productimage/`));
    }
    const fcp = median(homeRuns.map((r) => r.fcp));
    const bareFcp = median(bareRuns);
    console.log(`\nWeb first load (Chromium, fresh context, median of ${runs}; load average ${os.loadavg()[0]?.toFixed(2)})`);
    const kb = (xs: number[]) => `${(median(xs) / 1024).toFixed(1)} KB`;
    row(['page', 'FCP ms', 'JS by the load event (as served)', 'JS until idle', 'logo requests', 'goal']);
    row(['---', '---', '---', '---', '---', '---']);
    row(['bare page (node:http)', n0(bareFcp), '-', '-', '-', 'baseline']);
    row([
      'home page /productimage/',
      n0(fcp),
      `${kb(homeRuns.map((r) => r.js.byLoad))} in ${median(homeRuns.map((r) => r.js.byLoadFiles))} files`,
      `${kb(homeRuns.map((r) => r.js.idle))} in ${median(homeRuns.map((r) => r.js.idleFiles))} files`,
      String(median(homeRuns.map((r) => r.logo))),
      'FCP < 400 ms, logo fetched once, JS by the load event <= 180 KB',
    ]);
  } finally {
    await browser.close();
    bare.close();
    product.stop();
  }
}

const only = process.env.SPEED_ONLY;
if (!only || only === 'hot' || only === 'current') await hotPath();
if (!only || only === 'charges') await charges();
if (!only || only === 'web') await webFirstLoad();
process.exit(0);
