import { POSTER_COST } from '@productimage/core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { balance, ledgerOf, noisePng, upload, waitForTask } from '../../studio/tasks/test-support.ts';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';

const en = { 'accept-language': 'en' };

describeSqlite('posters on the task platform (PLACARD_GEN)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const create = (auth: { authorization: string }, body: Record<string, unknown>) =>
    h.call({ method: 'POST', url: '/api/tasks', headers: { ...auth, ...en }, payload: body });

  it('charges 10 points per layout and answers one poster per layout at the asked size', async () => {
    const u = await h.user();
    const created = await create(u.auth, {
      bizType: 'PLACARD_GEN',
      params: { title: '夏日清爽补水面霜', subtitle: '限时尝鲜价', body: 'Buy 2 get 1 free', ratio: '9:16', layouts: 3 },
      inputs: [],
    });
    expect(created.code).toBe(0);
    expect(created.data.cost).toBe(3 * POSTER_COST);
    const done = await waitForTask(h, u.auth, created.data.taskId);
    expect(done.status).toBe('completed');
    expect(done.outputs).toHaveLength(3);
    expect(await balance(h, u.auth)).toBe(500 - 3 * POSTER_COST);
    expect((await ledgerOf(h.ctx, created.data.taskId)).map((r) => r.delta)).toEqual([-30]);
    const file = await h.app.inject({ method: 'GET', url: done.outputs[0].url, headers: u.auth });
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1080, 1920]);
  });

  it('takes the product picture and the user background as inputs, and refuses a missing one before charging', async () => {
    const u = await h.user();
    const product = await upload(h, u.auth, await noisePng(700, 700));
    const missing = await create(u.auth, {
      bizType: 'PLACARD_GEN',
      params: { title: 'T', product: true, background: { kind: 'image' }, layouts: 1 },
      inputs: [product],
    });
    expect(missing.code).not.toBe(0);
    expect(await balance(h, u.auth)).toBe(500);
    const bad = await create(u.auth, { bizType: 'PLACARD_GEN', params: { title: '', layouts: 9 }, inputs: [] });
    expect(bad.code).not.toBe(0);
    const background = await upload(h, u.auth, await noisePng(720, 900));
    const created = await create(u.auth, {
      bizType: 'PLACARD_GEN',
      params: { title: 'New arrival', product: true, background: { kind: 'image' }, layouts: 1, ratio: '1:1' },
      inputs: [product, background],
    });
    expect(created.code).toBe(0);
    const done = await waitForTask(h, u.auth, created.data.taskId);
    expect(done.status).toBe('completed');
    expect(done.outputs).toHaveLength(1);
  });
});
