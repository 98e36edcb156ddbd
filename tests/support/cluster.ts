import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';

/**
 * The scale-out topology on this machine (docs/scaling.md): N API processes and M worker processes
 * of the built server (plain `node`, no TypeScript loader), sharing a fresh PostgreSQL database,
 * Redis (BullMQ queues under a fresh prefix) and an S3-compatible store (s3rver), behind a
 * round-robin TCP balancer, as a load balancer would spread clients over the API processes.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The dev outbox's token of every server the journeys start (DEV_OUTBOX_TOKEN; issue 42). */
export const E2E_OUTBOX_TOKEN = 'e2e-dev-outbox-token-0001';

export interface ClusterProcess {
  kind: 'api' | 'worker';
  /** The API's own origin (APIs only). */
  origin: string;
  pid: number;
  /** The worker id it printed (workers only). */
  workerId: string;
  output(): string;
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface Cluster {
  /** The balancer's origin: what a browser or client uses. */
  origin: string;
  apis: ClusterProcess[];
  workers: ClusterProcess[];
  databaseUrl: string;
  env: Record<string, string>;
  /** Starts one more API or worker process on the same backends (with extra settings if given). */
  add(kind: 'api' | 'worker', extraEnv?: Record<string, string>): Promise<ClusterProcess>;
  /** Runs a query on the cluster's database. */
  query<T = any>(text: string, values?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

/** The bucket's CORS rule: any origin may read (GET, HEAD) its objects, as with presigned URLs they are read by the pages. */
const BUCKET_CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

let built = false;
/** Builds the server once per test process (transpile and bundle: seconds). */
export function buildServer() {
  // npm test built it already (scripts/setup.sh, then E2E_BUILT_SERVER=1).
  if (built || process.env.E2E_BUILT_SERVER === '1') return;
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], { cwd: ROOT, stdio: 'pipe' });
  built = true;
}

export async function startCluster(
  options: { apis?: number; workers?: number; env?: Record<string, string> } = {},
): Promise<Cluster> {
  buildServer();
  const id = crypto.randomBytes(5).toString('hex');
  const dbName = `pi_scale_${id}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const adminUrl = new URL(PG_ADMIN_URL);
  adminUrl.pathname = `/${dbName}`;
  const databaseUrl = adminUrl.toString();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });

  const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-s3-'));
  // CORS as a bucket serving presigned URLs to the product's pages needs it (docs/scaling.md): the
  // pages read its pictures into a canvas (eyedropper, mask editors) and fetch its files.
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'media', configs: [BUCKET_CORS] }],
  });
  const s3Address = (await s3.run()) as { port: number };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-scale-'));

  const env: Record<string, string> = {
    DEV_OUTBOX_TOKEN: E2E_OUTBOX_TOKEN,
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    QUEUE_PREFIX: `pi-scale-${id}`,
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
    S3_BUCKET: 'media',
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    S3_REGION: 'us-east-1',
    API_WORKERS: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    ...options.env,
  };

  const processes: ClusterProcess[] = [];
  const apis: ClusterProcess[] = [];
  const workers: ClusterProcess[] = [];

  async function add(kind: 'api' | 'worker', extraEnv: Record<string, string> = {}): Promise<ClusterProcess> {
    const entry = kind === 'api' ? 'packages/server/dist/app/index.js' : 'packages/server/dist/app/worker.js';
    const child: ChildProcess = spawn(process.execPath, ['--conditions=compiled', entry], {
      cwd: ROOT,
      env: { ...process.env, ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const ready = await new Promise<string>((resolve, reject) => {
      const pattern = kind === 'api' ? /LISTENING (\d+)/ : /WORKER (\S+)/;
      child.stdout?.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        const match = log.match(pattern);
        if (match?.[1]) resolve(match[1]);
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        log += chunk.toString();
      });
      child.once('exit', (code) => reject(new Error(`${kind} exited with ${code}:\n${log}`)));
    });
    const proc: ClusterProcess = {
      kind,
      origin: kind === 'api' ? `http://127.0.0.1:${ready}` : '',
      pid: child.pid ?? 0,
      workerId: kind === 'worker' ? ready : '',
      output: () => log,
      exited,
      async kill(signal) {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill(signal);
          await exited;
        }
      },
    };
    processes.push(proc);
    (kind === 'api' ? apis : workers).push(proc);
    return proc;
  }

  // The balancer listens first: its address is the deployment's PUBLIC_URL when a journey asks for it
  // ('self', tests/support/server.ts), as behind a real load balancer.
  let next = 0;
  const sockets = new Set<net.Socket>();
  const balancer = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    const alive = apis.filter((a) => a.origin);
    const target = alive[next++ % alive.length];
    if (!target) return client.destroy();
    const upstream = net.connect(Number(new URL(target.origin).port), '127.0.0.1');
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => balancer.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(balancer.address() as net.AddressInfo).port}`;
  if (env.PUBLIC_URL === 'self') env.PUBLIC_URL = origin;

  // Migrations run in the first process alone, so the others never race on them.
  await add('api');
  await Promise.all([
    ...Array.from({ length: (options.apis ?? 2) - 1 }, () => add('api')),
    ...Array.from({ length: options.workers ?? 2 }, () => add('worker')),
  ]);

  return {
    origin,
    apis,
    workers,
    databaseUrl,
    env,
    add,
    async query(text, values) {
      return (await pool.query(text, values as unknown[])).rows;
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => balancer.close(() => resolve()));
      await Promise.all(processes.map((p) => p.kill('SIGTERM')));
      await pool.end();
      await s3.close();
      const cleanup = new pg.Client({ connectionString: PG_ADMIN_URL });
      await cleanup.connect();
      // pool.end() resolves before its sockets have closed: a forced drop now would terminate this
      // process's own ending connections, whose FATAL 57P01 then has no listener (an uncaught error
      // that failed a whole CI run). Wait (up to 10 s) until no session is left on the database.
      for (let i = 0; i < 100; i++) {
        const left = await cleanup.query('select count(*)::int as n from pg_stat_activity where datname = $1', [dbName]);
        if (left.rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await cleanup.query(`drop database if exists ${dbName} with (force)`);
      await cleanup.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(s3Dir, { recursive: true, force: true });
    },
  };
}
