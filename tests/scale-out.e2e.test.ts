import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPhoto } from '../packages/server/src/engines/local/test-fixtures.test-support.ts';
import { createSession } from '../packages/server/src/identity/accounts/sessions.ts';
// Commerce's sign-up grant for the account made here (the composition root registers it).
import '../packages/server/src/app/account-events.ts';
import { createUser } from '../packages/server/src/identity/accounts/users.ts';
import { createDb } from '../packages/server/src/platform/db/index.ts';
import { postgresAvailable, redisAvailable } from '../packages/server/src/test-support/services.ts';
import { call, newPhone } from './support/api.ts';
import { type Cluster, startCluster } from './support/cluster.ts';
import { serverAt } from './support/server.ts';

/**
 * The scale-out topology as one product (issue 20): two API processes and two worker processes of
 * the built server on PostgreSQL, Redis and S3. Tasks cross processes, a worker dies mid-task, and
 * everything restarts, without a task or a ledger row lost and with at most one refund per task.
 */

/** The API helpers of the browser journeys, pointed at one API process (or the balancer). */
const via = (origin: string) => serverAt(origin);

async function uploadPhoto(origin: string, token: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await productPhoto())], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${origin}/api/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as { code: number; data: string[]; msg: string };
  expect(body.code, body.msg).toBe(0);
  return body.data[0] as string;
}

async function until<T>(what: string, fn: () => Promise<T | undefined>, seconds = 90): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const TERMINAL = ['completed', 'failed', 'stopped'];

