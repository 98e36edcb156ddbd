import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, describeEachDb, type Harness } from '../../../test-support/harness.ts';

/** A test double of a DailyHotApi server: its documented answer shape at GET /{route}. */
async function startFakeFeed(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.url === '/weibo') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          code: 200,
          name: 'weibo',
          title: '微博',
          updateTime: '2026-11-23T08:00:00.000Z',
          data: [
            {
              id: 1,
              title: '国产新能源汽车出口创新高',
              desc: '',
              hot: 1200000,
              url: 'https://s.weibo.com/1',
              mobileUrl: '',
              timestamp: 0,
            },
            {
              id: 2,
              title: '新能源汽车冬季续航实测',
              desc: '',
              hot: 800000,
              url: 'https://s.weibo.com/2',
              mobileUrl: '',
              timestamp: 0,
            },
            {
              id: 3,
              title: '初雪来了 北京今日降雪',
              desc: '',
              hot: 500000,
              url: 'https://s.weibo.com/3',
              mobileUrl: '',
              timestamp: 0,
            },
          ],
        }),
      );
    } else {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 500, message: 'upstream failed' }));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

describeEachDb('hot lists', (kind) => {
  let h: Harness;
  let feed: Awaited<ReturnType<typeof startFakeFeed>>;
  beforeAll(async () => {
    feed = await startFakeFeed();
    h = await createHarness(kind, { HOTSPOT_FEED_URL: feed.url });
  });
  afterAll(async () => {
    await h.close();
    await feed.close();
  });

  it('lists the feed with its update time, groups topics and counts hot words', async () => {
    const u = await h.user();
    const list = await h.call({ method: 'GET', url: '/api/hotspots?platform=weibo', headers: u.auth });
    expect(list.data.total).toBe(3);
    expect(list.data.list[0]).toMatchObject({
      title: '国产新能源汽车出口创新高',
      hot: '1200000',
      platform: 'weibo',
      source: 'feed',
    });
    expect(list.data.updateTime).toBe(Date.parse('2026-11-23T08:00:00.000Z'));
    const topics = await h.call({ method: 'GET', url: '/api/hotspots/topics?platform=weibo', headers: u.auth });
    expect(topics.data.list[0].items).toHaveLength(2);
    expect(topics.data.list.at(-1).topic).toBeNull();
    const words = await h.call({ method: 'GET', url: '/api/hotspots/words?platform=weibo', headers: u.auth });
    const top = words.data.list.find((w: { word: string }) => w.word === '新能源');
    expect(top?.count ?? words.data.list.find((w: { word: string }) => w.word.includes('汽车'))?.count).toBe(2);
  });

  it('says clearly when the feed is unreachable', async () => {
    const u = await h.user();
    const res = await h.call({ method: 'GET', url: '/api/hotspots?platform=douyin', headers: u.auth });
    expect(res.data).toEqual({ list: [], total: 0, updateTime: null, feedError: '热榜数据源暂时无法访问，可以导入热点' });
    const en = await h.call({
      method: 'GET',
      url: '/api/hotspots?platform=douyin',
      headers: { ...u.auth, 'accept-language': 'en' },
    });
    expect(en.data.feedError).toBe('The hot-list source cannot be reached right now; you can import hot topics instead');
    // What the merchant imports on that platform's tab shows there, beside the feed's note (issue 41),
    // and to nobody else.
    await h.call({
      method: 'POST',
      url: '/api/hotspots/import',
      headers: u.auth,
      payload: { platform: 'douyin', items: [{ title: '抖音上导入的话题' }] },
    });
    const mine = await h.call({ method: 'GET', url: '/api/hotspots?platform=douyin', headers: u.auth });
    expect(mine.data).toMatchObject({ total: 1, feedError: '热榜数据源暂时无法访问，可以导入热点' });
    expect(mine.data.list[0]).toMatchObject({ title: '抖音上导入的话题', platform: 'douyin', source: 'import' });
    const other = await h.user();
    const theirs = await h.call({ method: 'GET', url: '/api/hotspots?platform=douyin', headers: other.auth });
    expect(theirs.data.total).toBe(0);
  });

  it('keeps imports private to their user', async () => {
    const a = await h.user();
    const b = await h.user();
    const imported = await h.call({
      method: 'POST',
      url: '/api/hotspots/import',
      headers: a.auth,
      payload: {
        platform: 'xiaohongshu',
        items: [{ title: '秋冬穿搭' }, { title: '露营好物', url: 'https://x.example/1' }, { title: '秋冬穿搭' }],
      },
    });
    expect(imported.data).toEqual({ imported: 2 });
    const mine = await h.call({ method: 'GET', url: '/api/hotspots?platform=xiaohongshu', headers: a.auth });
    expect(mine.data.list.map((i: { title: string }) => i.title).sort()).toEqual(['秋冬穿搭', '露营好物']);
    const theirs = await h.call({ method: 'GET', url: '/api/hotspots?platform=xiaohongshu', headers: b.auth });
    expect(theirs.data.total).toBe(0);
    const report = await h.call({
      method: 'POST',
      url: '/api/ideas/reports',
      headers: b.auth,
      payload: { prompt: 'x', socialType: ['image'], hotspotId: mine.data.list[0].id, hotspotSourceType: 'HOTSPOT_MARKETING' },
    });
    expect(report.status).toBe(404);
  });

  it('reads CSV imports by content', async () => {
    const u = await h.user();
    const boundary = 'XBOUNDARY';
    const csv = '标题,链接,热度\n"秋天的第一杯奶茶",https://a.example/1,999\n露营季,,\n';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="hot.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    const res = await h.call({
      method: 'POST',
      url: '/api/hotspots/import/file',
      headers: { ...u.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.data.items).toEqual([{ title: '秋天的第一杯奶茶', url: 'https://a.example/1', hot: '999' }, { title: '露营季' }]);
  });
});
