import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPhoto } from '../../engines/local/test-fixtures.test-support.ts';
import { createHarness, type Harness } from '../../test-support/harness.ts';
import { quickLocalEngine } from '../../test-support/quick-engine.ts';
import { testImage } from '../uploads/test-images.test-support.ts';
import { makePaid, upload, waitForTask } from './test-support.ts';

const en = { 'accept-language': 'en' };
const PUBLIC_URL = 'https://studio.example.com';

/**
 * A deployed instance (PUBLIC_URL set, issue 41): every form of our file URLs is one rule
 * (core's fileKeyOf), a hand-off is resolved for its owner whatever its signature, and the user's own
 * results come back as inputs at every download size whatever the upload minimum, while a fresh small
 * photo is still refused with a message that says what to do.
 */
describe('own files and own results on a deployed instance', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('sqlite', { PUBLIC_URL });
    quickLocalEngine(h.ctx);
  });
  afterAll(() => h.close());

  const create = (auth: { authorization: string }, body: Record<string, unknown>) =>
    h.call({ method: 'POST', url: '/api/tasks', headers: { ...auth, ...en }, payload: body });
  const resolve = (auth: { authorization: string }, url: string) =>
    h.call({ method: 'POST', url: '/api/upload/resolve', headers: { ...auth, ...en }, payload: { url } });

  it('resolves hand-offs in every URL form for their owner only, re-signed', async () => {
    const u = await h.user();
    const other = await h.user();
    const url = await upload(h, u.auth, await productPhoto());
    expect(url.startsWith(`${PUBLIC_URL}/files/uploads/`)).toBe(true);
    const created = await create(u.auth, { bizType: 'MATTING_IMAGE', params: {}, inputs: [url] });
    const task = await waitForTask(h, u.auth, created.data.taskId);
    const output: string = task.outputs[0].url;
    const key = output.slice(`${PUBLIC_URL}/files/`.length).split('?')[0];
    for (const form of [output, `/files/${key}`, `${PUBLIC_URL}/files/${key}?e=1000&s=expiredsignature`]) {
      const res = await resolve(u.auth, form);
      expect(res.code, form).toBe(0);
      // Freshly signed, absolute under PUBLIC_URL.
      expect(res.data.url).toMatch(new RegExp(`^${PUBLIC_URL}/files/${key}\\?e=\\d+&s=`));
      expect(Number(new URL(res.data.url).searchParams.get('e')) * 1000).toBeGreaterThan(Date.now());
    }
    // Someone else's file and foreign hosts are refused as a task refuses them.
    for (const [who, form] of [
      [other, output],
      [u, `https://other.example/files/${key}`],
      [u, `${PUBLIC_URL}.evil.example/files/${key}`],
    ] as const) {
      const res = await resolve(who.auth, form);
      expect([res.status, res.msg]).toEqual([400, 'The picture could not be found, please upload it again']);
    }
  });

  it('takes back a downloaded result at each size whatever the minimum; refuses a fresh small photo', async () => {
    const u = await h.user();
    await makePaid(h.ctx, u.id);
    const photo = await upload(h, u.auth, await productPhoto());
    const made = {
      QR_CODE_ART: await create(u.auth, { bizType: 'QR_CODE_ART', params: { content: 'https://shop.example/item/1', topN: 1 } }),
      MATTING_IMAGE: await create(u.auth, { bizType: 'MATTING_IMAGE', params: {}, inputs: [photo] }),
      PRODUCT_REPLACE_IMAGE: await create(u.auth, {
        bizType: 'PRODUCT_REPLACE_IMAGE',
        params: { backgroundColor: '#ffffff', genNum: 1 },
        inputs: [photo],
      }),
    };
    for (const [bizType, task] of Object.entries(made)) {
      expect(task.code, `${bizType}: ${task.msg}`).toBe(0);
      await waitForTask(h, u.auth, task.data.taskId);
      for (const definition of ['1080P', '2K']) {
        const file = await h.app.inject({
          method: 'GET',
          url: `/api/tasks/${task.data.taskId}/outputs/0/download?definition=${definition}`,
          headers: u.auth,
        });
        expect(file.statusCode).toBe(200);
        const meta = await sharp(file.rawPayload).metadata();
        // "1080P" is 1080 px where the engine draws larger (QR art); never an enlargement otherwise.
        if (bizType === 'QR_CODE_ART') expect(Math.max(meta.width!, meta.height!)).toBe(definition === '2K' ? 2048 : 1080);
        // Under the 500 KB minimum, yet taken by a task: it is theirs.
        expect(file.rawPayload.length).toBeLessThan(500 * 1024);
        const again = await upload(h, u.auth, file.rawPayload, `image/${meta.format === 'jpeg' ? 'jpeg' : 'png'}`);
        expect((await resolve(u.auth, again)).code).toBe(0);
        const cut = await create(u.auth, { bizType: 'MATTING_IMAGE', params: {}, inputs: [again] });
        expect(cut.code, `${bizType} ${definition}: ${cut.msg}`).toBe(0);
      }
    }
    // The same bytes from another user are a fresh photo for them.
    const stranger = await h.user();
    const small = await testImage('png', 64);
    for (const who of [u, stranger]) {
      const url = await upload(h, who.auth, small);
      const res = await resolve(who.auth, url);
      expect(res.status).toBe(400);
      expect(res.msg).toMatch(/^The image must not be smaller than 500KB: upload the original photo/);
    }
  });
});
