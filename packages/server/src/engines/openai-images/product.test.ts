import { DEFAULT_IMAGE_COST } from '@productimage/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { balance, ledgerOf, upload, waitForTask } from '../../studio/tasks/test-support.ts';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';
import { productPhoto } from '../local/test-fixtures.test-support.ts';
import { type FakeImagesApi, startFakeImagesApi } from './fake-images-api.test-support.ts';

describeSqlite('a model photo through the product to an images API', (kind) => {
  let h: Harness;
  let api: FakeImagesApi;
  beforeAll(async () => {
    api = await startFakeImagesApi();
    h = await createHarness(kind, { IMAGE_API_BASE_URL: api.url, IMAGE_API_KEY: 'sk-test', IMAGE_API_MODEL: 'gpt-image-1' });
  });
  afterAll(async () => {
    await h.close();
    await api.close();
  });

  it('is built from IMAGE_API_* without being listed, charges the tool’s cost and stores the pictures', async () => {
    const engines = await h.call({ method: 'GET', url: '/api/tasks/engines' });
    expect(engines.data.engines).toContainEqual(
      expect.objectContaining({
        name: 'openai-images',
        bizTypes: expect.arrayContaining(['MODEL_IMAGE_NEW', 'TRY_ON']),
      }),
    );
    const u = await h.user();
    const input = await upload(h, u.auth, await productPhoto());
    const created = await h.call({
      method: 'POST',
      url: '/api/tasks',
      headers: { ...u.auth, 'accept-language': 'en' },
      payload: { bizType: 'MODEL_IMAGE_NEW', params: { genNum: 1 }, inputs: [input] },
    });
    expect(created.code).toBe(0);
    // The spec gives no cost for model photos: the default per picture (core taskCost).
    expect(created.data.cost).toBe(DEFAULT_IMAGE_COST);
    const task = await waitForTask(h, u.auth, created.data.taskId);
    expect(task.status).toBe('completed');
    expect(task.outputs).toHaveLength(1);
    expect((await h.app.inject({ method: 'GET', url: task.outputs[0].url })).statusCode).toBe(200);
    expect(api.requests[0]).toMatchObject({ path: '/v1/images/edits', fields: { model: 'gpt-image-1' } });
    expect(await ledgerOf(h.ctx, created.data.taskId)).toEqual([{ reason: 'spend', delta: -created.data.cost }]);
    expect(await balance(h, u.auth)).toBe(500 - created.data.cost);
  });
});
