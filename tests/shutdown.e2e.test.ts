import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { productPhoto } from '../packages/server/src/engines/local/test-fixtures.test-support.ts';
import { call, loginByApi, newPhone } from './support/api.ts';
import { buildServer } from './support/cluster.ts';
import type { RunningServer } from './support/server.ts';

/**
 * Issue 9 item 7: Ctrl-C in a terminal and systemd's stop send the signal to the whole process
 * group of `npm start` (npm, the shell, the server). Whichever process gets it, the server shuts
 * down gracefully: the running task goes back to the queue with its attempt given back, instead of
 * staying `generating` with one of its two attempts spent.
 */
const ROOT = path.resolve(import.meta.dirname, '..');

let child: ChildProcess;
let server: RunningServer;
let dataDir: string;
let log = '';
let exited: Promise<number | null>;

beforeAll(async () => {
  buildServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-shutdown-'));
  // The real start path, in its own process group (detached) as a terminal or systemd runs it.
  child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, SKIP_SETUP: '1', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const match = log.match(/LISTENING (\d+)/);
      if (match) resolve(Number(match[1]));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${log}`)));
  });
  const origin = `http://127.0.0.1:${port}`;
  server = {
    origin,
    app: `${origin}/productimage`,
    port,
    dataDir,
    output: () => log,
    async outbox(to) {
      // API.md's call, as on any instance `npm start` runs on the embedded defaults: no token.
      const res = await fetch(`${origin}/api/dev/outbox?to=${encodeURIComponent(to)}`);
      return ((await res.json()) as { data: any[] }).data;
    },
    async stop() {},
  };
}, 120_000);

afterAll(() => {
  if (child.pid && groupAlive(child.pid)) process.kill(-child.pid, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Processes still alive in the group (0 when all are gone). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

it('says at start-up that codes go to the dev outbox, who can read it, and how to close it', async () => {
  // Log lines are written asynchronously: they may follow the LISTENING line.
  await expect.poll(() => log).toContain('Login codes and captcha answers are NOT sent: they go to the dev outbox');
  expect(log).toMatch(
    /readable by anyone who reaches this port at http:\/\/localhost:\d+\/api\/dev\/outbox\?to=PHONE_OR_EMAIL\. Set DEV_OUTBOX_TOKEN/,
  );
});

it('SIGTERM to the process group of `npm start` puts the running task back in the queue, attempt unspent', async () => {
  const token = await loginByApi(server, newPhone());
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await productPhoto())], { type: 'image/png' }), 'photo.png');
  const uploaded = await fetch(`${server.origin}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const url = ((await uploaded.json()) as { data: string[] }).data[0] as string;
  const created = await call<{ taskId: string }>(server, 'POST', '/api/tasks', {
    token,
    json: { bizType: 'MATTING_IMAGE', inputs: [url] },
  });
  expect(created.code, created.msg).toBe(0);
  const { taskId } = created.data;
  await expect
    .poll(async () => (await call<{ status: string }>(server, 'GET', `/api/tasks/${taskId}`, { token })).data.status, {
      timeout: 30_000,
      interval: 50,
    })
    .toBe('generating');

  // What Ctrl-C and systemd do: the signal goes to every process of the group at once.
  process.kill(-(child.pid as number), 'SIGTERM');
  await exited;
  await expect.poll(() => groupAlive(child.pid as number), { timeout: 30_000 }).toBe(false);

  const db = new SQLite(path.join(dataDir, 'productimage.db'), { readonly: true });
  try {
    const row = db.prepare('select status, attempts, worker_id from tasks where id = ?').get(taskId);
    expect(row).toEqual({ status: 'pending', attempts: 0, worker_id: null });
  } finally {
    db.close();
  }
  expect(log).toMatch(/SIGTERM: closing/);
}, 120_000);
