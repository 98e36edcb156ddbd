import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { followTaskEvents, isTerminalStatus } from '@productimage/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../platform/context.ts';
import { createHarness, dbKinds, type Harness } from '../../test-support/harness.ts';
import { quickLocalEngine } from '../../test-support/quick-engine.ts';
import { REDIS_URL, redisAvailable } from '../../test-support/services.ts';
import { makePaid, secondContext, waitForTask } from './test-support.ts';

/**
 * The final status of a task reaches a client that follows it on an API process that did not run
 * it (the scaled topology: API processes, worker processes, Redis between them), whenever the
 * stream opens: from the start, right as the task ends, or after it has ended. Every event is
 * recorded over real HTTP with core's reader, as the web app and the plugins read them.
 */
for (const kind of dbKinds) {
  describe.runIf(redisAvailable)(`task events across processes [${kind}]`, () => {
    let api: Harness;
    let worker: AppContext;
    let origin: string;
    beforeAll(async () => {
      const env = { REDIS_URL, QUEUE_PREFIX: `test-${crypto.randomBytes(4).toString('hex')}`, API_WORKERS: 'false' };
      api = await createHarness(kind, env);
      worker = await secondContext(api, { API_WORKERS: true });
      // The events are the point here, not the pictures: tasks end within milliseconds.
      quickLocalEngine(worker);
      await worker.tasks.startWorkers(worker);
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      origin = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await worker?.close();
      await api?.close();
    });

    async function paidUser() {
      const u = await api.user();
      await makePaid(api.ctx, u.id);
      return u;
    }

    async function createQr(auth: { authorization: string }, i: number): Promise<string> {
      const res = await api.call({
        method: 'POST',
        url: '/api/tasks',
        headers: auth,
        payload: { bizType: 'QR_CODE_ART', params: { content: `across ${i}`, topN: 1, strength: 60 } },
      });
      if (res.code !== 0) throw new Error(res.raw);
      return res.data.taskId as string;
    }

    /** Follows one task on the API process to its end and answers every event it got. */
    async function follow(auth: { authorization: string }, taskId: string) {
      const events: Array<{ event: string; data: any }> = [];
      const outcome = await followTaskEvents({
        url: `${origin}/api/tasks/${taskId}/events`,
        headers: () => auth,
        signal: AbortSignal.timeout(30_000),
        backoffMs: () => 0,
        onEvent: (event, data) => events.push({ event, data }),
      });
      return { outcome, events };
    }

    /** The stream ended with the task's final status, as the database has it. */
    async function expectEndedWithFinalStatus(
      auth: { authorization: string },
      taskId: string,
      got: Awaited<ReturnType<typeof follow>>,
    ) {
      const stored = await waitForTask(api, auth, taskId);
      const last = got.events.at(-1);
      expect({ taskId, outcome: got.outcome, last: last && [last.event, last.data.status] }).toEqual({
        taskId,
        outcome: 'ended',
        last: [got.events.length === 1 ? 'task' : 'status', stored.status],
      });
      expect(isTerminalStatus(stored.status)).toBe(true);
    }

    it('many short tasks in a row: each stream, opened at creation, ends with the final status', async () => {
      const u = await paidUser();
      for (let i = 0; i < 20; i++) {
        const taskId = await createQr(u.auth, i);
        await expectEndedWithFinalStatus(u.auth, taskId, await follow(u.auth, taskId));
      }
    });

    it('tasks followed side by side, streams opened as they end, all end with their final status', async () => {
      const u = await paidUser();
      const ids = await Promise.all(Array.from({ length: 8 }, (_, i) => createQr(u.auth, 100 + i)));
      // Staggered opens: some before the task has started, some as it ends, some after.
      const got = await Promise.all(
        ids.map(async (taskId, i) => {
          await new Promise((r) => setTimeout(r, i * 15));
          return follow(u.auth, taskId);
        }),
      );
      for (const [i, taskId] of ids.entries()) await expectEndedWithFinalStatus(u.auth, taskId, got[i]!);
    });

    it('a stream opened after the task has ended gets the whole task with its final status, and ends', async () => {
      const u = await paidUser();
      const taskId = await createQr(u.auth, 200);
      const done = await waitForTask(api, u.auth, taskId);
      const got = await follow(u.auth, taskId);
      expect(got.outcome).toBe('ended');
      expect(got.events.map((e) => [e.event, e.data.status])).toEqual([['task', done.status]]);
    });
  });
}
