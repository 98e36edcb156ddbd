import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { productPhoto } from '../../engines/local/test-fixtures.test-support.ts';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';
import { MASK_MAX_PIXELS, pngSize } from './mask-bounds.ts';
import { balance, upload } from './test-support.ts';

const en = { 'accept-language': 'en' };

/** A PNG header claiming any size, with a tiny (valid) body: what the attack sent. */
async function transparentPng(width: number, height: number): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

describeSqlite('refinement mask bounds (issue 9 item 4)', (kind) => {
  let h: Harness;
  let photo: Buffer;
  beforeAll(async () => {
    h = await createHarness(kind);
    photo = await productPhoto(1024, 768);
  });
  afterAll(() => h.close());

  const create = (auth: { authorization: string }, body: Record<string, unknown>) =>
    h.call({ method: 'POST', url: '/api/tasks', headers: { ...auth, ...en }, payload: body });

  it('reads the size from the PNG header alone', async () => {
    expect(pngSize(await transparentPng(16383, 3))).toEqual({ width: 16383, height: 3 });
    expect(pngSize('data:image/jpeg;base64,/9j/4AAQ')).toBeNull();
    expect(pngSize(`data:image/png;base64,${Buffer.from('not a png at all, just some bytes..').toString('base64')}`)).toBeNull();
  });

  it('attack: a huge transparent mask is refused from its header, before decoding and before any charge', async () => {
    const u = await h.user();
    const url = await upload(h, u.auth, photo);
    // The attack: 16383 x 16383 pixels (1 GB decoded) in a data URL of about a megabyte.
    const huge = await transparentPng(16383, 16383);
    expect(huge.length).toBeLessThan(4_000_000);
    expect(16383 * 16383).toBeGreaterThan(MASK_MAX_PIXELS);
    const decodes: string[] = [];
    const spy = h.ctx.tasks.engines.byName('local');
    const validate = spy?.validate;
    if (spy && validate)
      spy.validate = async (...args) => {
        decodes.push('validate');
        return validate(...args);
      };
    try {
      const res = await create(u.auth, { bizType: 'MATTING_IMAGE', params: { mask: huge }, inputs: [url] });
      expect([res.status, res.msg]).toEqual([400, 'The mask must be a PNG the size of the input image']);
    } finally {
      if (spy) spy.validate = validate;
    }
    // Nothing decoded it (the engine's check never ran) and nothing was charged.
    expect(decodes).toEqual([]);
    expect(await balance(h, u.auth)).toBe(500);
  });

  it('refuses a mask whose size differs from the input, and accepts one of the same size', async () => {
    const u = await h.user();
    const url = await upload(h, u.auth, photo);
    const wrong = await create(u.auth, {
      bizType: 'MATTING_IMAGE',
      params: { mask: await transparentPng(768, 1024) },
      inputs: [url],
    });
    expect(wrong.msg).toBe('The mask must be a PNG the size of the input image');
    // The right size gets past the bound (this blank one then fails the engine's emptiness check).
    const right = await create(u.auth, {
      bizType: 'MATTING_IMAGE',
      params: { mask: await transparentPng(1024, 768) },
      inputs: [url],
    });
    expect(right.msg).toBe('Mask Cannot Be Empty');
    expect(await balance(h, u.auth)).toBe(500);
  });
});
