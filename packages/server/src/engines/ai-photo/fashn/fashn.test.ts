import { TASK_COSTS } from '@productimage/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorOf } from '../../../identity/operators/test-operators.test-support.ts';
import { balance, ledgerOf, upload, waitForTask } from '../../../studio/tasks/test-support.ts';
import { createHarness, type Harness } from '../../../test-support/harness.ts';
import { productPhoto } from '../../local/test-fixtures.test-support.ts';
import { plainPicture } from '../double-server.test-support.ts';
import { type FalDouble, startFalDouble } from '../fal/fal-double.test-support.ts';
import { ProviderError } from '../provider.ts';
import { type FashnDouble, startFashnDouble } from './fashn-double.test-support.ts';
import { createFashnProvider } from './provider.ts';

const en = { 'accept-language': 'en' };
const noop = () => undefined;

describe('FASHN adapter against its protocol double', () => {
  let fashn: FashnDouble;
  beforeAll(async () => {
    fashn = await startFashnDouble({ script: ['rate-limited', 'ok', 'moderation', 'pose'] });
  });
  afterAll(() => fashn.close());
  const provider = () => createFashnProvider({ apiKey: 'fashn-test-key', baseUrl: fashn.base, pollMs: 5 });
  const request = (params: Record<string, unknown>, images: string[]) => ({
    taskId: 't',
    bizType: 'TRY_ON',
    model: 'tryon-v1.6',
    params,
    extra: {},
    images,
    signal: new AbortController().signal,
    progress: noop,
  });

  it('runs a top and then a bottom on its result, after a 429 with Retry-After, with credits from the status header', async () => {
    const result = await provider().run(
      request({ tryonType: 'split', genNum: 2 }, ['data:image/png;base64,AA', 'https://x/top.png', 'https://x/bottom.png']),
    );
    const runPosts = fashn.requests.filter((r) => r.path === '/v1/run');
    expect(runPosts).toHaveLength(3); // the 429, then two predictions
    expect(runPosts[0]!.headers.authorization).toBe('Bearer fashn-test-key');
    expect(fashn.runs[0]).toEqual({
      model_name: 'tryon-v1.6',
      inputs: { model_image: 'data:image/png;base64,AA', garment_image: 'https://x/top.png', category: 'tops', num_samples: 1 },
    });
    expect(fashn.runs[1]!.inputs).toMatchObject({ garment_image: 'https://x/bottom.png', category: 'bottoms', num_samples: 2 });
    expect(String(fashn.runs[1]!.inputs.model_image)).toMatch(/\/pictures\/pred-1-0\.png$/);
    expect(result.pictures).toHaveLength(2);
    expect(result).toMatchObject({ cost: 3, currency: 'credits', providerTaskId: 'pred-1,pred-2' });
  });

  it('maps ContentModerationError to the moderation message and PoseError to an unusable picture', async () => {
    const moderated = await provider()
      .run(request({}, ['a', 'b']))
      .catch((e) => e);
    expect(moderated).toBeInstanceOf(ProviderError);
    expect(moderated.providerKey).toBe('imageModerationRefused');
    const pose = await provider()
      .run(request({}, ['a', 'b']))
      .catch((e) => e);
    expect(pose.providerKey).toBe('imageProviderInput');
  });

  it('reframes a model swap to the ratio asked for (reframe: image and aspect_ratio), adding its credit', async () => {
    const result = await provider().run({
      ...request({ genNum: 1, ratio: '16:9' }, ['data:image/png;base64,AA']),
      bizType: 'MODEL_IMAGE_NEW',
      model: 'model-swap',
    });
    const [swap, reframe] = fashn.runs.slice(-2);
    expect(swap!.model_name).toBe('model-swap');
    expect(reframe!.model_name).toBe('reframe');
    expect(Object.keys(reframe!.inputs).sort()).toEqual(['aspect_ratio', 'image']);
    expect(reframe!.inputs.aspect_ratio).toBe('16:9');
    // The picture FASHN made, by the URL its status answered.
    expect(String(reframe!.inputs.image)).toMatch(/\/pictures\/pred-\d+-0\.png$/);
    const meta = await sharp(result.pictures[0]!.buffer).metadata();
    expect([meta.width, meta.height]).toEqual([1360, 760]);
    expect(result).toMatchObject({ cost: 2, model: 'model-swap' });
    // A picture already at the ratio (the double's 96x128 model swap is 3:4) is not reframed: no credit spent.
    const before = fashn.runs.length;
    await provider().run({
      ...request({ genNum: 1, ratio: '3:4' }, ['data:image/png;base64,AA']),
      bizType: 'MODEL_IMAGE_NEW',
      model: 'model-swap',
    });
    expect(fashn.runs.slice(before).map((r) => r.model_name)).toEqual(['model-swap']);
  });

  it('answers a wrong key as a refusal, not a retry', async () => {
    const err = await createFashnProvider({ apiKey: 'wrong', baseUrl: fashn.base, pollMs: 5 })
      .run(request({}, ['a', 'b']))
      .catch((e) => e);
    expect(err.providerKey).toBe('imageEngineRejected');
  });
});

