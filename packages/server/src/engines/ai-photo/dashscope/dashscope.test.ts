import { DEFAULT_IMAGE_COST, TASK_COSTS } from '@productimage/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance, ledgerOf, upload, waitForTask } from '../../../studio/tasks/test-support.ts';
import { createHarness, type Harness } from '../../../test-support/harness.ts';
import { LOCKED_TYPES } from '../../garment-lock/lock.ts';
import { productPhoto } from '../../local/test-fixtures.test-support.ts';
import { type DashScopeDouble, startDashScopeDouble } from './dashscope-double.test-support.ts';
import { createDashScopeProvider } from './provider.ts';

const en = { 'accept-language': 'en' };

describe('DashScope adapter against its protocol double', () => {
  let ds: DashScopeDouble;
  beforeAll(async () => {
    ds = await startDashScopeDouble({ script: ['throttled', 'moderation', 'failed'] });
  });
  afterAll(() => ds.close());
  const provider = () => createDashScopeProvider({ apiKey: 'sk-dashscope-test', baseUrl: ds.url, pollMs: 5, backoffMs: 1 });
  const request = (bizType: string, model: string, params: Record<string, unknown>, images: string[]) => ({
    taskId: 't',
    bizType,
    model,
    params,
    extra: {},
    images,
    signal: new AbortController().signal,
    progress: () => undefined,
  });

  it('creates an aitryon task asynchronously after Throttling with Retry-After, polls it and reads image_url', async () => {
    const result = await provider().run(
      request('TRY_ON', 'aitryon-plus', { tryonType: 'split' }, ['https://s/p.png', 'https://s/top.png', 'https://s/bottom.png']),
    );
    const posts = ds.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.headers['x-dashscope-async']).toBe('enable');
    expect(posts[1]!.headers.authorization).toBe('Bearer sk-dashscope-test');
    expect(ds.created[0]).toEqual({
      path: '/api/v1/services/aigc/image2image/image-synthesis',
      body: {
        model: 'aitryon-plus',
        input: {
          person_image_url: 'https://s/p.png',
          top_garment_url: 'https://s/top.png',
          bottom_garment_url: 'https://s/bottom.png',
        },
        parameters: { resolution: -1, restore_face: true },
      },
    });
    expect(ds.requests.some((r) => r.method === 'GET' && r.path === '/api/v1/tasks/task-1')).toBe(true);
    expect(result).toMatchObject({ currency: 'CNY', cost: 0.5, providerTaskId: 'task-1' });
    expect(result.pictures).toHaveLength(1);
  });

  it('maps DataInspectionFailed to the moderation message and a FAILED task to a failure', async () => {
    const moderated = await provider()
      .run(request('TRY_ON', 'aitryon', {}, ['a', 'b']))
      .catch((e) => e);
    expect(moderated.providerKey).toBe('imageModerationRefused');
    const failed = await provider()
      .run(request('MODEL_IMAGE_NEW', 'wanx2.1-imageedit', { genNum: 2 }, ['https://s/m.png']))
      .catch((e) => e);
    expect(failed.providerKey).toBe('imageEngineFailed');
    expect(ds.created.at(-1)).toMatchObject({
      body: {
        model: 'wanx2.1-imageedit',
        input: { function: 'description_edit', base_image_url: 'https://s/m.png' },
        parameters: { n: 2 },
      },
    });
  });

  it('sends shoes with the model picture as shoemodel’s template, and needs one', async () => {
    await provider().run(request('SHOES_IMAGE', 'shoemodel-v1', { genNum: 1 }, ['https://s/shoe.png', 'https://s/model.png']));
    expect(ds.created.at(-1)).toEqual({
      path: '/api/v1/services/aigc/virtualmodel/generation',
      body: {
        model: 'shoemodel-v1',
        input: { template_image_url: 'https://s/model.png', shoe_image_url: ['https://s/shoe.png'] },
        parameters: { n: 1 },
      },
    });
    const missing = await provider()
      .run(request('SHOES_IMAGE', 'shoemodel-v1', {}, ['https://s/shoe.png']))
      .catch((e) => e);
    expect(missing.providerKey).toBe('imageProviderInput');
  });
});

