import path from 'node:path';
import { isTerminalStatus } from '@productimage/core';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../../engines/openai-chat/fake-llm.test-support.ts';
import type { AppContext } from '../../platform/context.ts';
import { secondContext, waitForTask } from '../../studio/tasks/test-support.ts';
import { createHarness, type Harness } from '../../test-support/harness.ts';
import { until } from '../../test-support/until.ts';
import { QA_SPLIT_SIZE, splitText } from './chunking.ts';
import { collectionRow } from './collection-row.test-support.ts';
import { queueTraining } from './training-tasks.ts';

/** Three qa paragraphs (QA_SPLIT_SIZE each at most), each answered slowly by the chat double. */
const TEXT = [1, 2, 3].map((n) => `第${n}段：云朵保温杯的第${n}个卖点。`.repeat(Math.floor(3800 / 18))).join('\n');

/**
 * Knowledge training is a task of the task platform: a worker process trains the collection, a
 * worker that goes away leaves the task to the next one, which goes on from the saved progress
 * (finished paragraphs are not asked of the model again), and a stop stops the task.
 */
describe('knowledge training as a task', () => {
  let h: Harness;
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm({
      respond: () =>
        JSON.stringify({
          pairs: [
            { q: '保温多久？', a: '12小时。' },
            { q: '什么材质？', a: '316不锈钢。' },
          ],
        }),
      chunkDelayMs: 25,
      charsPerChunk: 3,
    });
    h = await createHarness('sqlite', { LLM_BASE_URL: llm.url, LLM_MODEL: 'fake', API_WORKERS: 'false' });
  });
  afterAll(async () => {
    await h.close();
    await llm.close();
  });

  const collection = async (auth: Record<string, string>) => {
    const ds = await h.call({ method: 'POST', url: '/api/knowledge/datasets', headers: auth, payload: { name: '资料' } });
    const datasetId = ds.data.datasetId as string;
    const created = await h.call({
      method: 'POST',
      url: `/api/knowledge/datasets/${datasetId}/collections`,
      headers: auth,
      payload: { type: 'text', name: '长文', text: TEXT, trainingType: 'qa' },
    });
    const collectionId = created.data.collectionId as string;
    const read = () =>
      h
        .call({ method: 'GET', url: `/api/knowledge/datasets/${datasetId}/collections`, headers: auth })
        .then((r) => r.data.list.find((c: { collectionId: string }) => c.collectionId === collectionId));
    const row = await h.ctx.db
      .selectFrom('knowledge_collections')
      .select('task_id')
      .where('id', '=', Number(collectionId))
      .executeTakeFirstOrThrow();
    return { collectionId, read, taskId: row.task_id as string };
  };

  it('goes on from the saved progress when its worker goes away, and completes once', async () => {
    expect(splitText(TEXT, QA_SPLIT_SIZE)).toHaveLength(3);
    const u = await h.user();
    const { collectionId, read, taskId } = await collection(u.auth);
    expect((await read()).status).toBe('training');
    let worker: AppContext = await secondContext(h, { API_WORKERS: true });
    await worker.tasks.startWorkers(worker);
    await until(read, (c) => c.progress.done >= 1);
    await worker.close();
    const asked = llm.requests.length;
    expect(await waitForTask(h, u.auth, taskId, () => true)).toMatchObject({ status: 'pending' });
    const firstChunks = await h.ctx.db
      .selectFrom('knowledge_chunks')
      .select('id')
      .where('collection_id', '=', Number(collectionId))
      .where('idx', '=', 0)
      .execute();
    expect(firstChunks).toHaveLength(2);
    worker = await secondContext(h, { API_WORKERS: true });
    try {
      await worker.tasks.startWorkers(worker);
      const done = await until(read, (c) => c.status !== 'training');
      expect(done).toMatchObject({ status: 'ready', chunks: 6, progress: { done: 3, total: 3 } });
      // The finished paragraph was not asked again; at most the interrupted one was.
      expect(llm.requests.length - asked).toBeLessThanOrEqual(3 - firstChunks.length / 2);
      const kept = await h.ctx.db
        .selectFrom('knowledge_chunks')
        .select('id')
        .where('collection_id', '=', Number(collectionId))
        .where('idx', '=', 0)
        .execute();
      expect(kept).toEqual(firstChunks);
      const task = await waitForTask(h, u.auth, taskId);
      expect(task).toMatchObject({ bizType: 'KNOWLEDGE_TRAIN', status: 'completed', cost: 0, data: { chunks: 6 } });
    } finally {
      await worker.close();
    }
  });

  it('stops its task on stop, and a retry trains on in a new task', async () => {
    const u = await h.user();
    const { collectionId, read, taskId } = await collection(u.auth);
    const worker = await secondContext(h, { API_WORKERS: true });
    try {
      await worker.tasks.startWorkers(worker);
      await waitForTask(h, u.auth, taskId, (t) => t.status === 'generating');
      const stop = await h.call({ method: 'POST', url: `/api/knowledge/collections/${collectionId}/stop`, headers: u.auth });
      expect(stop.code).toBe(0);
      expect(await read()).toMatchObject({ status: 'failed', error: 'stopped' });
      expect((await waitForTask(h, u.auth, taskId)).status).toBe('stopped');
      const retry = await h.call({ method: 'POST', url: `/api/knowledge/collections/${collectionId}/retry`, headers: u.auth });
      expect(retry.code).toBe(0);
      expect(await until(read, (c) => c.status !== 'training')).toMatchObject({ status: 'ready', chunks: 6 });
      // The collection turns ready a moment before its task row is marked completed (two writes): the
      // history is read once both tasks have ended, not at the first look (a loaded CI run saw 'generating').
      const statuses = async () => {
        const history = await h.call({ method: 'GET', url: '/api/tasks?bizType=KNOWLEDGE_TRAIN', headers: u.auth });
        return history.data.list.map((t: { status: string }) => t.status) as string[];
      };
      const ended = await until(statuses, (s) => s.length === 2 && s.every(isTerminalStatus), 'both tasks ended');
      expect(ended).toEqual(['completed', 'stopped']);
    } finally {
      await worker.close();
    }
  });

  it('trains off the API thread: training goes on while this thread is held, and another user is answered meanwhile', async () => {
    const u = await h.user();
    const other = await h.user();
    const ds = await h.call({ method: 'POST', url: '/api/knowledge/datasets', headers: u.auth, payload: { name: '大文件' } });
    // About 850 chunks (a 600,000-character text, as a large .txt upload leaves it).
    const text = '这是一段很长的产品介绍，讲述保温杯的材质、工艺和售后服务。'.repeat(22_000);
    const row = await h.ctx.db
      .insertInto('knowledge_collections')
      .values(
        collectionRow({
          dataset_id: Number(ds.data.datasetId),
          user_id: u.id,
          name: '大文件',
          type: 'file',
          status: 'training',
          source: 'big.txt',
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.ctx.db
      .insertInto('knowledge_collection_texts')
      .values({ collection_id: Number(row.id), text })
      .execute();
    const id = Number(row.id);
    const worker = await secondContext(h, { API_WORKERS: true });
    const watch = new SQLite(path.join(h.ctx.config.dataDir, 'productimage.db'), { readonly: true });
    try {
      await worker.tasks.startWorkers(worker);
      await queueTraining(h.ctx, { id: u.id, tenantId: 'default' }, id);
      const state = watch.prepare(
        'select progress_done as done, progress_total as total, status from knowledge_collections where id = ?',
      );
      const read = () => state.get(id) as { done: number; total: number; status: string };
      // The run has started (it counted its chunks)...
      await until(
        async () => read(),
        (c) => c.total > 0,
      );
      // ...and moves on while this thread is held without a break (no await): it cannot be running
      // on this thread. (Bounded, so a regression fails instead of hanging.)
      const held = Date.now();
      const before = read();
      let seen = before;
      while (seen.done === before.done && seen.status === 'training' && Date.now() - held < 120_000) seen = read();
      expect(seen.done).toBeGreaterThan(before.done);
      // Another user is answered while the training still runs.
      const current = await h.call({ method: 'GET', url: '/api/user/current', headers: other.auth });
      expect(current.data.user.id).toBe(other.id);
      const after = read();
      expect(after.status).toBe('training');
      expect(after.done).toBeLessThan(after.total);
      expect(
        await until(
          async () => read(),
          (c) => c.status !== 'training',
        ),
      ).toMatchObject({ status: 'ready', done: after.total });
    } finally {
      watch.close();
      await worker.close();
    }
  });
});