describe('AI photography through FASHN in the product, and the routing table', () => {
  let h: Harness;
  let fashn: FashnDouble;
  let fal: FalDouble;
  let photo: Buffer;
  beforeAll(async () => {
    fashn = await startFashnDouble({ script: ['ok', 'moderation', 'hang'] });
    fal = await startFalDouble();
    h = await createHarness('sqlite', {
      FASHN_API_KEY: 'fashn-test-key',
      FASHN_BASE_URL: fashn.base,
      FAL_KEY: 'fal-test-key',
      FAL_BASE_URL: fal.url,
    });
    photo = await productPhoto(512);
  });
  afterAll(async () => {
    await h.close();
    await fashn.close();
    await fal.close();
  });

  const tryOn = async (auth: { authorization: string }) => {
    const person = await upload(h, auth, photo);
    const garment = await upload(h, auth, photo);
    return h.call({
      method: 'POST',
      url: '/api/tasks',
      headers: { ...auth, ...en },
      payload: { bizType: 'TRY_ON', params: { genNum: 1, tryonType: 'set' }, inputs: [person, garment] },
    });
  };

  it('marks the tools available, charges the try-on, stores FASHN’s picture and names the engine', async () => {
    const availability = await h.call({ method: 'GET', url: '/api/availability' });
    expect(availability.data.bizTypes).toEqual(
      expect.arrayContaining(['TRY_ON', 'MANNEQUIN_IMAGE', 'MODEL_IMAGE_NEW', 'PRODUCT_IMAGE']),
    );
    const u = await h.user();
    const created = await tryOn(u.auth);
    expect(created.data.cost).toBe(TASK_COSTS.TRY_ON);
    const task = await waitForTask(h, u.auth, created.data.taskId);
    expect(task.status).toBe('completed');
    expect(task.outputs).toHaveLength(1);
    expect((await h.app.inject({ method: 'GET', url: task.outputs[0].url })).statusCode).toBe(200);
    // Without PUBLIC_URL the pictures went inline, as FASHN accepts base64 data URLs.
    expect(String(fashn.runs[0]!.inputs.model_image)).toMatch(/^data:image\/png;base64,/);
    expect(fashn.runs[0]!.inputs.category).toBe('one-pieces');
    expect(await ledgerOf(h.ctx, created.data.taskId)).toEqual([{ reason: 'spend', delta: -20 }]);
    const runs = await h.call({ method: 'GET', url: `/api/ai-photo/runs?taskIds=${created.data.taskId}`, headers: u.auth });
    expect(runs.data).toEqual([
      {
        taskId: created.data.taskId,
        provider: 'fashn',
        model: 'tryon-v1.6',
        garmentLocked: false,
        lockNote: null,
        originals: [],
        fidelity: [],
      },
    ]);
    // Another member learns nothing about this task.
    const stranger = await h.user();
    expect(
      (await h.call({ method: 'GET', url: `/api/ai-photo/runs?taskIds=${created.data.taskId}`, headers: stranger.auth })).data,
    ).toEqual([]);
    const run = await h.ctx.db
      .selectFrom('ai_photo_runs')
      .selectAll()
      .where('task_id', '=', created.data.taskId)
      .executeTakeFirstOrThrow();
    expect([run.cost, run.currency, run.points, run.status]).toEqual([1, 'credits', 20, 'completed']);
  });

  it('fails a moderated try-on with the translated message and refunds it once', async () => {
    const u = await h.user();
    const created = await tryOn(u.auth);
    const task = await waitForTask(h, u.auth, created.data.taskId);
    expect(task.status).toBe('failed');
    expect(task.error).toBe('The provider’s content check refused these pictures or words; please use others');
    expect(await ledgerOf(h.ctx, created.data.taskId)).toEqual([
      { reason: 'spend', delta: -20 },
      { reason: 'refund', delta: 20 },
    ]);
    expect(await balance(h, u.auth)).toBe(500);
  });

  it('stops polling when the user stops the task (FASHN has no cancel) and refunds once', async () => {
    const u = await h.user();
    const created = await tryOn(u.auth);
    await waitForTask(h, u.auth, created.data.taskId, () => fashn.polls() > 0);
    const stop = await h.call({ method: 'POST', url: `/api/tasks/${created.data.taskId}/stop`, headers: u.auth });
    expect(stop.code).toBe(0);
    const task = await waitForTask(h, u.auth, created.data.taskId);
    expect(task.status).toBe('stopped');
    expect(await ledgerOf(h.ctx, created.data.taskId)).toEqual([
      { reason: 'spend', delta: -20 },
      { reason: 'refund', delta: 20 },
    ]);
  });

  it('switches TRY_ON to fal.ai from the console without a restart, and shows the provider’s errors and costs', async () => {
    const op = await operatorOf(h);
    const put = await h.call({
      method: 'PUT',
      url: '/api/console/ai-photo/routes/TRY_ON',
      headers: op.auth,
      payload: { provider: 'fal', model: '', params: {}, unitCost: 0.075 },
    });
    expect(put.code).toBe(0);
    const u = await h.user();
    const created = await tryOn(u.auth);
    const task = await waitForTask(h, u.auth, created.data.taskId);
    expect(task.status).toBe('completed');
    expect(fal.submitted.at(-1)!.model).toBe('fal-ai/fashn/tryon/v1.6');
    const runs = await h.call({ method: 'GET', url: `/api/ai-photo/runs?taskIds=${created.data.taskId}`, headers: u.auth });
    expect(runs.data[0].provider).toBe('fal');
    const panel = await h.call({ method: 'GET', url: '/api/console/ai-photo', headers: op.auth });
    expect(panel.data.effective).toContainEqual(
      expect.objectContaining({ bizType: 'TRY_ON', provider: 'fal', model: 'fal-ai/fashn/tryon/v1.6' }),
    );
    const fashnRow = panel.data.providers.find((p: { provider: string }) => p.provider === 'fashn');
    expect(fashnRow).toMatchObject({ configured: true, completed24h: 1, failed24h: 1 });
    expect(fashnRow.lastErrors[0]).toMatchObject({ error: 'imageModerationRefused', bizType: 'TRY_ON' });
    // Beside FASHN's reported credits, fal's cost: the route's unit cost (its double publishes no price here).
    expect([fashnRow.cost24h, fashnRow.unpriced24h]).toEqual([{ reported: 1 }, 0]);
    const falRow = panel.data.providers.find((p: { provider: string }) => p.provider === 'fal');
    expect([falRow.cost24h, falRow.unpriced24h]).toEqual([{ route: 0.075 }, 0]);
    expect(panel.data.providers.find((p: { provider: string }) => p.provider === 'dashscope').configured).toBe(false);
    const costs = await h.call({ method: 'GET', url: '/api/console/ai-photo/costs?days=7', headers: op.auth });
    expect(costs.data).toHaveLength(1);
    // fashn: 1 credit; fal: the route's unit cost; points of the two completed try-ons; one failure.
    expect(costs.data[0]).toMatchObject({
      bizType: 'TRY_ON',
      tasks: 4,
      failures: 1,
      cost: { credits: 1, USD: 0.075 },
      points: 40,
    });
    expect(costs.data[0].day).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    // A user is not an operator.
    expect((await h.call({ method: 'GET', url: '/api/console/ai-photo', headers: u.auth })).status).toBe(403);
  });
});

