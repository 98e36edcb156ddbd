import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, describeEachDb, type Harness } from '../../test-support/harness.ts';

describeEachDb('hot-content workbench', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  /** A finished task as the task platform stores it (the engines themselves are tested elsewhere). */
  async function task(userId: string, bizType: string, params: Record<string, unknown>, at: number, status = 'completed') {
    const id = crypto.randomUUID();
    await h.ctx.db
      .insertInto('tasks')
      .values({
        id,
        user_id: userId,
        tenant_id: 'default',
        biz_type: bizType,
        engine: 'local',
        params: JSON.stringify(params),
        inputs: '[]',
        status: status as 'completed',
        progress: 100,
        outputs: JSON.stringify([{ url: `/files/${id}.png`, type: 'image', key: `${id}.png` }]),
        cost: 10,
        error: null,
        attempts: 1,
        worker_id: null,
        created_at: at,
        updated_at: at,
        started_at: at,
        finished_at: at,
        deleted_at: null,
        text: null,
        data: null,
      })
      .execute();
    return id;
  }

  it('gives default form values by hotspotSourceType from the last post-generation record', async () => {
    const u = await h.user();
    const other = await h.user();
    const empty = await h.call({
      method: 'GET',
      url: '/api/workbench/defaults?hotspotSourceType=THEME_ARTICLE_GEN',
      headers: u.auth,
    });
    expect(empty.data).toEqual({ mktType: 'product', marketDesc: '', prompt: '' });
    for (const marketDesc of ['新品上市', '双十一大促'])
      await h.call({
        method: 'POST',
        url: '/api/workbench/records',
        headers: u.auth,
        payload: { hotspotSourceType: 'THEME_ARTICLE_GEN', prompt: '轻薄羽绒服', mktType: 'brand', marketDesc },
      });
    const mine = await h.call({
      method: 'GET',
      url: '/api/workbench/defaults?hotspotSourceType=THEME_ARTICLE_GEN',
      headers: u.auth,
    });
    expect(mine.data).toEqual({ mktType: 'brand', marketDesc: '双十一大促', prompt: '轻薄羽绒服' });
    const otherType = await h.call({
      method: 'GET',
      url: '/api/workbench/defaults?hotspotSourceType=PLACARD_GEN',
      headers: u.auth,
    });
    expect(otherType.data.marketDesc).toBe('');
    const theirs = await h.call({
      method: 'GET',
      url: '/api/workbench/defaults?hotspotSourceType=THEME_ARTICLE_GEN',
      headers: other.auth,
    });
    expect(theirs.data.marketDesc).toBe('');
    const bad = await h.call({
      method: 'POST',
      url: '/api/workbench/records',
      headers: u.auth,
      payload: { hotspotSourceType: 'NOPE' },
    });
    expect(bad.status).toBe(400);
  });

  it('lists each tab of the user only: rewrites by kind, background reproductions with filters, posters by cursor', async () => {
    const u = await h.user();
    const other = await h.user();
    const day = 86_400_000;
    // Three days before today's UTC midnight: every poster stays inside a free user's history
    // window whatever day the test runs (a fixed date fell out of it a week later).
    const t0 = Math.floor(Date.now() / day) * day - 3 * day;
    // Rewrites: one article batch with a running item, one topic batch.
    for (const [kindName, input] of [
      ['article', { params: { title: '爆款文章标题', article: '正文' }, inputs: [], inputType: 2, images: [] }],
      ['topic', { params: { topic: '初雪营销' }, inputs: [] }],
    ] as const) {
      const batchId = crypto.randomUUID();
      await h.ctx.db
        .insertInto('rewrite_batches')
        .values({
          id: batchId,
          user_id: u.id,
          tenant_id: 'default',
          kind: kindName,
          input: JSON.stringify(input),
          created_at: Date.now(),
        })
        .execute();
      const taskId = await task(u.id, 'HOT_ARTICLE_REWRITE', {}, Date.now(), 'generating');
      await h.ctx.db
        .insertInto('rewrite_items')
        .values({ id: crypto.randomUUID(), batch_id: batchId, position: 0, task_id: taskId, liked: null, dislike_reason: null })
        .execute();
    }
    const articles = await h.call({
      method: 'GET',
      url: '/api/workbench/contents?hotspotSourceType=HOT_ARTICLE_REWRITE',
      headers: u.auth,
    });
    expect(articles.data).toMatchObject({ total: 1, pageNum: 1, pageSize: 10 });
    expect(articles.data.list[0]).toMatchObject({
      title: '爆款文章标题',
      status: 'running',
      hotspotSourceType: 'HOT_ARTICLE_REWRITE',
    });
    const topics = await h.call({
      method: 'GET',
      url: '/api/workbench/contents?hotspotSourceType=THEME_ARTICLE_GEN',
      headers: u.auth,
    });
    expect(topics.data.list.map((r: { title: string }) => r.title)).toEqual(['初雪营销']);

    // Background reproductions: two modes and one plain product-bg task (not a reproduction).
    await task(u.id, 'PRODUCT_REPLACE_IMAGE', { mode: 'ACCURATE_REPLICATION' }, Date.now() - 2 * day);
    await task(u.id, 'PRODUCT_REPLACE_IMAGE', { mode: 'STYLE_IMITATION' }, Date.now() - day);
    await task(u.id, 'PRODUCT_REPLACE_IMAGE', { backgroundColor: '#FFFFFF' }, Date.now());
    const reproductions = await h.call({
      method: 'GET',
      url: '/api/workbench/contents?hotspotSourceType=BACKGROUND_REPRODUCE',
      headers: u.auth,
    });
    expect(reproductions.data.total).toBe(2);
    const all = await h.call({ method: 'GET', url: '/api/workbench/backgrounds', headers: u.auth });
    expect(all.data).toMatchObject({ total: 3, pageSize: 16 });
    const style = await h.call({ method: 'GET', url: '/api/workbench/backgrounds?taskType=STYLE_IMITATION', headers: u.auth });
    expect(style.data.list.map((t: { params: { mode?: string } }) => t.params.mode)).toEqual(['STYLE_IMITATION']);
    const dated = await h.call({
      method: 'GET',
      url: `/api/workbench/backgrounds?startDate=${Date.now() - 1.5 * day}&endDate=${Date.now() - 0.5 * day}`,
      headers: u.auth,
    });
    expect(dated.data.total).toBe(1);
    expect((await h.call({ method: 'GET', url: '/api/workbench/backgrounds', headers: other.auth })).data.total).toBe(0);

    // Posters: three, paged two at a time by cursor, and a date window.
    const posters = [];
    for (let i = 0; i < 3; i++) posters.push(await task(u.id, 'PLACARD_GEN', { title: `海报${i}` }, t0 + i * day));
    await task(other.id, 'PLACARD_GEN', { title: '别人的海报' }, t0);
    const first = await h.call({ method: 'GET', url: '/api/workbench/posters?page_size=2', headers: u.auth });
    expect(first.data.cds_asset_infos.map((a: { title: string }) => a.title)).toEqual(['海报2', '海报1']);
    expect(first.data.cursor_id).not.toBe('');
    const second = await h.call({
      method: 'GET',
      url: `/api/workbench/posters?page_size=2&cursor_id=${encodeURIComponent(first.data.cursor_id)}`,
      headers: u.auth,
    });
    expect(second.data).toMatchObject({ cds_asset_infos: [{ title: '海报0', task_id: posters[0] }], cursor_id: '' });
    // The page sends the end date moved one day later, so the whole end day counts.
    const window = await h.call({
      method: 'GET',
      url: `/api/workbench/posters?updated_at_start=${t0 + day}&updated_at_end=${t0 + 2 * day}`,
      headers: u.auth,
    });
    expect(window.data.cds_asset_infos.map((a: { title: string }) => a.title)).toEqual(['海报1']);
  });
});
