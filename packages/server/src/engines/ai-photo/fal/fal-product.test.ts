import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerOf, upload, waitForTask } from '../../../studio/tasks/test-support.ts';
import { createHarness, type Harness } from '../../../test-support/harness.ts';
import { LOCKED_TYPES } from '../../garment-lock/lock.ts';
import { productPhoto } from '../../local/test-fixtures.test-support.ts';
import { type FalDouble, startFalDouble } from './fal-double.test-support.ts';
import { FAL_SERVES } from './provider.ts';

/**
 * Every tool fal.ai serves, through the product with fal as the only provider (FAL_KEY): each task
 * is charged, sent to its model on fal's queue and its pictures stored; a refused one is refunded
 * once with the translated message; a stopped one cancels fal's request and is refunded once.
 */
const en = { 'accept-language': 'en' };

describe('AI photography through fal.ai in the product', () => {
  let h: Harness;
  let fal: FalDouble;
  let photo: Buffer;
  const types = Object.keys(FAL_SERVES);
  beforeAll(async () => {
    fal = await startFalDouble({ script: [...types.map(() => 'ok' as const), 'moderation', 'hang'] });
    h = await createHarness('sqlite', { FAL_KEY: 'fal-test-key', FAL_BASE_URL: fal.url });
    photo = await productPhoto(512);
  });
  afterAll(async () => {
    await h.close();
    await fal.close();
  });

  const create = async (auth: { authorization: string }, bizType: string) => {
    const inputs = [await upload(h, auth, photo)];
    if (bizType === 'TRY_ON') inputs.push(await upload(h, auth, photo));
    return h.call({
      method: 'POST',
      url: '/api/tasks',
      headers: { ...auth, ...en },
      payload: { bizType, params: { genNum: 1, ...(bizType === 'TRY_ON' ? { tryonType: 'set' } : {}) }, inputs },
    });
  };

  it.each(types)(
    '%s: charged, sent to its fal model, stored',
    async (bizType) => {
      const u = await h.user();
      const created = await create(u.auth, bizType);
      expect(created.code, created.raw).toBe(0);
      const task = await waitForTask(h, u.auth, created.data.taskId);
      expect(task.status).toBe('completed');
      expect(task.outputs).toHaveLength(1);
      const out = new URL(task.outputs[0].url, 'http://x');
      expect((await h.app.inject({ method: 'GET', url: out.pathname + out.search })).statusCode).toBe(200);
      expect(fal.submitted.at(-1)!.model).toBe(FAL_SERVES[bizType]);
      // The double's plain picture is not the merchant's garment: a garment-locked tool delivers it
      // untagged and refunds its points (issue 45); the others keep their charge.
      const spend = { reason: 'spend', delta: -created.data.cost };
      expect(await ledgerOf(h.ctx, created.data.taskId)).toEqual(
        LOCKED_TYPES.has(bizType) ? [spend, { reason: 'refund', delta: created.data.cost }] : [spend],
      );
      const runs = await h.call({ method: 'GET', url: `/api/ai-photo/runs?taskIds=${created.data.taskId}`, headers: u.auth });
      expect(runs.data[0]).toMatchObject({ provider: 'fal', model: FAL_SERVES[bizType] });
    },
    120_000,
  );

  it('fails a refused picture with the translated message and refunds it once', async () => {
    const u = await h.user();
    const created = await create(u.auth, 'PRODUCT_IMAGE');
    const task = await waitForTask(h, u.auth, created.data.taskId);
    expect(task.status).toBe('failed');
    expect(task.error).toBe('The provider’s content check refused these pictures or words; please use others');
    expect(await ledgerOf(h.ctx, created.data.taskId)).toEqual([
      { reason: 'spend', delta: -created.data.cost },
      { reason: 'refund', delta: created.data.cost },
    ]);
  }, 120_000);

  it("cancels fal's queued request when the user stops the task, and refunds once", async () => {
    const u = await h.user();
    const created = await create(u.auth, 'MODEL_IMAGE_NEW');
    // fal's ids count its accepted requests: wait until this one is polled as queued, then stop.
    const id = `fal-${fal.submitted.length + 1}`;
    while (!fal.requests.some((r) => String(r.headers['x-fal-target-url']).includes(`/requests/${id}/status`)))
      await new Promise((r) => setTimeout(r, 20));
    const stop = await h.call({ method: 'POST', url: `/api/tasks/${created.data.taskId}/stop`, headers: u.auth });
    expect(stop.code).toBe(0);
    const task = await waitForTask(h, u.auth, created.data.taskId);
    expect(task.status).toBe('stopped');
    while (!fal.canceled.length) await new Promise((r) => setTimeout(r, 20));
    expect(fal.canceled).toEqual([id]);
    expect(await ledgerOf(h.ctx, created.data.taskId)).toEqual([
      { reason: 'spend', delta: -created.data.cost },
      { reason: 'refund', delta: created.data.cost },
    ]);
  }, 120_000);
});