describe('every tool FASHN serves, through the product', () => {
  let h: Harness;
  let fashn: FashnDouble;
  beforeAll(async () => {
    // A model swap that kept the garment in place answers the photo re-coloured, in its own framing.
    fashn = await startFashnDouble({
      picture: async (inputs, decode, model) => {
        const photo = model === 'model-swap' ? decode(inputs.model_image) : null;
        return photo ? sharp(photo).modulate({ brightness: 1.05, hue: 10 }).png().toBuffer() : plainPicture();
      },
    });
    h = await createHarness('sqlite', { FASHN_API_KEY: 'fashn-test-key', FASHN_BASE_URL: fashn.base });
  });
  afterAll(async () => {
    await h.close();
    await fashn.close();
  });

  it.each([
    ['MANNEQUIN_IMAGE', 'product-to-model', 'original'],
    ['PRODUCT_IMAGE', 'background-change', 'original'],
    ['MODEL_IMAGE_NEW', 'model-swap', '3:4'],
    ['CUSTOMIZED_MODEL', 'model-create', 'original'],
  ])(
    '%s: charged, made by %s, stored (ratio %s)',
    async (bizType, model, ratio) => {
      const u = await h.user();
      const input = await upload(h, u.auth, await productPhoto(512));
      const created = await h.call({
        method: 'POST',
        url: '/api/tasks',
        headers: { ...u.auth, ...en },
        payload: { bizType, params: { genNum: 1, ratio }, inputs: [input] },
      });
      expect(created.code, created.raw).toBe(0);
      const task = await waitForTask(h, u.auth, created.data.taskId);
      expect(task.status).toBe('completed');
      expect((await h.app.inject({ method: 'GET', url: task.outputs[0].url })).statusCode).toBe(200);
      const spent = created.data.cost > 0 ? [{ reason: 'spend', delta: -created.data.cost }] : [];
      // A garment-locked tool whose picture the lock could not place is delivered untagged and refunded (issue 45).
      const unlocked = bizType === 'MANNEQUIN_IMAGE' || bizType === 'PRODUCT_IMAGE';
      expect(await ledgerOf(h.ctx, created.data.taskId)).toEqual(
        unlocked ? [...spent, { reason: 'refund', delta: created.data.cost }] : spent,
      );
      const runs = await h.call({ method: 'GET', url: `/api/ai-photo/runs?taskIds=${created.data.taskId}`, headers: u.auth });
      if (ratio === '3:4') {
        // The square photo's model swap was reframed to 3:4 (FASHN's 880x1176), and the garment lock found
        // the product in the extended frame: its own pixels are back.
        expect(fashn.runs.at(-1)).toMatchObject({ model_name: 'reframe', inputs: { aspect_ratio: '3:4' } });
        const picture = await h.app.inject({ method: 'GET', url: task.outputs[0].url });
        const meta = await sharp(picture.rawPayload).metadata();
        expect([meta.width, meta.height]).toEqual([880, 1176]);
        expect(runs.data[0]).toMatchObject({ provider: 'fashn', model, garmentLocked: true, lockNote: null });
        const run = await h.ctx.db
          .selectFrom('ai_photo_runs')
          .selectAll()
          .where('task_id', '=', created.data.taskId)
          .executeTakeFirstOrThrow();
        expect([run.cost, run.currency]).toEqual([2, 'credits']);
        return;
      }
      expect(fashn.runs.at(-1)!.model_name).toBe(model);
      // The double answers a picture framed otherwise: the lock is skipped with its reason.
      expect(runs.data[0]).toMatchObject({
        provider: 'fashn',
        model,
        lockNote: bizType === 'CUSTOMIZED_MODEL' ? null : 'sizeChanged',
      });
    },
    300_000,
  );
});
