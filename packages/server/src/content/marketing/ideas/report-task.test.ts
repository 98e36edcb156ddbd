import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeIn } from '../../../commerce/points/ledger.ts';
import { type FakeLlm, startFakeLlm } from '../../../engines/openai-chat/fake-llm.test-support.ts';
import type { AppContext } from '../../../platform/context.ts';
import { writeTransaction } from '../../../platform/db/transaction.ts';
import { balance, ledgerOf, secondContext, waitForTask } from '../../../studio/tasks/test-support.ts';
import { createHarness, type Harness } from '../../../test-support/harness.ts';
import { until } from '../../../test-support/until.ts';

/** JSON requests (the advice steps) get three ideas; the other steps a sentence. */
function respond(body: Record<string, unknown>): string {
  if (body.response_format) return JSON.stringify({ ideas: [1, 2, 3].map((n) => ({ title: `创意${n}`, content: `内容${n}` })) });
  return '模型写的一段分析。'.repeat(10);
}

/**
 * Idea reports are text tasks of the task platform: charged and listed like every task, written by
 * the platform's workers (here a second process), stopped with one refund, and run again from the
 * start when their worker goes away.
 */
describe('idea reports on the task platform', () => {
  let h: Harness;
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm({ respond, chunkDelayMs: 20, charsPerChunk: 2 });
    h = await createHarness('sqlite', {
      LLM_BASE_URL: llm.url,
      LLM_MODEL: 'fake-model',
      LLM_MAX_RETRIES: '0',
      HOTSPOT_FEED_URL: 'off',
      API_WORKERS: 'false',
    });
  });
  afterAll(async () => {
    await h.close();
    await llm.close();
  });

  const create = (auth: Record<string, string>) =>
    h.call({
      method: 'POST',
      url: '/api/ideas/reports',
      headers: auth,
      payload: { prompt: '保温杯', socialType: ['image', 'video'], hotspotSourceType: 'CUSTOM_INSPIRATION', reportTitle: '暖冬' },
    });

  it('is a charged task that a worker resumes from the start after the first worker went away', async () => {
    const u = await h.user();
    const before = await balance(h, u.auth);
    const created = await create(u.auth);
    const report = await h.call({ method: 'GET', url: `/api/ideas/reports/${created.data.reportId}`, headers: u.auth });
    const taskId = report.data.taskId as string;
    expect(report.data).toMatchObject({ process: 'generating', stage: 'created', cost: 30 });
    expect(await balance(h, u.auth)).toBe(before - 30);
    // No worker in the API process: a worker process takes it and streams the summary.
    let worker: AppContext = await secondContext(h, { API_WORKERS: true });
    await worker.tasks.startWorkers(worker);
    await waitForTask(h, u.auth, taskId, (t) => (t.text as string).length > 12);
    const writing = await h.call({ method: 'GET', url: `/api/ideas/reports/${created.data.reportId}`, headers: u.auth });
    expect(writing.data.process).toBe('generating');
    expect(writing.data.stage).not.toBe('created');
    expect(writing.data.streamedText).toContain('【热点摘要】');
    await worker.close();
    expect(await waitForTask(h, u.auth, taskId, () => true)).toMatchObject({ status: 'pending', text: '' });
    worker = await secondContext(h, { API_WORKERS: true });
    try {
      await worker.tasks.startWorkers(worker);
      const done = await until(
        () => h.call({ method: 'GET', url: `/api/ideas/reports/${created.data.reportId}`, headers: u.auth }),
        (r) => r.data.process !== 'generating',
      );
      expect(done.data).toMatchObject({ process: 'completed', stage: 'completed', streamedText: null });
      expect(done.data.ideas.map((i: { socialType: string }) => i.socialType)).toEqual([
        'image',
        'image',
        'image',
        'video',
        'video',
        'video',
      ]);
      expect(done.data.summary).toBe('模型写的一段分析。'.repeat(10));
      // Charged once, never refunded: one ledger row of the task.
      expect(await ledgerOf(h.ctx, taskId)).toEqual([{ reason: 'spend', delta: -30 }]);
      const task = await h.call({ method: 'GET', url: `/api/tasks/${taskId}`, headers: u.auth });
      expect(task.data).toMatchObject({ bizType: 'MKT_IDEA_REPORT', status: 'completed' });
      expect(task.data.text).toContain('【线上视频创意】\n1. 创意1');
    } finally {
      await worker.close();
    }
  });

  it('cancels with one refund through the platform, and cannot be cancelled twice', async () => {
    const u = await h.user();
    const before = await balance(h, u.auth);
    const created = await create(u.auth);
    const id = created.data.reportId as string;
    const cancel = await h.call({ method: 'POST', url: `/api/ideas/reports/${id}/cancel`, headers: u.auth });
    expect(cancel.code).toBe(0);
    expect(await balance(h, u.auth)).toBe(before);
    const view = await h.call({ method: 'GET', url: `/api/ideas/reports/${id}`, headers: u.auth });
    expect(view.data).toMatchObject({ process: 'failed', state: 1, error: null });
    const task = await h.call({ method: 'GET', url: `/api/tasks/${view.data.taskId}`, headers: u.auth });
    expect(task.data.status).toBe('stopped');
    const again = await h.call({ method: 'POST', url: `/api/ideas/reports/${id}/cancel`, headers: u.auth });
    expect(again.status).toBe(409);
    expect(await balance(h, u.auth)).toBe(before);
    const other = await h.user();
    expect((await h.call({ method: 'POST', url: `/api/ideas/reports/${id}/cancel`, headers: other.auth })).status).toBe(404);
  });

  it('fails a report left generating by the old in-process runner and returns its points once', async () => {
    const u = await h.user();
    const before = await balance(h, u.auth);
    const id = 'legacy-report-1';
    const now = Date.now();
    await writeTransaction(h.ctx.db, async (trx) => {
      await trx
        .insertInto('idea_reports')
        .values({
          id,
          user_id: u.id,
          tenant_id: 'default',
          title: '旧报告',
          params: JSON.stringify({
            prompt: '',
            mktType: 'product',
            marketDesc: '',
            ideaStyle: '整活幽默',
            socialType: ['image'],
          }),
          hotspot_source_type: 'CUSTOM_INSPIRATION',
          hotspot_id: null,
          engine: 'openai-chat',
          process: 'generating',
          stage: 'summary',
          state: 0,
          cost: 30,
          summary: null,
          association: null,
          risk: null,
          error: null,
          tokens: 0,
          task_id: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await chargeIn(trx, { userId: u.id, cost: 30, refType: 'idea_report', refId: id, note: 'idea report' });
    });
    expect(await balance(h, u.auth)).toBe(before - 30);
    const view = await h.call({ method: 'GET', url: `/api/ideas/reports/${id}`, headers: u.auth });
    expect(view.data).toMatchObject({ process: 'failed', taskId: null });
    await h.call({ method: 'GET', url: `/api/ideas/reports/${id}`, headers: u.auth });
    expect(await balance(h, u.auth)).toBe(before);
  });
});
