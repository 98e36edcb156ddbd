import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance } from '../../../studio/tasks/test-support.ts';
import { createHarness, type Harness } from '../../../test-support/harness.ts';

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const v = await fn();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not reached');
}

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
});
