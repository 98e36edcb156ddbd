import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPhoto } from '../../engines/local/test-fixtures.test-support.ts';
import type { AppContext } from '../../platform/context.ts';
import { createHarness, type Harness } from '../../test-support/harness.ts';
import { quickLocalEngine } from '../../test-support/quick-engine.ts';
import { REDIS_URL, redisAvailable } from '../../test-support/services.ts';
import { holdEngine, ledgerOf, secondContext, upload, waitForTask } from './test-support.ts';

/**
 * The Redis path (REDIS_URL): BullMQ queues with the workers in another process, and task events
 * over Redis pub/sub so the API process's event stream hears the worker's progress.
 */
describe.runIf(redisAvailable)('tasks on BullMQ and Redis', () => {
  let api: Harness;
  let worker: AppContext;
  beforeAll(async () => {
    const env = { REDIS_URL, QUEUE_PREFIX: `test-${crypto.randomBytes(4).toString('hex')}`, API_WORKERS: 'false' };
    api = await createHarness('sqlite', env);
    worker = await secondContext(api, { API_WORKERS: true });
    // The queue and the events are the point here, not the pictures: the quick engine double.
    quickLocalEngine(worker);
    await worker.tasks.startWorkers(worker);
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
  });

  it('reports the BullMQ queue', async () => {
    expect(api.ctx.tasks.queue.kind).toBe('bullmq');
    const health = await api.call({ method: 'GET', url: '/api/health' });
    expect(health.data.queue).toBe('bullmq');
  });

  it('a task accepted by the API runs in the worker process; the API stream hears it through Redis', async () => {
    const u = await api.user();
    const url = await upload(api, u.auth, await productPhoto());
    const created = await api.call({
      method: 'POST',
      url: '/api/tasks',
      headers: u.auth,
      payload: { bizType: 'MATTING_IMAGE', inputs: [url] },
    });
    expect(created.code).toBe(0);
    const stream = await api.app.inject({ method: 'GET', url: `/api/tasks/${created.data.taskId}/events`, headers: u.auth });
    expect(stream.body).toContain('event: outputs');
    expect(stream.body).toMatch(/event: status\ndata: \{"status":"completed"/);
    const task = await waitForTask(api, u.auth, created.data.taskId);
    expect(task.status).toBe('completed');
    const row = await api.ctx.db
      .selectFrom('tasks')
      .select('worker_id')
      .where('id', '=', created.data.taskId)
      .executeTakeFirstOrThrow();
    expect(row.worker_id).toBe(worker.tasks.workerId);
    expect(await ledgerOf(api.ctx, created.data.taskId)).toEqual([{ reason: 'spend', delta: -5 }]);
  });

  it('several tasks all run once, with their QR codes', async () => {
    const u = await api.user();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await api.call({
        method: 'POST',
        url: '/api/tasks',
        headers: u.auth,
        payload: { bizType: 'QR_CODE_ART', params: { content: `bull ${i}`, topN: 1, strength: 60 } },
      });
      ids.push(res.data.taskId);
    }
    const done = await Promise.all(ids.map((id) => waitForTask(api, u.auth, id)));
    expect(done.map((t) => [t.status, t.outputs.length])).toEqual(ids.map(() => ['completed', 1]));
  });

  it('stop reaches a task running in the other process and refunds once', async () => {
    // Held in the engine until stopped (the quick engine would finish before the stop).
    const hold = holdEngine(worker);
    const u = await api.user();
    const url = await upload(api, u.auth, await productPhoto());
    const created = await api.call({
      method: 'POST',
      url: '/api/tasks',
      headers: u.auth,
      payload: { bizType: 'IMG_2_VEDIO', params: { format: 'gif', genNum: 3 }, inputs: [url] },
    });
    await hold.started;
    await waitForTask(api, u.auth, created.data.taskId, (t) => t.status === 'generating');
    const stop = await api.call({ method: 'POST', url: `/api/tasks/${created.data.taskId}/stop`, headers: u.auth });
    expect(stop.data.status).toBe('stopped');
    // The worker notices on its next heartbeat and aborts the render.
    while (worker.tasks.activeTasks() > 0) await new Promise((r) => setTimeout(r, 100));
    const task = await waitForTask(api, u.auth, created.data.taskId);
    expect(task).toMatchObject({ status: 'stopped', outputs: [] });
    expect(await ledgerOf(api.ctx, created.data.taskId)).toEqual([
      { reason: 'spend', delta: -240 },
      { reason: 'refund', delta: 240 },
    ]);
    hold.release();
  });
});
