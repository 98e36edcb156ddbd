import { TASK_COSTS } from '@productimage/core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { productPhoto } from '../../engines/local/test-fixtures.test-support.ts';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';
import { quickLocalEngine } from '../../test-support/quick-engine.ts';
import { balance, upload, waitForTask } from './test-support.ts';

const en = { 'accept-language': 'en' };

/**
 * A mask editor canvas (transparent, the 1024 px photo's size, as the editor makes it; rectangles in
 * 512 px coordinates) with rectangles painted white (add) or black (erase).
 */
async function strokes(rects: Array<{ x: number; y: number; w: number; h: number; add: boolean }>): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 512 512">${rects
    .map((r) => `<rect x="${r.x}" y="${r.y}" width="${r.w}" height="${r.h}" fill="${r.add ? '#fff' : '#000'}"/>`)
    .join('')}</svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

describeSqlite('cutout refinement in the mask editor', (kind) => {
  let h: Harness;
  let photo: Buffer;
  beforeAll(async () => {
    h = await createHarness(kind);
    photo = await productPhoto();
  });
  afterAll(() => h.close());

  const create = (auth: { authorization: string }, body: Record<string, unknown>) =>
    h.call({ method: 'POST', url: '/api/tasks', headers: { ...auth, ...en }, payload: body });

  it('refining one own cutout is free; strokes that change nothing are refused before any charge', async () => {
    const u = await h.user();
    const url = await upload(h, u.auth, photo);
    const first = await create(u.auth, { bizType: 'MATTING_IMAGE', params: {}, inputs: [url] });
    expect(first.data.cost).toBe(TASK_COSTS.MATTING_IMAGE);
    await waitForTask(h, u.auth, first.data.taskId);
    const afterCutout = await balance(h, u.auth);

    // "Add" painted over the bottle's body, which is already subject: nothing changes.
    const noop = await create(u.auth, {
      bizType: 'MATTING_IMAGE',
      params: { mask: await strokes([{ x: 220, y: 180, w: 60, h: 40, add: true }]) },
      inputs: [url],
    });
    expect([noop.status, noop.msg]).toEqual([
      400,
      'These strokes change nothing in the cutout: paint over the part to add or remove',
    ]);
    expect(await balance(h, u.auth)).toBe(afterCutout);

    // Erasing the label changes the cutout: accepted at no cost, and done.
    const refine = await create(u.auth, {
      bizType: 'MATTING_IMAGE',
      params: { mask: await strokes([{ x: 210, y: 245, w: 92, h: 60, add: false }]) },
      inputs: [url],
    });
    expect(refine.code).toBe(0);
    expect(refine.data.cost).toBe(0);
    const done = await waitForTask(h, u.auth, refine.data.taskId);
    expect(done.status).toBe('completed');
    expect(await balance(h, u.auth)).toBe(afterCutout);
    const file = await h.app.inject({ method: 'GET', url: done.outputs[0].url });
    const { data, info } = await sharp(file.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(data[(560 * info.width + 512) * 4 + 3]).toBe(0);
  });
});

/**
 * What the task platform decides around a refinement (the charge, whose input it is, the failed
 * task's text): any task output will do, so the quick engine double stands in for the pixels
 * (test-support/quick-engine.ts); the refined cutout's own pixels are the test above and the engine's
 * "refines with the mask editor strokes" (engines/local/local-engine.test.ts).
 */
describeSqlite('cutout refinement: charges and ownership', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
    quickLocalEngine(h.ctx);
  });
  afterAll(() => h.close());

  const create = (auth: { authorization: string }, body: Record<string, unknown>) =>
    h.call({ method: 'POST', url: '/api/tasks', headers: { ...auth, ...en }, payload: body });

  it('a mask on a picture the user never cut out is a normal, paid cutout', async () => {
    const u = await h.user();
    const url = await upload(h, u.auth, await productPhoto(1024, 1024, 'png', 17));
    const res = await create(u.auth, {
      bizType: 'MATTING_IMAGE',
      params: { mask: await strokes([{ x: 0, y: 0, w: 40, h: 40, add: true }]) },
      inputs: [url],
    });
    expect(res.data.cost).toBe(TASK_COSTS.MATTING_IMAGE);
    await waitForTask(h, u.auth, res.data.taskId);
  });

  it('another user cannot refine for free on someone else cutout', async () => {
    const owner = await h.user();
    const other = await h.user();
    const url = await upload(h, owner.auth, await productPhoto(1024, 1024, 'png', 23));
    const first = await create(owner.auth, { bizType: 'MATTING_IMAGE', params: {}, inputs: [url] });
    await waitForTask(h, owner.auth, first.data.taskId);
    const theirs = await create(other.auth, {
      bizType: 'MATTING_IMAGE',
      params: { mask: await strokes([{ x: 0, y: 0, w: 40, h: 40, add: true }]) },
      inputs: [url],
    });
    // The upload is not theirs: refused as any foreign input is.
    expect(theirs.status).toBe(400);
  });

  it('a failed free task says nothing about refunded coins', async () => {
    const u = await h.user();
    const now = Date.now();
    const id = `free-failed-${u.id}`;
    await h.ctx.db
      .insertInto('tasks')
      .values({
        id,
        user_id: u.id,
        tenant_id: 'default',
        biz_type: 'QR_CODE_ART',
        engine: 'local',
        params: '{}',
        inputs: '[]',
        status: 'failed',
        progress: 0,
        outputs: '[]',
        cost: 0,
        error: 'generationFailed',
        attempts: 1,
        worker_id: null,
        created_at: now,
        updated_at: now,
        started_at: now,
        finished_at: now,
        deleted_at: null,
      })
      .execute();
    const res = await h.call({ method: 'GET', url: `/api/tasks/${id}`, headers: { ...u.auth, ...en } });
    expect(res.data.error).toBe('Generation failed, please try again');
    expect(res.data.error).not.toMatch(/coin|refund/i);
  });
});
