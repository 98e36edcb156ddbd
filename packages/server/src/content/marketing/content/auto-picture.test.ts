import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance, upload } from '../../../studio/tasks/test-support.ts';
import { createHarness, type Harness } from '../../../test-support/harness.ts';
import { until } from '../../../test-support/until.ts';
import { ideaLayout } from '../ideas/poster-engine.ts';

/** Every image-and-text or video result comes with its picture, made with the post (issue 11 "images per result"). */
describe('content results with their picture', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('sqlite', { HOTSPOT_FEED_URL: 'off' });
  });
  afterAll(() => h.close());

  it('adds a poster picture to each image-and-text result at no extra cost; text-only posts get none', async () => {
    const u = await h.user();
    const before = await balance(h, u.auth);
    const view = async (payload: Record<string, unknown>) => {
      const created = await h.call({ method: 'POST', url: '/api/content', headers: u.auth, payload });
      return until(
        () => h.call({ method: 'GET', url: `/api/content/${created.data.contentId}`, headers: u.auth }),
        (r) => r.data.items.every((i: { status: string }) => i.status !== 'loading'),
      );
    };
    const withPicture = await view({ platforms: ['xiaohongshu'], productInfo: '保温杯，316不锈钢' });
    const [picture] = withPicture.data.items[0].genImages;
    expect(picture).toMatchObject({ type: 'image', status: 'success' });
    const file = await h.app.inject({ method: 'GET', url: picture.url, headers: u.auth });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const textOnly = await view({ platforms: ['weibo'], socialMediaType: 'text', productInfo: '保温杯' });
    expect(textOnly.data.items[0]).toMatchObject({ status: 'success', genImages: [] });
    // The offline writer's drafts are free, their pictures included.
    expect(await balance(h, u.auth)).toBe(before);
  });

  it("shows the product picture the user gave, cut out beside the text; another user's picture is refused before any charge (issue 30)", async () => {
    const u = await h.user();
    const other = await h.user();
    // A product already cut out (a red bottle shape on transparency; the hidden pixels are noise,
    // as in a camera PNG, so it passes the 500 KB upload rule): it keeps its own alpha, no model run.
    const side = 1024;
    const rgba = Buffer.alloc(side * side * 4);
    let seed = 7;
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++) {
        const i = (y * side + x) * 4;
        seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
        const inBottle = x > 380 && x < 644 && y > 160 && y < 860;
        rgba[i] = inBottle ? 210 : (seed >> 8) & 255;
        rgba[i + 1] = inBottle ? 40 : (seed >> 12) & 255;
        rgba[i + 2] = inBottle ? 40 : (seed >> 16) & 255;
        rgba[i + 3] = inBottle ? 255 : 0;
      }
    const png = await sharp(rgba, { raw: { width: side, height: side, channels: 4 } })
      .png()
      .toBuffer();
    const mine = await upload(h, u.auth, png);
    const theirs = await upload(h, other.auth, png);
    const before = await balance(h, u.auth);

    const refused = await h.call({
      method: 'POST',
      url: '/api/content',
      headers: u.auth,
      payload: { platforms: ['xiaohongshu'], productInfo: '汽水', productImage: theirs },
    });
    expect(refused.code).not.toBe(0);
    expect((await h.call({ method: 'GET', url: '/api/content', headers: u.auth })).data.total ?? 0).toBe(0);

    const created = await h.call({
      method: 'POST',
      url: '/api/content',
      headers: u.auth,
      payload: { platforms: ['xiaohongshu'], productInfo: '气泡汽水，冰镇更爽', productImage: mine },
    });
    const done = await until(
      () => h.call({ method: 'GET', url: `/api/content/${created.data.contentId}`, headers: u.auth }),
      (r) => r.data.items.every((i: { status: string }) => i.status !== 'loading'),
    );
    const item = done.data.items[0];
    const [picture] = item.genImages;
    expect(picture).toMatchObject({ type: 'image', status: 'success' });
    const file = await h.app.inject({ method: 'GET', url: picture.url, headers: u.auth });
    // The product's red is in the picture's product box.
    // The product's box (right column, below a one- or two-line title) always holds this square.
    const box = { x: 520, y: 520, w: 420, h: 420 };
    const right = ideaLayout({ title: '标题', content: '' }, true).product!;
    expect(right.x).toBeLessThanOrEqual(box.x);
    expect(right.y).toBeLessThanOrEqual(box.y);
    const { data } = await sharp(file.rawPayload)
      .extract({ left: box.x, top: box.y, width: box.w, height: box.h })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let red = 0;
    for (let i = 0; i < data.length; i += 3) if (data[i]! > 180 && data[i + 1]! < 80 && data[i + 2]! < 80) red++;
    expect(red).toBeGreaterThan(box.w * box.h * 0.1);
    expect(await balance(h, u.auth)).toBe(before);
  });
});
