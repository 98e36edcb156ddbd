import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
// Commerce's sign-up grant for the accounts made here (the composition root registers it).
import '../../../packages/server/src/app/account-events.ts';
import { grantPoints } from '../../../packages/server/src/commerce/points/grants.ts';
import { createSession } from '../../../packages/server/src/identity/accounts/sessions.ts';
import { createUser } from '../../../packages/server/src/identity/accounts/users.ts';
import { createDb } from '../../../packages/server/src/platform/db/index.ts';
import { writeTransaction } from '../../../packages/server/src/platform/db/transaction.ts';

/**
 * The servers the HTTP benches measure (speed.ts, hot-path-builds.ts): the product's server on its
 * embedded defaults with a user who can call it, a bare Fastify app as the baseline, and the CPU a
 * process has used (this folder is not a bench of its own: `npm run bench` runs scripts/bench/*.ts).
 */

export const ROOT = path.resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(url: string, seconds = 60) {
  for (let i = 0; i < seconds * 10; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never answered`);
}

/** A process whose stdout goes to /dev/null (the log lines cost the server, not this process). */
export function start(command: string, args: string[], env: Record<string, string>) {
  const sink = fs.openSync('/dev/null', 'w');
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', sink, 'inherit'] });
  return { pid: child.pid as number, stop: () => child.kill() };
}

/**
 * CPU time a process and its children have used, in ms (Linux /proc): CPU per request is what the
 * machine's load does not change, unlike requests/s (other processes take turns on the same cores).
 */
export function cpuMs(pid: number): number {
  let total = 0;
  const visit = (p: number) => {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, 100 ticks/s
      for (const child of fs.readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean))
        visit(Number(child));
    } catch {}
  };
  visit(pid);
  return total;
}

/**
 * Waits until a process has settled after its start (module loading, engine threads, start-up jobs
 * use CPU for a while after it first answers): less than 5 % of a core over half a second, or 60 s.
 * CPU per request measured before that counts the start-up's work as the route's.
 */
export async function settled(pid: number) {
  for (let i = 0; i < 120; i++) {
    const before = cpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (cpuMs(pid) - before < 25) return;
  }
}

/**
 * The baseline: a bare Fastify app. `/bare` answers the issue's small JSON; `/same` answers the
 * bytes given (the product's own answer), to show what the answer's size alone costs. `wrap` runs
 * node under another program (valgrind: hot-path-instructions.ts), with the JIT's symbol map on.
 */
export async function bareFastify(
  same = '{}',
  wrap: string[] = [],
  startSeconds = 60,
  options: { logger?: boolean; headers?: Record<string, string> } = {},
) {
  const port = await freePort();
  // `logger`: pino at info as the product ships it, its two request lines off (the product writes
  // its own only for failed or slow requests). `/same-work` answers the bytes with `headers` too.
  const code = `
    const app = require('fastify')(${options.logger ? "{ logger: { level: 'info' }, logController: new (require('fastify').LogController)({ disableRequestLogging: true }) }" : ''});
    // Read once: each process.env read is a native lookup that copies the string again (14k of the
    // route's 83k instructions a request under callgrind), a cost the product's route does not have.
    const same = process.env.SAME_BODY;
    const headers = { 'content-type': 'application/json; charset=utf-8', ...JSON.parse(process.env.SAME_HEADERS) };
    app.get('/bare', async () => ({ code: 0, data: { ok: true }, msg: '' }));
    app.get('/same', async (request, reply) => reply.type('application/json; charset=utf-8').send(same));
    app.get('/same-work', async (request, reply) => reply.headers(headers).send(same));
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const [command = process.execPath, ...args] = [
    ...wrap,
    process.execPath,
    ...(wrap.length ? ['--perf-basic-prof'] : []),
    '-e',
    code,
  ];
  // HOST as the product server has it: callgrind_control finds a valgrind-run server's pipe by it.
  const { pid, stop } = start(command, args, {
    SAME_BODY: same,
    SAME_HEADERS: JSON.stringify(options.headers ?? {}),
    HOST: '127.0.0.1',
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/bare`, startSeconds);
  return { origin, stop, pid };
}

/**
 * The product's server, started by `command` (the build or the sources) on the embedded defaults
 * (SQLite in its own DATA_DIR, no Redis, NODE_ENV=production, LOG_LEVEL=info as shipped unless `env`
 * says otherwise), with a user holding 10,000 points and a session: `auth` calls as that user.
 */
export async function productServer(command: [string, string[]], env: Record<string, string> = {}, startSeconds = 60) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-bench-server-'));
  const { pid, stop } = start(command[0], command[1], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    DATABASE_URL: '',
    REDIS_URL: '',
    ...env,
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/api/health`, startSeconds);
  const db = createDb({ dataDir, DATABASE_URL: undefined });
  const id = await createUser(db, { phone: `139${crypto.randomInt(0, 1e8).toString().padStart(8, '0')}` });
  await writeTransaction(db, (trx) =>
    grantPoints(trx, { userId: id, amount: 10_000, kind: 'topup', reason: 'admin_adjust', refType: 'bench', refId: id }),
  );
  const { accessToken } = await createSession(db, id, 3600);
  await db.destroy();
  return {
    origin,
    pid,
    auth: { authorization: `Bearer ${accessToken}` },
    stop: () => {
      stop();
      // The killed server may still be writing its files for a moment.
      setTimeout(() => fs.rmSync(dataDir, { recursive: true, force: true }), 1000);
    },
  };
}
