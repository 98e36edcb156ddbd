import crypto from 'node:crypto';
import { applyTaskEvent, type TaskEventTarget } from '@productimage/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../platform/context.ts';
import { createHarness, type Harness } from '../../test-support/harness.ts';
import { REDIS_URL, redisAvailable } from '../../test-support/services.ts';
import { ledgerOf, secondContext, waitForTask } from './test-support.ts';
import { createGate, ECHO_TYPE, registerEchoEngine } from './text-engine.test-support.ts';

const gate = createGate();
registerEchoEngine(gate);

/**
 * Text tasks on the Redis path: the engine streams in a worker process and the API process's event
 * stream hears each delta through Redis pub/sub, in order, ending with the whole text.
 */
describe.runIf(redisAvailable)('text tasks on BullMQ and Redis', () => {
  let api: Harness;
  let worker: AppContext;
  beforeAll(async () => {
    const env = {
      REDIS_URL,
      QUEUE_PREFIX: `test-${crypto.randomBytes(4).toString('hex')}`,
      API_WORKERS: 'false',
      ENGINES: 'local,test-echo',
    };
    api = await createHarness('sqlite', env);
    worker = await secondContext(api, { API_WORKERS: true });
    await worker.tasks.startWorkers(worker);
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
  });

  it('deltas streamed in the worker process reach the API stream as they happen, nothing doubled', async () => {
    const u = await api.user();
    const words = ['Soft', 'cotton', 'tees', 'in', 'six', 'colours'];
    const created = await api.call({
      method: 'POST',
      url: '/api/tasks',
      headers: u.auth,
      payload: { bizType: ECHO_TYPE, params: { words } },
    });
    const taskId = created.data.taskId as string;
    await gate.reached(0);
    const stream = api.app.inject({ method: 'GET', url: `/api/tasks/${taskId}/events`, headers: u.auth });
    await waitForTask(api, u.auth, taskId, (t) => t.status === 'generating');
    gate.release();
    const body = (await stream).body;
    let task: TaskEventTarget = { taskId, status: 'pending', progress: 0, text: null };
    const names: string[] = [];
    for (const m of body.matchAll(/event: (\w+)\ndata: (.*)\n\n/g)) {
      names.push(m[1]!);
      const next = applyTaskEvent(task, m[1]!, JSON.parse(m[2]!));
      expect(next).not.toBeNull();
      task = next!;
    }
    expect(names.filter((n) => n === 'delta').length).toBeGreaterThan(0);
    expect(task).toMatchObject({ status: 'completed', text: words.join(' ') });
    expect(await ledgerOf(api.ctx, taskId)).toEqual([{ reason: 'spend', delta: -3 }]);
  });
});