describe('AI photography through DashScope in the product', () => {
  let h: Harness;
  let ds: DashScopeDouble;
  let photo: Buffer;
  const handedOver: number[] = [];
  beforeAll(async () => {
    // The double reads the handed-over picture through its signed URL (as DashScope fetches it) and
    // answers it re-coloured in place: a provider that kept the garment where it was.
    ds = await startDashScopeDouble({
      script: ['ok', 'hang'],
      picture: async (body) => {
        const url = new URL(body.input.base_image_url ?? body.input.person_image_url);
        const res = await h.app.inject({ method: 'GET', url: url.pathname + url.search });
        handedOver.push(res.statusCode);
        return sharp(res.rawPayload).modulate({ brightness: 1.04, hue: 8 }).png().toBuffer();
      },
    });
    h = await createHarness('sqlite', {
      DASHSCOPE_API_KEY: 'sk-dashscope-test',
      DASHSCOPE_BASE_URL: ds.url,
      PUBLIC_URL: 'http://inspo.test',
    });
    photo = await productPhoto(512);
  });
  afterAll(async () => {
    await h.close();
    await ds.close();
  });

  it('makes a mannequin-to-model picture from signed URLs, records its CNY cost and locks the garment', async () => {
    const u = await h.user();
    const input = await upload(h, u.auth, photo);
    const created = await h.call({
      method: 'POST',
      url: '/api/tasks',
      headers: { ...u.auth, ...en },
      payload: { bizType: 'MANNEQUIN_IMAGE', params: { genNum: 1 }, inputs: [input] },
    });
    expect(created.data.cost).toBe(DEFAULT_IMAGE_COST);
    const task = await waitForTask(h, u.auth, created.data.taskId);
    expect(task.status).toBe('completed');
    expect(ds.created[0]!.body.input.base_image_url).toMatch(/^http:\/\/inspo\.test\/files\/handover\/.+\?e=\d+&s=/);
    expect(handedOver).toEqual([200]);
    const out = new URL(task.outputs[0].url);
    expect((await h.app.inject({ method: 'GET', url: out.pathname + out.search })).statusCode).toBe(200);
    const runs = await h.call({ method: 'GET', url: `/api/ai-photo/runs?taskIds=${created.data.taskId}`, headers: u.auth });
    expect(runs.data[0]).toMatchObject({
      provider: 'dashscope',
      model: 'wanx2.1-imageedit',
      garmentLocked: true,
      lockNote: null,
    });
    // The provider's own picture is kept for the result page's compare toggle: the re-coloured one,
    // not the locked output; it goes when the task is deleted.
    expect(runs.data[0].originals).toHaveLength(1);
    const original = new URL(runs.data[0].originals[0]);
    const fetched = await h.app.inject({ method: 'GET', url: original.pathname + original.search });
    expect(fetched.statusCode).toBe(200);
    const locked = await h.app.inject({ method: 'GET', url: out.pathname + out.search });
    expect(fetched.rawPayload.equals(locked.rawPayload)).toBe(false);
    const originalKey = original.pathname.slice('/files/'.length);
    expect(await h.ctx.storage.get(originalKey)).not.toBeNull();
    const run = await h.ctx.db
      .selectFrom('ai_photo_runs')
      .selectAll()
      .where('task_id', '=', created.data.taskId)
      .executeTakeFirstOrThrow();
    // wanx2.1-imageedit at its published CNY 0.14 per picture (DASHSCOPE_PRICES_CNY).
    expect([run.cost, run.currency, run.cost_source]).toEqual([0.14, 'CNY', 'published']);
    // What was handed over is removed once the task ends.
    const key = new URL(ds.created[0]!.body.input.base_image_url).pathname.slice('/files/'.length);
    expect(await h.ctx.storage.get(key)).toBeNull();
    expect((await h.call({ method: 'DELETE', url: `/api/tasks/${created.data.taskId}`, headers: u.auth })).status).toBe(200);
    expect(await h.ctx.storage.get(originalKey)).toBeNull();
    // The cutout and the lock run in the engine pool's thread (one core of the machine's two beside the API).
  }, 300_000);

  it('cancels the DashScope task when the user stops it, and refunds once', async () => {
    const u = await h.user();
    const [a, b] = [await upload(h, u.auth, photo), await upload(h, u.auth, photo)];
    const created = await h.call({
      method: 'POST',
      url: '/api/tasks',
      headers: { ...u.auth, ...en },
      payload: { bizType: 'TRY_ON', params: { genNum: 1, tryonType: 'set' }, inputs: [a, b] },
    });
    await waitForTask(h, u.auth, created.data.taskId, () => ds.created.length === 2);
    await waitForTask(h, u.auth, created.data.taskId, () => ds.requests.some((r) => r.path === '/api/v1/tasks/task-2'));
    await h.call({ method: 'POST', url: `/api/tasks/${created.data.taskId}/stop`, headers: u.auth });
    const task = await waitForTask(h, u.auth, created.data.taskId);
    expect(task.status).toBe('stopped');
    await waitForTask(h, u.auth, created.data.taskId, () => ds.canceled.length > 0);
    expect(ds.canceled).toEqual(['task-2']);
    expect(await ledgerOf(h.ctx, created.data.taskId)).toEqual([
      { reason: 'spend', delta: -TASK_COSTS.TRY_ON! },
      { reason: 'refund', delta: TASK_COSTS.TRY_ON! },
    ]);
  });
});

