import { withLocation } from '@productimage/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';

/** Marketing location types (spec 001 §3: country, city, spots): the place joins what the writers read. */
describeSqlite('idea reports about a place', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it('keeps the location type and name in the report’s market description; refuses unknown types', async () => {
    const u = await h.user();
    const created = await h.call({
      method: 'POST',
      url: '/api/ideas/reports',
      headers: { ...u.auth, 'accept-language': 'zh' },
      payload: {
        hotspotSourceType: 'CUSTOM_INSPIRATION',
        reportTitle: '秋季旅拍',
        socialType: ['offline'],
        marketDesc: '情侣游客',
        location: { type: 'spots', name: '西湖' },
      },
    });
    expect(created.code, created.msg).toBe(0);
    const report = await h.call({ method: 'GET', url: `/api/ideas/reports/${created.data.reportId}`, headers: u.auth });
    expect(report.data.reportParams.marketDesc).toBe('情侣游客\n地点（景点）：西湖');
    const wrong = await h.call({
      method: 'POST',
      url: '/api/ideas/reports',
      headers: u.auth,
      payload: {
        hotspotSourceType: 'CUSTOM_INSPIRATION',
        reportTitle: 'x',
        socialType: ['offline'],
        location: { type: 'planet', name: 'Mars' },
      },
    });
    expect(wrong.status).toBe(400);
    expect(withLocation('', { type: 'city', name: 'Hangzhou' }, 'en')).toBe('Location (city): Hangzhou');
  });
});
