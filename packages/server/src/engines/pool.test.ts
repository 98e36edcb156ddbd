import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerOf, upload, waitForTask } from '../studio/tasks/test-support.ts';
import { createHarness, type Harness } from '../test-support/harness.ts';
import { productPhoto } from './local/test-fixtures.test-support.ts';
import { engineThreadsYieldToApi, instrumentEnginePool, poolThreads } from './pool.ts';

/**
 * The local engine runs in the engine pool's threads: while a cutout is in the middle of its run,
 * its thread blocked as by heavy computation, the API still answers. Were the engine on the API's
 * event loop, the blocked run would block these requests too and the test could not finish.
 */
describe('engine pool', () => {
  let h: Harness;
  const shared = new SharedArrayBuffer(12);
  const cells = new Int32Array(shared);
  const entered = async (n: number) => {
    while (Atomics.load(cells, 0) < n) await new Promise((r) => setTimeout(r, 20));
  };
  const open = () => {
    Atomics.store(cells, 1, 1);
    Atomics.notify(cells, 1);
  };
  const close = () => Atomics.store(cells, 1, 0);
  /** A new user's cutout task, created through the API. */
  const startCutout = async () => {
    const u = await h.user();
    const url = await upload(h, u.auth, await productPhoto());
    const created = await h.call({
      method: 'POST',
      url: '/api/tasks',
      headers: u.auth,
      payload: { bizType: 'MATTING_IMAGE', inputs: [url] },
    });
    return { u, created };
  };

  beforeAll(async () => {
    engineThreadsYieldToApi(true); // the production default (the test harness turns it off)
    instrumentEnginePool(new URL('./pool-gate.test-support.ts', import.meta.url), shared);
    h = await createHarness('sqlite');
  });
  afterAll(async () => {
    open();
    instrumentEnginePool(null);
    await h.close();
  });

  it('answers health and the user while a cutout is mid-run, then completes the cutout', async () => {
    const { u, created } = await startCutout();
    await entered(1);
    const health = await h.call({ method: 'GET', url: '/api/health' });
    const user = await h.call({ method: 'GET', url: '/api/user/current', headers: u.auth });
    // Both answered while the engine's thread was still held mid-run.
    expect(Atomics.load(cells, 1)).toBe(0);
    // The engine's thread runs at a lower priority (nice 10): the API's event loop comes first.
    expect(Atomics.load(cells, 2)).toBe(10);
    expect([health.status, user.status]).toEqual([200, 200]);
    expect((await waitForTask(h, u.auth, created.data.taskId, () => true)).status).toBe('generating');
    open();
    const task = await waitForTask(h, u.auth, created.data.taskId);
    expect(task.status).toBe('completed');
    const file = await h.app.inject({ method: 'GET', url: task.outputs[0].url });
    const { data, info } = await sharp(file.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[3]).toBeLessThan(16);
    // ENGINE_CONCURRENCY local=1: one thread.
    expect(poolThreads()).toBe(1);
  });

  it('a stop reaches the run in its thread: stopped, refunded once, no output kept', async () => {
    close();
    const { u, created } = await startCutout();
    await entered(2);
    const stop = await h.call({ method: 'POST', url: `/api/tasks/${created.data.taskId}/stop`, headers: u.auth });
    expect(stop.data.status).toBe('stopped');
    open();
    while (h.ctx.tasks.activeTasks() > 0) await new Promise((r) => setTimeout(r, 50));
    expect(await waitForTask(h, u.auth, created.data.taskId)).toMatchObject({ status: 'stopped', outputs: [] });
    expect(await ledgerOf(h.ctx, created.data.taskId)).toEqual([
      { reason: 'spend', delta: -5 },
      { reason: 'refund', delta: 5 },
    ]);
    const outputs = await h.ctx.db.selectFrom('task_outputs').selectAll().where('task_id', '=', created.data.taskId).execute();
    expect(outputs).toEqual([]);
  });

  it('in a worker process, which serves no API, engine threads keep the process priority', async () => {
    engineThreadsYieldToApi(false);
    try {
      // Idle threads restart with the setting (a worker process sets it before its first task).
      instrumentEnginePool(new URL('./pool-gate.test-support.ts', import.meta.url), shared);
      close();
      // Any engine run in the new thread shows its priority: a one-picture QR drawing, which loads
      // no segmentation model in that thread (the first two tests run real cutouts).
      const u = await h.user();
      const created = await h.call({
        method: 'POST',
        url: '/api/tasks',
        headers: u.auth,
        payload: { bizType: 'QR_CODE_ART', params: { content: 'https://example.com', topN: 1 }, inputs: [] },
      });
      await entered(3);
      expect(Atomics.load(cells, 2)).toBe(0);
      open();
      expect((await waitForTask(h, u.auth, created.data.taskId)).status).toBe('completed');
    } finally {
      engineThreadsYieldToApi(true);
    }
  });
});