describe('every other tool DashScope serves, through the product', () => {
  let h: Harness;
  let ds: DashScopeDouble;
  beforeAll(async () => {
    ds = await startDashScopeDouble();
    h = await createHarness('sqlite', {
      DASHSCOPE_API_KEY: 'sk-dashscope-test',
      DASHSCOPE_BASE_URL: ds.url,
      PUBLIC_URL: 'http://inspo.test',
    });
  });
  afterAll(async () => {
    await h.close();
    await ds.close();
  });

  it.each([
    ['MODEL_IMAGE_NEW', 1, '/api/v1/services/aigc/image2image/image-synthesis'],
    ['SHOES_IMAGE', 2, '/api/v1/services/aigc/virtualmodel/generation'],
    ['PRODUCT_IMAGE', 1, '/api/v1/services/aigc/background-generation/generation/'],
  ] as const)('%s: charged, created at its endpoint, stored', async (bizType, pictures, path) => {
    const u = await h.user();
    const inputs = [];
    for (let i = 0; i < pictures; i++) inputs.push(await upload(h, u.auth, await productPhoto(512)));
    const created = await h.call({
      method: 'POST',
      url: '/api/tasks',
      headers: { ...u.auth, ...en },
      payload: { bizType, params: { genNum: 2 }, inputs },
    });
    expect(created.code, created.raw).toBe(0);
    const task = await waitForTask(h, u.auth, created.data.taskId);
    expect(task.status).toBe('completed');
    expect(task.outputs).toHaveLength(2);
    expect(ds.created.at(-1)!.path).toBe(path);
    expect(ds.created.at(-1)!.body.parameters.n).toBe(2);
    // The double's plain picture is not the merchant's garment: a garment-locked tool delivers it
    // untagged and refunds its points (issue 45); shoes keep their charge.
    const spend = { reason: 'spend', delta: -created.data.cost };
    expect(await ledgerOf(h.ctx, created.data.taskId)).toEqual(
      LOCKED_TYPES.has(bizType) ? [spend, { reason: 'refund', delta: created.data.cost }] : [spend],
    );
    if (bizType === 'PRODUCT_IMAGE') {
      // Background generation is given the subject's cutout (a transparent PNG), handed over like the inputs.
      expect(ds.created.at(-1)!.body.input.base_image_url).toMatch(/^http:\/\/inspo\.test\/files\/handover\/.+\.png\?e=/);
    }
  });

  it('refuses shoes without a model picture before charging: shoemodel needs its template', async () => {
    const u = await h.user();
    const before = ds.created.length;
    const shoe = await upload(h, u.auth, await productPhoto(512));
    const zh = await h.call({
      method: 'POST',
      url: '/api/tasks',
      headers: { ...u.auth, 'accept-language': 'zh' },
      payload: { bizType: 'SHOES_IMAGE', params: { genNum: 1 }, inputs: [shoe] },
    });
    expect([zh.status, zh.msg]).toEqual([400, '当前鞋子图服务需要一张模特图作为模板，请先选择模特再生成（未扣灵石）']);
    const created = await h.call({
      method: 'POST',
      url: '/api/tasks',
      headers: { ...u.auth, ...en },
      payload: { bizType: 'SHOES_IMAGE', params: { genNum: 1 }, inputs: [shoe] },
    });
    expect(created.msg).toMatch(/^The shoes service in use needs a model picture/);
    expect(await balance(h, u.auth)).toBe(500);
    const ledger = await h.call({ method: 'GET', url: '/api/points/ledger?pageNum=1&pageSize=10', headers: u.auth });
    // Only the sign-up grant: no spend, no refund.
    expect(ledger.data.list.map((r: { delta: number }) => r.delta)).toEqual([500]);
    expect(ds.created.length).toBe(before);
  });
});