describe.skipIf(!postgresAvailable || !redisAvailable)(
  'scale-out: 2 API + 2 worker processes on PostgreSQL, Redis and S3',
  () => {
    let cluster: Cluster;
    let token: string;
    let userId: string;

    beforeAll(async () => {
      // Every API drains 3 s when told to stop (the drain journey stops API 2 of these, not an extra one).
      cluster = await startCluster({ apis: 2, workers: 2, env: { DRAIN_SECONDS: '3' } });
      // The account is made in the shared database (the journeys through the login form run against
      // this topology in the E2E_TOPOLOGY=scaled pass of `npm test`).
      const db = createDb({ DATABASE_URL: cluster.databaseUrl, dataDir: cluster.env.DATA_DIR ?? '' });
      userId = await createUser(db, { phone: newPhone() });
      token = (await createSession(db, userId, 3600)).accessToken;
      await db.destroy();
    });
    afterAll(() => cluster?.stop());

    const ledgerFor = (taskId: string) =>
      cluster.query<{ reason: string; delta: number }>(
        "select reason, delta from point_ledger where ref_type = 'task' and ref_id = $1 order by id",
        [taskId],
      );

    it('a task accepted by API 1 runs on a worker and is read, with its events, through API 2', async () => {
      const [api1, api2] = cluster.apis;
      if (!api1 || !api2) throw new Error('two APIs expected');
      const input = await uploadPhoto(api1.origin, token);
      const created = await call<{ taskId: string; cost: number }>(via(api1.origin), 'POST', '/api/tasks', {
        token,
        json: { bizType: 'MATTING_IMAGE', params: {}, inputs: [input] },
      });
      expect(created.code, created.msg).toBe(0);
      const { taskId } = created.data;

      // Events from the other API process: the worker's progress reaches it through Redis.
      const events = await fetch(`${api2.origin}/api/tasks/${taskId}/events`, { headers: { Authorization: `Bearer ${token}` } });
      expect(events.headers.get('content-type')).toContain('text/event-stream');
      const reader = events.body?.getReader();
      let stream = '';
      while (reader && !/"status":\s*"completed"/.test(stream)) {
        const { value, done } = await reader.read();
        if (done) break;
        stream += new TextDecoder().decode(value);
      }
      await reader?.cancel();
      expect(stream, cluster.workers.map((w) => w.output()).join('\n')).toMatch(/"status":\s*"completed"/);

      const task = await call<{ status: string; outputs: Array<{ url: string }> }>(
        via(api2.origin),
        'GET',
        `/api/tasks/${taskId}`,
        { token },
      );
      expect(task.data.status).toBe('completed');
      const output = task.data.outputs[0]?.url ?? '';
      const file = await fetch(new URL(output, api2.origin));
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');

      const [row] = await cluster.query<{ worker_id: string }>('select worker_id from tasks where id = $1', [taskId]);
      expect(cluster.workers.map((w) => w.workerId)).toContain(row?.worker_id);
      expect(await ledgerFor(taskId)).toEqual([{ reason: 'spend', delta: -created.data.cost }]);
    });

    it('a worker killed with SIGKILL mid-task: the task is run again elsewhere or failed, never refunded twice', async () => {
      const [api1, api2] = cluster.apis;
      if (!api1 || !api2) throw new Error('two APIs expected');
      const before = await call<{ benefitPackage: { remainBeanCount: number } }>(via(api1.origin), 'GET', '/api/user/current', {
        token,
      });
      const input = await uploadPhoto(api2.origin, token);
      const created = await call<{ taskId: string; cost: number }>(via(api2.origin), 'POST', '/api/tasks', {
        token,
        json: { bizType: 'MATTING_IMAGE', params: {}, inputs: [input] },
      });
      expect(created.code, created.msg).toBe(0);
      const { taskId, cost } = created.data;

      const holder = await until('the task to be claimed', async () => {
        const [row] = await cluster.query<{ status: string; worker_id: string | null }>(
          'select status, worker_id from tasks where id = $1',
          [taskId],
        );
        return row?.status === 'generating' && row.worker_id ? row.worker_id : undefined;
      });
      const victim = cluster.workers.find((w) => w.workerId === holder);
      if (!victim) throw new Error(`no worker ${holder}`);
      await victim.kill('SIGKILL');

      const final = await until('the task to end', async () => {
        const task = await call<{ status: string }>(via(api1.origin), 'GET', `/api/tasks/${taskId}`, { token });
        return TERMINAL.includes(task.data.status) ? task.data.status : undefined;
      });
      const ledger = await ledgerFor(taskId);
      expect(ledger.filter((r) => r.reason === 'spend')).toEqual([{ reason: 'spend', delta: -cost }]);
      const refunds = ledger.filter((r) => r.reason === 'refund');
      expect(refunds).toHaveLength(final === 'completed' ? 0 : 1);
      const after = await call<{ benefitPackage: { remainBeanCount: number } }>(via(api1.origin), 'GET', '/api/user/current', {
        token,
      });
      expect(after.data.benefitPackage.remainBeanCount).toBe(
        before.data.benefitPackage.remainBeanCount - (final === 'completed' ? cost : 0),
      );
      // The survivor took it over: the task ran twice at most.
      const [row] = await cluster.query<{ attempts: number; worker_id: string }>(
        'select attempts, worker_id from tasks where id = $1',
        [taskId],
      );
      expect(row?.attempts).toBeLessThanOrEqual(2);
      if (final === 'completed') expect(row?.worker_id).not.toBe(holder);
    });

    it('an API process told to stop drains: not ready first, still answering, then it exits cleanly', async () => {
      const api = cluster.apis[1];
      if (!api) throw new Error('two APIs expected');
      const ready = () => fetch(`${api.origin}/api/health/ready`).then((r) => r.status);
      expect(await ready()).toBe(200);
      // A spare connection that never carries a request (a balancer's or a browser's, made ahead of
      // need): Node does not count it idle, and the close used to wait on it until the forced exit.
      const spare = net.connect(Number(new URL(api.origin).port), '127.0.0.1');
      spare.on('error', () => undefined);
      await new Promise((resolve) => spare.once('connect', resolve));
      const exited = api.exited;
      process.kill(api.pid, 'SIGTERM');
      await until('readiness to turn 503', async () => ((await ready()) === 503 ? true : undefined), 10);
      // While draining it still serves what reaches it (a balancer's last requests are not cut).
      const current = await call<{ user: { id: string } }>(via(api.origin), 'GET', '/api/user/current', { token });
      expect(current.data.user.id).toBe(userId);
      const code = await exited;
      // What the process said on its way out, in the failure itself (a CI summary shows the assertion,
      // not always the test's console).
      expect(code, `API exited with ${code}:\n${api.output().slice(-3000)}`).toBe(0);
      cluster.apis.splice(cluster.apis.indexOf(api), 1);
    });

    it('a restart of every process loses no task and no ledger row', async () => {
      const [api1] = cluster.apis;
      if (!api1) throw new Error('an API expected');
      const ids: string[] = [];
      // Three drawings (no model to load in the new worker: the cutouts above crossed processes already).
      for (const json of [1, 2, 3].map((n) => ({
        bizType: 'QR_CODE_ART',
        params: { content: `https://inspo.example/restart-${n}`, topN: 1 },
      }))) {
        const created = await call<{ taskId: string }>(via(api1.origin), 'POST', '/api/tasks', { token, json });
        expect(created.code, created.msg).toBe(0);
        ids.push(created.data.taskId);
      }
      const ledgerBefore = await cluster.query('select id, user_id, delta, reason, ref_id from point_ledger order by id');

      // Everything goes down (as a deploy does: SIGTERM), then comes back with new processes.
      await Promise.all([...cluster.apis, ...cluster.workers].map((p) => p.kill('SIGTERM')));
      cluster.apis.splice(0);
      cluster.workers.splice(0);
      const api = await cluster.add('api');
      await cluster.add('worker');

      for (const id of ids) {
        const status = await until(`task ${id}`, async () => {
          const task = await call<{ status: string }>(via(api.origin), 'GET', `/api/tasks/${id}`, { token });
          return TERMINAL.includes(task.data.status) ? task.data.status : undefined;
        });
        expect(status).toBe('completed');
      }
      const ledgerAfter = await cluster.query('select id, user_id, delta, reason, ref_id from point_ledger order by id');
      // Nothing lost or rewritten; completed tasks add no refunds.
      expect(ledgerAfter.slice(0, ledgerBefore.length)).toEqual(ledgerBefore);
      expect(ledgerAfter.filter((r: { user_id: string }) => r.user_id === userId)).toEqual(
        ledgerBefore.filter((r: { user_id: string }) => r.user_id === userId),
      );
    });
  },
);
