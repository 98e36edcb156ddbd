import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { busyRoomPhoto } from '../../engines/local/test-fixtures.test-support.ts';
import { poolThreads } from '../../engines/pool.ts';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';
import { multipart } from '../uploads/test-images.test-support.ts';

/**
 * POST /api/upload/regions (issue 30): what a cut of a busy photo would leave out, offered before
 * any charge; the segmentation runs in the engine pool's low-priority thread, not on the API's loop.
 */
describeSqlite('regions of an upload', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const upload = async (auth: Record<string, string>, data: Buffer, name: string, type: string) => {
    const body = multipart(data, name, type);
    const res = await h.call({
      method: 'POST',
      url: '/api/upload',
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
    return res.data[0] as string;
  };

  it('offers the two plants beside the shirt as choices, and nothing for a picture already cut out', async () => {
    const user = await h.user();
    const { photo } = await busyRoomPhoto();
    const url = await upload(user.auth, photo, 'room.jpg', 'image/jpeg');
    const res = await h.call({ method: 'POST', url: '/api/upload/regions', headers: user.auth, payload: { url } });
    expect(res.code).toBe(0);
    const regions = res.data.regions as Array<{ point: [number, number]; thumbnail: string; share: number }>;
    // the plants stand left and right of the shirt, low in the room
    expect(regions.some((r) => r.point[0] < 0.3 && r.point[1] > 0.5)).toBe(true);
    expect(regions.some((r) => r.point[0] > 0.7 && r.point[1] > 0.5)).toBe(true);
    expect(regions.every((r) => r.thumbnail.startsWith('data:image/png;base64,'))).toBe(true);
    // it ran in the engine pool (a thread now exists), not on the loop that answers HTTP
    expect(poolThreads()).toBeGreaterThan(0);

    const cut = await sharp({ create: { width: 900, height: 900, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        {
          input: await sharp({ create: { width: 400, height: 400, channels: 4, background: '#2352d8' } })
            .png()
            .toBuffer(),
          left: 250,
          top: 250,
        },
      ])
      .png()
      .toBuffer();
    const cutUrl = await upload(user.auth, cut, 'cut.png', 'image/png');
    const none = await h.call({ method: 'POST', url: '/api/upload/regions', headers: user.auth, payload: { url: cutUrl } });
    expect(none.data.regions).toEqual([]);

    // another user's picture is not theirs to analyse
    const other = await h.user();
    const foreign = await h.call({ method: 'POST', url: '/api/upload/regions', headers: other.auth, payload: { url } });
    expect(foreign.code).not.toBe(0);
  });
});
