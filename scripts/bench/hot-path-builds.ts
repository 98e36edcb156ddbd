import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
// Commerce's sign-up grant for the accounts made here (the composition root registers it).
import '../../packages/server/src/app/account-events.ts';
import { grantPoints } from '../../packages/server/src/commerce/points/grants.ts';
import { createSession } from '../../packages/server/src/identity/accounts/sessions.ts';
import { createUser } from '../../packages/server/src/identity/accounts/users.ts';
import { createDb } from '../../packages/server/src/platform/db/index.ts';
import { writeTransaction } from '../../packages/server/src/platform/db/transaction.ts';

/**
 * Builds of the server side by side (issue 48): GET /api/user/current on each build given and a
 * bare Fastify route, in alternating load runs of 50 connections, each round in the same order, so
 * the machine's load weighs on all of them alike. Prints the server's CPU per request (utime +
 * stime of all its threads, /proc) for every round and the medians. Keep the build before a change
 * inside the repository (its packages are found from there; tmp/ is ignored by git), build again:
 *   cp -r packages/server/dist tmp/dist-before && node scripts/build-server.mjs
 *   HOT_PATH_BUILDS=tmp/dist-before,packages/server/dist npm run bench -- hot-path-builds
 * A build may carry node flags after a `|` (`packages/server/dist|--max-semi-space-size=32`).
 * HOT_PATH_ROUNDS (default 8) and HOT_PATH_SECONDS (default 4) set the runs. Without
 * HOT_PATH_BUILDS it does nothing (`npm run bench` runs every file here).
 */
const builds = (process.env.HOT_PATH_BUILDS ?? '').split(',').filter(Boolean);
const ROUNDS = Number(process.env.HOT_PATH_ROUNDS ?? 8);
const SECONDS = Number(process.env.HOT_PATH_SECONDS ?? 4);
const ROOT = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/** CPU ms of a process and its children (utime + stime, 100 ticks/s). */
function cpuMs(pid: number): number {
  let total = 0;
  const visit = (p: number) => {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * 10;
      for (const child of fs.readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean))
        visit(Number(child));
    } catch {}
  };
  visit(pid);
  return total;
}

async function waitFor(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never answered`);
}

/** Less than 5 % of a core over half a second: the start-up's work is not counted as the route's. */
async function settled(pid: number) {
  for (let i = 0; i < 120; i++) {
    const before = cpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (cpuMs(pid) - before < 25) return;
  }
}

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  pid: number;
  stop: () => void;
}

function started(args: string[], env: Record<string, string>) {
  const sink = fs.openSync('/dev/null', 'w');
  return spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', sink, 'inherit'] });
}

async function bare(): Promise<Target> {
  const port = await freePort();
  const code = `const app = require('fastify')();
    app.get('/bare', async () => ({ code: 0, data: { ok: true }, msg: '' }));
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = started(['-e', code], {});
  const url = `http://127.0.0.1:${port}/bare`;
  await waitFor(url);
  return { name: 'bare Fastify route', url, headers: {}, pid: child.pid as number, stop: () => child.kill() };
}

async function build(spec: string): Promise<Target> {
  const [dist = '', ...flags] = spec.split('|');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-bench-builds-'));
  const child = started([...flags, '--conditions=compiled', path.join(dist, 'app/index.js')], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    DATABASE_URL: '',
    REDIS_URL: '',
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/api/health`);
  const db = createDb({ dataDir, DATABASE_URL: undefined });
  const id = await createUser(db, { phone: `139${crypto.randomInt(0, 1e8).toString().padStart(8, '0')}` });
  await writeTransaction(db, (trx) =>
    grantPoints(trx, { userId: id, amount: 10_000, kind: 'topup', reason: 'admin_adjust', refType: 'bench', refId: id }),
  );
  const { accessToken } = await createSession(db, id, 3600);
  await db.destroy();
  return {
    name: spec,
    url: `${origin}/api/user/current`,
    headers: { authorization: `Bearer ${accessToken}` },
    pid: child.pid as number,
    stop: () => {
      child.kill();
      setTimeout(() => fs.rmSync(dataDir, { recursive: true, force: true }), 1000);
    },
  };
}

if (builds.length === 0) {
  console.log('HOT_PATH_BUILDS not set: nothing to compare (see the comment at the top of this file).');
} else {
  const targets = [await bare()];
  for (const spec of builds) targets.push(await build(spec));
  try {
    for (const t of targets) await settled(t.pid);
    for (const t of targets) await autocannon({ url: t.url, headers: t.headers, connections: 10, duration: 3 });
    const figures = new Map<string, number[]>(targets.map((t) => [t.name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of targets) {
        const before = cpuMs(t.pid);
        const r = await autocannon({ url: t.url, headers: t.headers, connections: 50, duration: SECONDS });
        const us = ((cpuMs(t.pid) - before) * 1000) / Math.max(1, r.requests.total);
        figures.get(t.name)?.push(us);
        const errors = r.errors + r.non2xx;
        console.log(
          `round ${round} ${t.name}: ${us.toFixed(1)} µs/request, ${r.requests.average.toFixed(0)} req/s${errors ? `, errors ${errors}` : ''}, load ${os.loadavg()[0]?.toFixed(1)}`,
        );
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const bareMedian = median(figures.get(targets[0]?.name ?? '') ?? []);
    console.log('\n| target | CPU µs/request, median | each round | CPU ratio (bare/target) |\n|---|---|---|---|');
    for (const [name, xs] of figures)
      console.log(
        `| ${name} | ${median(xs).toFixed(1)} | ${xs.map((x) => x.toFixed(1)).join(', ')} | ${(bareMedian / median(xs)).toFixed(2)} |`,
      );
  } finally {
    for (const t of targets) t.stop();
  }
}
