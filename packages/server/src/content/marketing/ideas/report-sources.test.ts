import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test-support/harness.ts';
import { until } from '../../../test-support/until.ts';

type Auth = Record<string, string>;

/** Idea reports draw on the user's hot library (topic) and knowledge datasets (sources), never on others'. */
describe('idea report sources', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('sqlite', { HOTSPOT_FEED_URL: 'off' });
  });
  afterAll(() => h.close());

  const dataset = async (auth: Auth) => {
    const ds = await h.call({ method: 'POST', url: '/api/knowledge/datasets', headers: auth, payload: { name: '产品资料' } });
    const datasetId = ds.data.datasetId as string;
    const col = await h.call({
      method: 'POST',
      url: `/api/knowledge/datasets/${datasetId}/collections`,
      headers: auth,
      payload: {
        type: 'text',
        name: '杯子资料',
        text: '云朵保温杯采用316不锈钢内胆，保温时间长达12小时。',
        trainingType: 'chunk',
      },
    });
    await until(
      () => h.call({ method: 'GET', url: `/api/knowledge/datasets/${datasetId}/collections`, headers: auth }),
      (r) => r.data.list.find((c: { collectionId: string }) => c.collectionId === col.data.collectionId)?.status === 'ready',
    );
    return datasetId;
  };

  it('takes its topic from a hot-library item and records the knowledge chunks it used', async () => {
    const u = await h.user();
    const saved = await h.call({
      method: 'POST',
      url: '/api/hot-library',
      headers: u.auth,
      payload: { title: '露营季保温杯', content: '露营时喝热水', url: '', platform: 'weibo', hot: '', source: 'manual' },
    });
    const datasetId = await dataset(u.auth);
    const report = (auth: Auth, body: Record<string, unknown>) =>
      h.call({
        method: 'POST',
        url: '/api/ideas/reports',
        headers: auth,
        payload: { prompt: '云朵保温杯', socialType: ['image'], hotspotSourceType: 'PERSONAL', ...body },
      });
    const created = await report(u.auth, { hotLibraryId: saved.data.itemId, datasetIds: [datasetId] });
    expect(created.status, created.msg).toBe(200);
    const done = await until(
      () => h.call({ method: 'GET', url: `/api/ideas/reports/${created.data.reportId}`, headers: u.auth }),
      (r) => r.data.process !== 'generating',
    );
    expect(done.data).toMatchObject({ process: 'completed', title: '露营季保温杯' });
    expect(done.data.summary).toContain('露营季保温杯');
    expect(done.data.sources[0]).toMatchObject({ sourceName: '杯子资料', datasetId });
    expect(done.data.sources[0].text).toContain('316不锈钢');
    // Someone else's hot-library item or dataset is not found, and nothing is made.
    const other = await h.user();
    expect((await report(other.auth, { hotLibraryId: saved.data.itemId })).status).toBe(404);
    expect((await report(other.auth, { reportTitle: 'x', datasetIds: [datasetId] })).status).toBe(404);
    expect((await h.call({ method: 'GET', url: '/api/ideas/reports', headers: other.auth })).data.total).toBe(0);
  });
});
