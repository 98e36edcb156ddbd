import { FieldType, type PluginApi, textCell, urlCell } from '@productimage/plugin-shared';
import { MemoryBase } from '@productimage/plugin-shared/base/memory.test-support.ts';
import { describe, expect, it } from 'vitest';
import { type MonitoringRow, monitoringFields, sendMonitoring } from './monitoring.ts';

/** The one route the monitoring target calls, answering as the server does (readings, new posts). */
function fakeApi() {
  const posted: MonitoringRow[][] = [];
  const seen = new Set<string>();
  const api = {
    async POST(url: string, init: { body: { rows: MonitoringRow[] } }) {
      expect(url).toBe('/api/kos/monitoring/sync');
      posted.push(init.body.rows);
      let newPosts = 0;
      for (const r of init.body.rows) {
        const key = `${r.platform}:${r.handle}:${r.postKey || r.url || r.title}`;
        if (!seen.has(key)) newPosts += 1;
        seen.add(key);
      }
      return { imported: init.body.rows.length, newPosts };
    },
  } as unknown as PluginApi;
  return { api, posted };
}

describe('data-sync monitoring target', () => {
  it('sends each row as a reading (Chinese platform names, Base dates, 1.2万) and lists the rows it leaves out', async () => {
    const base = new MemoryBase({
      tables: [
        {
          id: 'tbl',
          name: 'Posts',
          fields: [
            { id: 'fTitle', name: '作品标题', type: FieldType.Text, isPrimary: true },
            { id: 'fPlatform', name: '平台', type: FieldType.Text },
            { id: 'fHandle', name: '账号', type: FieldType.Text },
            { id: 'fDay', name: '日期', type: FieldType.DateTime },
            { id: 'fUrl', name: '作品链接', type: FieldType.Url },
            { id: 'fViews', name: '播放量', type: FieldType.Number },
            { id: 'fLikes', name: '点赞', type: FieldType.Text },
          ],
        },
      ],
    });
    const day = new Date(2026, 10, 20, 9, 30).getTime();
    await base.addRecords('tbl', [
      {
        fTitle: textCell('Spring looks'),
        fPlatform: textCell('小红书'),
        fHandle: textCell('@lily'),
        fDay: day,
        fUrl: urlCell('https://example.com/p/1'),
        fViews: 1200,
        fLikes: textCell('1.2万'),
      },
      { fTitle: textCell('Second'), fPlatform: textCell('douyin'), fHandle: textCell('lily'), fDay: day, fViews: 5 },
      { fTitle: textCell('Nowhere'), fPlatform: textCell('myspace'), fHandle: textCell('lily'), fDay: day },
      { fTitle: textCell('No day'), fPlatform: textCell('weibo'), fHandle: textCell('lily') },
      {},
    ]);
    const fields = await monitoringFields(base, 'tbl', {
      platform: { kind: 'existing', fieldId: 'fPlatform' },
      handle: { kind: 'existing', fieldId: 'fHandle' },
      day: { kind: 'existing', fieldId: 'fDay' },
      title: { kind: 'existing', fieldId: 'fTitle' },
      url: { kind: 'existing', fieldId: 'fUrl' },
      views: { kind: 'existing', fieldId: 'fViews' },
      likes: { kind: 'existing', fieldId: 'fLikes' },
    });
    const { api, posted } = fakeApi();

    const report = await sendMonitoring(api, base, 'tbl', fields);
    expect(report).toMatchObject({ imported: 2, newPosts: 2 });
    expect(report.skipped.map((s) => s.problem).sort()).toEqual(['day', 'platform']);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.[0]).toEqual({
      platform: 'xiaohongshu',
      handle: 'lily',
      day: '2026/11/20',
      postKey: '',
      title: 'Spring looks',
      url: 'https://example.com/p/1',
      publishedDay: '',
      views: 1200,
      likes: 12000,
      comments: 0,
      shares: 0,
    });
    expect(posted[0]?.[1]).toMatchObject({ platform: 'douyin', title: 'Second', views: 5, likes: 0 });

    // Sending again sends the same readings (the server replaces them); nothing is written to the table.
    const again = await sendMonitoring(api, base, 'tbl', fields);
    expect(again).toMatchObject({ imported: 2, newPosts: 0 });
    expect(posted[1]).toEqual(posted[0]);
    expect((await base.fields('tbl')).map((f) => f.id)).toHaveLength(7);
  });

  it('refuses to start without the platform, account and day fields', async () => {
    const base = new MemoryBase({
      tables: [{ id: 'tbl', name: 'Posts', fields: [{ id: 'fTitle', name: 'Title', type: FieldType.Text, isPrimary: true }] }],
    });
    await expect(monitoringFields(base, 'tbl', { title: { kind: 'existing', fieldId: 'fTitle' } })).rejects.toThrow(
      'required fields',
    );
  });
});
