import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';

/** Hidden means hidden (issue 47): the lite tenant's hidden tools answer 403 to any client. */
describeSqlite('hidden routes on the server', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const calls = [
    { method: 'POST', url: '/api/ideas/reports', payload: {} },
    { method: 'GET', url: '/api/ideas/reports?pageNum=1&pageSize=10' },
    { method: 'GET', url: '/api/marketing/recommendations' },
    { method: 'GET', url: '/api/marketing/hotspot-matches' },
    { method: 'GET', url: '/api/publishing/posts' },
    { method: 'POST', url: '/api/content', payload: {} },
    { method: 'GET', url: '/api/external/video-url?type=5' },
    { method: 'POST', url: '/api/tasks', payload: { bizType: 'IMG_2_VEDIO', params: {}, inputs: [] } },
  ] as const;

  it('answers 403 with the permission message to the lite tenant, whatever the call', async () => {
    const lite = await h.user({ tenantId: 'lite' });
    for (const call of calls) {
      const res = await h.call({ ...call, headers: { ...lite.auth, 'accept-language': 'en' } });
      expect({ url: call.url, status: res.status, msg: res.msg }).toEqual({
        url: call.url,
        status: 403,
        msg: 'You do not have permission',
      });
    }
  });

  it('leaves the same calls to the default tenant and the lite tenant’s open tools alone', async () => {
    const user = await h.user();
    for (const call of calls) {
      const res = await h.call({ ...call, headers: user.auth });
      expect({ url: call.url, status: res.status }).not.toEqual({ url: call.url, status: 403 });
    }
    const lite = await h.user({ tenantId: 'lite' });
    const hot = await h.call({ method: 'GET', url: '/api/hotspots?platform=weibo', headers: lite.auth });
    expect(hot.status).not.toBe(403);
    const cutout = await h.call({
      method: 'POST',
      url: '/api/tasks',
      headers: lite.auth,
      payload: { bizType: 'MATTING_IMAGE', params: {}, inputs: [] },
    });
    expect(cutout.status).not.toBe(403);
  });
});
