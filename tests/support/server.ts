import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setClientHeaders } from './browser.ts';
import { E2E_OUTBOX_TOKEN, startCluster } from './cluster.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** The web app's base URL: `${origin}/productimage` */
  app: string;
  port: number;
  dataDir: string;
  /** Latest dev-outbox messages for a phone, e-mail or captcha mobileId. */
  outbox(to: string): Promise<Array<{ to: string; channel: string; text: string; code: string; sentAt: number }>>;
  stop(): Promise<void>;
  output(): string;
}

/**
 * Starts the real server (the same entry point as `npm start`) on a free port with a fresh DATA_DIR.
 * The web app must be built (npm test builds it first).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // E2E_TOPOLOGY=scaled runs the same journeys against 2 API + 2 worker processes of the built server
  // on PostgreSQL, Redis and S3 behind a balancer (tests/support/cluster.ts; docs/scaling.md).
  if (process.env.E2E_TOPOLOGY === 'scaled') return startScaled(env);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-e2e-'));
  // PUBLIC_URL 'self': the production configuration, absolute file URLs under the server's own
  // address (issue 41), so the port is picked before the start instead of PORT=0.
  let port0 = '0';
  if (env.PUBLIC_URL === SELF) {
    port0 = String(await freePort());
    env = { ...env, PUBLIC_URL: `http://127.0.0.1:${port0}` };
  }
  // npm test has just built the server (scripts/setup.sh; E2E_BUILT_SERVER=1): plain node starts it in
  // a third of tsx's time. Run alone, a journey starts the sources, so a change needs no build.
  const [command, args] =
    process.env.E2E_BUILT_SERVER === '1'
      ? [process.execPath, ['--conditions=compiled', 'packages/server/dist/app/index.js']]
      : [path.join(ROOT, 'node_modules/.bin/tsx'), ['packages/server/src/app/index.ts']];
  const child: ChildProcess = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: port0,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      DEV_OUTBOX_TOKEN: E2E_OUTBOX_TOKEN,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const match = log.match(/LISTENING (\d+)/);
      if (match) resolve(Number(match[1]));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${log}`)));
  });
  // A server that dies while journeys still use it says why (its own output), not only ECONNREFUSED.
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(`The server on port ${port} exited unasked (code ${code}, signal ${signal}):\n${log.slice(-8000)}`);
  });
  return serverAt(`http://127.0.0.1:${port}`, {
    dataDir,
    output: () => log,
    async stop() {
      stopping = true;
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

/**
 * The run's shared server (started once by tests/support/e2e-global-setup.ts, default env): for a
 * journey file that needs no env of its own. Each test uses its own fresh user (loginByApi with
 * newPhone()), so files stay independent; `stop()` leaves the server to the run. The server trusts
 * X-Forwarded-For from loopback, and this file's clients (call(), codeFor(), every browser context
 * of newContext) send this file's own address: per-address limits (captchas, codes, logins) count
 * per file, as they did with a server per file. Without a shared server (the scaled pass, or a
 * file run outside the e2e project) the file starts its own, as before.
 */
export async function sharedServer(): Promise<RunningServer> {
  const origin = process.env.E2E_SHARED_SERVER;
  if (!origin?.startsWith('http') || process.env.E2E_TOPOLOGY === 'scaled') return startServer(SHARED_SERVER_ENV);
  setClientHeaders({ 'X-Forwarded-For': FILE_ADDRESS });
  return serverAt(origin, { dataDir: process.env.E2E_SHARED_DATA_DIR ?? '' });
}

/**
 * Platform operators of the shared server (OPERATOR_ACCOUNTS), one phone per journey file that needs
 * one, so no two files ask codes for the same phone. Only these phones are operators; every other
 * file's fresh users are plain users as before.
 */
export const SHARED_OPERATORS = {
  team: '13700000019',
  feishu: '13700000219',
  fashionProviders: '13700000319',
  inbox: '13700000419',
} as const;

/**
 * PUBLIC_URL: SELF in a journey's env sets PUBLIC_URL to the server's own address (the balancer's in
 * the scaled pass), as a deployment does: file URLs in answers are then absolute (issue 41).
 */
export const SELF = 'self';

/** A port nothing listens on now (the server is then started on it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The shared server's env (tests/support/e2e-global-setup.ts), also of a file's own server in its stead. */
export const SHARED_SERVER_ENV = {
  // The production configuration: absolute file URLs under the server's address (issue 41).
  PUBLIC_URL: SELF,
  // Its clients send their file's address (X-Forwarded-For, below): per-address limits stay per file.
  TRUST_PROXY: '127.0.0.1',
  OPERATOR_ACCOUNTS: Object.values(SHARED_OPERATORS).join(','),
};

/** This journey file's client address as the shared server sees it (a random 10.x.y.z per file). */
const FILE_ADDRESS = `10.${[0, 0, 0].map(() => 1 + Math.floor(Math.random() * 254)).join('.')}`;

/** A RunningServer for a product already listening at `origin` (one process, a cluster's balancer, one API of it). */
export function serverAt(origin: string, parts: Partial<Pick<RunningServer, 'dataDir' | 'output' | 'stop'>> = {}): RunningServer {
  return {
    origin,
    app: `${origin}/productimage`,
    port: Number(new URL(origin).port),
    dataDir: parts.dataDir ?? '',
    output: parts.output ?? (() => ''),
    stop: parts.stop ?? (async () => undefined),
    async outbox(to) {
      // The outbox answers only a request with its token (issue 42).
      const res = await fetch(`${origin}/api/dev/outbox?to=${encodeURIComponent(to)}`, {
        headers: { 'x-dev-outbox-token': E2E_OUTBOX_TOKEN },
      });
      const body = (await res.json()) as { data: any[] };
      return body.data;
    },
  };
}

async function startScaled(env: Record<string, string>): Promise<RunningServer> {
  // A journey that asks for API_WORKERS=false means "no workers running": the cluster starts none.
  // Files reach the browser as S3 presigned URLs of the bucket (issue 41: a hand-off with an S3 URL).
  const cluster = await startCluster({
    apis: 2,
    workers: env.API_WORKERS === 'false' ? 0 : 2,
    env: { S3_PUBLIC_URLS: 'presigned', ...env },
  });
  return serverAt(cluster.origin, {
    dataDir: cluster.env.DATA_DIR ?? '',
    output: () => [...cluster.apis, ...cluster.workers].map((p) => p.output()).join('\n'),
    stop: () => cluster.stop(),
  });
}
