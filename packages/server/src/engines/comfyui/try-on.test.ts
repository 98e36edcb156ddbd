import { TASK_COSTS } from '@productimage/core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { balance, ledgerOf, upload, waitForTask } from '../../studio/tasks/test-support.ts';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';
import { productPhoto } from '../local/test-fixtures.test-support.ts';
import { type FakeComfy, startFakeComfy } from './fake-comfyui.test-support.ts';

const en = { 'accept-language': 'en' };

describeSqlite('a try-on through the product to a ComfyUI server', (kind) => {
  let h: Harness;
  let comfy: FakeComfy;
  let photo: Buffer;
  beforeAll(async () => {
    // The second prompt fails on the server (execution_error).
    comfy = await startFakeComfy({ script: ['ok', 'error', 'ok'] });
    h = await createHarness(kind, { ENGINES: `local,comfyui=${comfy.url}` });
    photo = await productPhoto();
  });
  afterAll(async () => {
    await h.close();
    await comfy.close();
  });

  const tryOn = async (auth: { authorization: string }) => {
    const person = await upload(h, auth, photo);
    const garment = await upload(h, auth, photo);
    return h.call({
      method: 'POST',
      url: '/api/tasks',
      headers: { ...auth, ...en },
      payload: { bizType: 'TRY_ON', params: { genNum: 4 }, inputs: [person, garment] },
    });
  };

  it('charges 20, runs the workflow on ComfyUI and stores its four pictures', async () => {
    const u = await h.user();
    const created = await tryOn(u.auth);
    expect(created.code).toBe(0);
    expect(created.data.cost).toBe(TASK_COSTS.TRY_ON);
    expect(TASK_COSTS.TRY_ON).toBe(20);
    const task = await waitForTask(h, u.auth, created.data.taskId);
    expect(task.status).toBe('completed');
    expect(task.outputs).toHaveLength(4);
    for (const output of task.outputs) {
      const file = await h.app.inject({ method: 'GET', url: output.url });
      expect(file.statusCode).toBe(200);
      expect((await sharp(file.rawPayload).metadata()).format).toBe('png');
    }
    expect(comfy.prompts[0]!.prompt['7']!.inputs.amount).toBe(4);
    expect(await ledgerOf(h.ctx, created.data.taskId)).toEqual([{ reason: 'spend', delta: -20 }]);
    expect(await balance(h, u.auth)).toBe(500 - 20);
  });

  it('refunds once when ComfyUI reports an execution_error', async () => {
    const u = await h.user();
    const created = await tryOn(u.auth);
    const task = await waitForTask(h, u.auth, created.data.taskId);
    expect(task.status).toBe('failed');
    // The engine's own reason, translated, not the generic one.
    expect(task.error).toBe('The image engine failed to make the pictures, please try again');
    expect(task.outputs).toEqual([]);
    expect(await ledgerOf(h.ctx, created.data.taskId)).toEqual([
      { reason: 'spend', delta: -20 },
      { reason: 'refund', delta: 20 },
    ]);
    expect(await balance(h, u.auth)).toBe(500);
  });

  it('checks the try-on parameters and pictures before charging', async () => {
    const u = await h.user();
    const [a, b, c] = [await upload(h, u.auth, photo), await upload(h, u.auth, photo), await upload(h, u.auth, photo)];
    const create = (params: Record<string, unknown>, inputs: string[]) =>
      h.call({
        method: 'POST',
        url: '/api/tasks',
        headers: { ...u.auth, ...en },
        payload: { bizType: 'TRY_ON', params, inputs },
      });
    // An outfit (set) is the person and one outfit; mix and match may add a bottom.
    expect((await create({ tryonType: 'set' }, [a, b, c])).code).toBe(4014);
    expect((await create({ tryonType: 'split' }, [a])).code).toBe(4014);
    expect((await create({ tryonType: 'both' }, [a, b])).status).toBe(400);
    expect((await create({ denoisingStrength: 2 }, [a, b])).status).toBe(400);
    // A colour outside the presets is a members' feature (spec 001 §6).
    const colour = await create({ backgroundColor: '#123456' }, [a, b]);
    expect([colour.status, colour.msg]).toEqual([403, 'Custom colours need a paid membership']);
    expect(await balance(h, u.auth)).toBe(500);
    const split = await create({ tryonType: 'split', backgroundColor: '#ffffff' }, [a, b, c]);
    expect(split.data.cost).toBe(20);
    expect(await balance(h, u.auth)).toBe(480);
    await waitForTask(h, u.auth, split.data.taskId);
  });

  it('lists the ComfyUI engine with its server’s health and queue', async () => {
    const res = await h.call({ method: 'GET', url: '/api/tasks/engines' });
    expect(res.data.engines).toContainEqual(
      expect.objectContaining({ name: 'comfyui', bizTypes: expect.arrayContaining(['TRY_ON', 'MODEL_IMAGE_NEW']) }),
    );
    expect(res.data.health).toContainEqual({ name: 'comfyui', servers: [{ server: 1, reachable: true, queue: 0, active: 0 }] });
  });
});
