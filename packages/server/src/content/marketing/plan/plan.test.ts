import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, testImage } from '../../../studio/uploads/test-images.test-support.ts';
import { createHarness, type Harness } from '../../../test-support/harness.ts';
import { sendDueReminders } from './publishing.ts';

/** SQLite only: the plan's queries are plain selects and updates that read the same on PostgreSQL. */
describe('marketing plan: recommendations, hotspot marketing, publishing plan, publishers', () => {
  let h: Harness;
  beforeAll(async () => {
    // No feed: the shared hot lists answer feedError, the user's imports still count.
    h = await createHarness('sqlite', { HOTSPOT_FEED_URL: 'http://127.0.0.1:9/none' });
  });
  afterAll(() => h.close());
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Record<string, string>, payload?: unknown) =>
    h.call({ method, url, headers: auth, ...(payload === undefined ? {} : { payload: payload as object }) });

  const withProductsAndImports = async () => {
    const u = await h.user();
    const now = Date.now();
    await h.ctx.db
      .insertInto('goods')
      .values({
        user_id: u.id,
        tenant_id: (await h.ctx.db.selectFrom('users').select('tenant_id').where('id', '=', u.id).executeTakeFirstOrThrow())
          .tenant_id,
        name: '云朵保温杯',
        intro: '316不锈钢内胆，降温天气随身带热水',
        images: '[]',
        selling_points: JSON.stringify(['保温12小时', '一键开盖']),
        price: '129',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const imported = await call('POST', '/api/hotspots/import', u.auth, {
      platform: 'xiaohongshu',
      items: [
        { title: '寒潮降温 保温杯怎么选', hot: '120万', author: '杯子测评君' },
        { title: '秋冬通勤穿搭', hot: '30万', author: '穿搭小林' },
        { title: '保温杯不锈钢内胆清洁技巧', hot: '8万', author: '杯子测评君' },
      ],
    });
    expect(imported.status).toBe(200);
    return u;
  };

  it('ranks today ideas from hot items and calendar nodes with the product they fit', async () => {
    const u = await withProductsAndImports();
    const res = await call('GET', '/api/marketing/recommendations', u.auth);
    expect(res.status).toBe(200);
    expect(res.data.products).toBe(1);
    const hot = res.data.list.filter((r: { kind: string }) => r.kind === 'hotspot');
    // Both items about the product come before the unrelated one, higher on the list though it is.
    expect(
      hot
        .map((r: { title: string }) => r.title)
        .slice(0, 2)
        .every((t: string) => t.includes('保温杯')),
    ).toBe(true);
    expect(hot[0].productName).toBe('云朵保温杯');
    expect(hot[0].sharedWords).toContain('保温杯');
    expect(res.data.list.some((r: { kind: string; daysUntil: number }) => r.kind === 'calendar' && r.daysUntil <= 30)).toBe(true);
    const scores = res.data.list.map((r: { score: number }) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('matches a hot item to the products with angles', async () => {
    const u = await withProductsAndImports();
    const list = await call('GET', '/api/marketing/hotspot-matches', u.auth);
    const top = list.data.list[0];
    expect(top.hotspot.title).toContain('保温杯');
    expect(top.productName).toBe('云朵保温杯');
    const one = await call('GET', `/api/marketing/hotspot-matches?hotspotId=${top.hotspot.id}`, u.auth);
    expect(one.data.selected.matches[0]).toMatchObject({ productName: '云朵保温杯' });
    expect(one.data.selected.matches[0].angles.map((a: { kind: string }) => a.kind)).toEqual(['borrow', 'scene', 'question']);
  });

  it('tracks the accounts behind imported hot items per day', async () => {
    const u = await withProductsAndImports();
    const res = await call('GET', '/api/marketing/hotspot-publishers?platform=xiaohongshu&days=7', u.auth);
    expect(res.data.days).toHaveLength(7);
    expect(res.data.feedNamesAccounts).toBe(true);
    expect(res.data.list[0]).toMatchObject({ author: '杯子测评君', daysOnList: 1, appearances: 2, bestRank: 1 });
    expect(res.data.list[0].trend.at(-1)).toBe(2);
    const weibo = await call('GET', '/api/marketing/hotspot-publishers?platform=weibo', u.auth);
    expect(weibo.data).toMatchObject({ list: [], feedNamesAccounts: false });
    // Another user does not see these imports.
    const other = await h.user();
    expect((await call('GET', '/api/marketing/hotspot-publishers?platform=xiaohongshu', other.auth)).data.list).toEqual([]);
  });

  it('plans posts with limits, pictures, tags, reminders and a zip package per platform', async () => {
    const u = await h.user();
    const body = multipart(await testImage('png'), 'a.png', 'image/png');
    const up = await h.call({
      method: 'POST',
      url: '/api/upload',
      headers: { ...u.auth, ...body.headers },
      payload: body.payload,
    });
    const picture = up.data[0] as string;
    const tooLong = await call('POST', '/api/publishing/posts', u.auth, {
      platform: 'douyin',
      day: '2026/12/01',
      title: '长'.repeat(21),
    });
    expect(tooLong.status).toBe(400);
    const foreign = await call('POST', '/api/publishing/posts', u.auth, {
      platform: 'weibo',
      day: '2026/12/01',
      images: ['https://example.com/x.png'],
    });
    expect(foreign.status).toBe(400);
    const created = await call('POST', '/api/publishing/posts', u.auth, {
      platform: 'weibo',
      day: '2026/12/01',
      time: '20:00',
      title: '初雪',
      content: '初雪的早晨，一杯热水。',
      images: [picture],
      tags: ['#初雪', '保温杯'],
      remindBefore: 60,
      tz: -480,
    });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({
      tags: ['初雪', '保温杯'],
      status: 'planned',
      images: [expect.stringContaining('/files/')],
    });
    // 20:00 in China is 12:00 UTC; an hour before is 11:00 UTC.
    expect(created.data.remindAt).toBe(Date.UTC(2026, 11, 1, 11, 0));

    const pack = await h.app.inject({
      method: 'GET',
      url: `/api/publishing/posts/${created.data.postId}/package`,
      headers: u.auth,
    });
    expect(pack.headers['content-type']).toBe('application/zip');
    const zip = pack.rawPayload;
    expect(zip.subarray(0, 4).toString('hex')).toBe('504b0304');
    expect(zip.toString('utf8')).toContain('#初雪# #保温杯#');
    expect(zip.toString('latin1')).toContain('pictures/01.png');

    const list = await call('GET', '/api/publishing/posts?from=2026/11/30&to=2026/12/06', u.auth);
    expect(list.data.list).toHaveLength(1);
    // Deleting the picture and marking it published.
    const edited = await call('PUT', `/api/publishing/posts/${created.data.postId}`, u.auth, {
      ...created.data,
      images: [],
      status: 'published',
      remindBefore: null,
    });
    expect(edited.data).toMatchObject({ images: [], status: 'published', remindAt: null });
    const other = await h.user();
    expect((await call('DELETE', `/api/publishing/posts/${created.data.postId}`, other.auth)).status).toBe(404);

    const reminded = await call('POST', '/api/publishing/posts', u.auth, {
      platform: 'xiaohongshu',
      day: '2026/12/02',
      title: '提醒我',
      remindBefore: 0,
    });
    expect(await sendDueReminders(h.ctx, Date.UTC(2026, 11, 2, 13, 0))).toBe(1);
    expect(await sendDueReminders(h.ctx, Date.UTC(2026, 11, 2, 13, 0))).toBe(0);
    const inbox = await call('GET', '/api/inbox?pageNum=1&pageSize=10', u.auth);
    expect(JSON.stringify(inbox.data)).toContain('提醒我');
    expect((await call('GET', '/api/publishing/posts?from=2026/12/02&to=2026/12/02', u.auth)).data.list[0]).toMatchObject({
      postId: reminded.data.postId,
      reminded: true,
    });
  });

  it('filters idea reports by name', async () => {
    const u = await h.user();
    const res = await call('GET', '/api/ideas/reports?keyword=%E4%B8%8D%E5%AD%98%E5%9C%A8', u.auth);
    expect(res.data).toEqual({ list: [], total: 0 });
  });
});
