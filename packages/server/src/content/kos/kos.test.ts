import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, describeEachDb, type Harness } from '../../test-support/harness.ts';
import { personaPromptFor } from './persona-prompt.ts';
import { addTenant, teamUser } from './team-fixture.test-support.ts';

type Auth = Record<string, string>;

describeEachDb('KOS accounts, personas, topics and monitoring', (kind) => {
  let h: Harness;
  let operator: { id: string; auth: Auth };
  let member: { id: string; auth: Auth };
  let stranger: { id: string; auth: Auth };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Auth, payload?: object) =>
    h.call({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    h = await createHarness(kind);
    await addTenant(h, 'kos-a');
    await addTenant(h, 'kos-b');
    operator = await teamUser(h, 'kos-a', 'operator');
    member = await teamUser(h, 'kos-a', 'member');
    stranger = await teamUser(h, 'kos-b', 'owner');
  });
  afterAll(() => h.close());

  it('keeps personas and accounts per tenant; members read, operators change; the persona reaches the prompt', async () => {
    const p = await call('POST', '/api/kos/personas', operator.auth, {
      name: '宝妈小林',
      tone: '亲切接地气',
      audience: '新手妈妈',
      tabooWords: ['最好', ' 最好 ', '第一'],
    });
    expect(p.status).toBe(200);
    const personaId = p.data.personaId;
    expect((await call('POST', '/api/kos/personas', member.auth, { name: '不行' })).status).toBe(403);

    const a = await call('POST', '/api/kos/accounts', operator.auth, {
      platform: 'xiaohongshu',
      handle: '@xiaolin',
      personaId: Number(personaId),
      ownerUserId: member.id,
    });
    expect(a.status).toBe(200);
    const dup = await call('POST', '/api/kos/accounts', operator.auth, { platform: 'xiaohongshu', handle: 'xiaolin' });
    expect(dup.status).toBe(409);
    expect(dup.msg).toBe('This account is already on the list');
    // An owner from another tenant cannot be named.
    expect(
      (await call('POST', '/api/kos/accounts', operator.auth, { platform: 'weibo', handle: 'x', ownerUserId: stranger.id }))
        .status,
    ).toBe(404);

    const list = await call('GET', '/api/kos/accounts', member.auth);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      handle: 'xiaolin',
      personaName: '宝妈小林',
      ownerUserId: member.id,
      platform: 'xiaohongshu',
    });
    // The owner is named as the owner picker names the tenant's users (masked phone).
    const masked = (p: string) => `${p.slice(0, 3)}****${p.slice(-4)}`;
    const phone = (await h.ctx.db.selectFrom('users').select('phone').where('id', '=', member.id).executeTakeFirstOrThrow())
      .phone!;
    expect(list.data[0].ownerName).toBe(masked(phone));
    expect((await call('GET', '/api/kos/people', operator.auth)).data).toContainEqual({ userId: member.id, name: masked(phone) });
    const personas = await call('GET', '/api/kos/personas', member.auth);
    expect(personas.data[0]).toMatchObject({ tabooWords: ['最好', '第一'], accountCount: 1 });

    // Another tenant sees nothing and cannot touch the rows.
    expect((await call('GET', '/api/kos/accounts', stranger.auth)).data).toEqual([]);
    expect((await call('GET', '/api/kos/personas', stranger.auth)).data).toEqual([]);
    expect((await call('PUT', `/api/kos/personas/${personaId}`, stranger.auth, { name: '偷改' })).status).toBe(404);
    expect((await call('DELETE', `/api/kos/accounts/${a.data.accountId}`, stranger.auth)).status).toBe(404);

    const prompt = await personaPromptFor(h.ctx, 'kos-a', personaId);
    expect(prompt).toContain('宝妈小林');
    expect(prompt).toContain('亲切接地气');
    expect(prompt).toContain('"第一"');
    expect(await personaPromptFor(h.ctx, 'kos-b', personaId)).toBeNull();

    // Every change is in the audit log.
    const audit = await h.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('tenant_id', '=', 'kos-a')
      .execute();
    expect(audit.map((r) => r.action)).toEqual(expect.arrayContaining(['kos.persona.create', 'kos.account.create']));

    // Deleting a persona leaves its accounts without one.
    expect((await call('DELETE', `/api/kos/personas/${personaId}`, operator.auth)).status).toBe(200);
    expect((await call('GET', '/api/kos/accounts', member.auth)).data[0].personaId).toBeNull();
  });

  it('plans topics per account by day and month', async () => {
    const acc = await call('POST', '/api/kos/accounts', operator.auth, { platform: 'douyin', handle: 'cup_daily' });
    const accountId = Number(acc.data.accountId);
    expect(
      (await call('POST', '/api/kos/topics', operator.auth, { accountId, title: '双十二', planDay: '2026-12-12' })).status,
    ).toBe(200);
    await call('POST', '/api/kos/topics', operator.auth, { accountId, title: '元旦', planDay: '2027/01/01', status: 'writing' });
    const bad = await call('POST', '/api/kos/topics', operator.auth, { accountId, title: 'x', planDay: '2026/02/30' });
    expect(bad.status).toBe(400);
    const december = await call('GET', `/api/kos/topics?month=${encodeURIComponent('2026/12')}`, member.auth);
    expect(december.data.map((t: { title: string; planDay: string }) => [t.title, t.planDay])).toEqual([
      ['双十二', '2026/12/12'],
    ]);
    // A topic for another tenant's account is refused.
    expect((await call('POST', '/api/kos/topics', stranger.auth, { accountId, title: 'x', planDay: '2026/12/01' })).status).toBe(
      404,
    );
    expect((await call('GET', '/api/kos/topics', stranger.auth)).data).toEqual([]);
  });

  it('imports readings from CSV, XLSX and the plugin sync, and draws them per day', async () => {
    const csv = [
      '平台,账号,作品ID,标题,日期,播放量,点赞,评论,分享',
      '抖音,@brand,v1,保温杯开箱,2026/11/20,1.2万,300,20,5',
      '抖音,brand,v2,冬季穿搭,2026/11/20,500,10,1,0',
      '抖音,brand,v1,保温杯开箱,2026-11-21,15000,400,25,8',
      '快手,brand,v3,x,2026/11/21,1,1,1,1',
      '抖音,brand,v4,y,明天,1,1,1,1',
    ].join('\n');
    const res = await call('POST', '/api/kos/monitoring/import', operator.auth, { text: csv });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ imported: 3, newPosts: 2 });
    expect(res.data.problems).toEqual([
      { row: 5, reason: 'monitoring.rowPlatform' },
      { row: 6, reason: 'monitoring.rowDay' },
    ]);
    expect((await call('POST', '/api/kos/monitoring/import', member.auth, { text: csv })).status).toBe(403);
    const missing = await call('POST', '/api/kos/monitoring/import', operator.auth, { text: 'title,views\na,1' });
    expect(missing.status).toBe(400);
    expect(missing.msg).toContain('platform, handle, day');

    // The Base data-sync plugin: a later reading of the same day replaces the earlier one.
    const sync = await call('POST', '/api/kos/monitoring/sync', operator.auth, {
      rows: [
        { platform: 'douyin', handle: 'brand', postKey: 'v2', day: '2026/11/21', views: 800, likes: 12 },
        { platform: 'douyin', handle: 'brand', postKey: 'v9', url: 'javascript:alert(1)', title: '脚本链接', day: '2026/11/21' },
      ],
    });
    expect(sync.data).toEqual({ imported: 2, newPosts: 1 });
    // A row naming no post is refused.
    expect(
      (
        await call('POST', '/api/kos/monitoring/sync', operator.auth, {
          rows: [{ platform: 'douyin', handle: 'brand', day: '2026/11/21' }],
        })
      ).status,
    ).toBe(400);

    // An XLSX file, told apart by content.
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('data');
    sheet.addRow(['platform', 'handle', 'postId', 'day', 'views', 'likes']);
    sheet.addRow(['weibo', 'brand_wb', 'w1', '2026/11/21', 90, 9]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const boundary = '----kos';
    const multipart = (name: string, data: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const up = await h.call({
      method: 'POST',
      url: '/api/kos/monitoring/import',
      headers: { ...operator.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart('readings.csv', xlsx),
    });
    expect(up.status).toBe(200);
    expect(up.data.imported).toBe(1);
    // A PNG named .xlsx is refused.
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const fake = await h.call({
      method: 'POST',
      url: '/api/kos/monitoring/import',
      headers: { ...operator.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart('readings.xlsx', Buffer.concat([png, Buffer.alloc(20)])),
    });
    expect(fake.status).toBe(400);

    const accounts = await call('GET', '/api/kos/monitoring/accounts', member.auth);
    expect(accounts.data.map((a: { handle: string }) => a.handle)).toEqual(['brand', 'brand_wb']);
    expect(accounts.data[0]).toMatchObject({ posts: 3, latestDay: '2026/11/21', views: 15_800, likes: 412 });
    const detail = await call('GET', '/api/kos/monitoring/detail?platform=douyin&handle=brand', member.auth);
    expect(detail.data.days).toEqual([
      { day: '2026/11/20', views: 12_500, likes: 310, comments: 21, shares: 5 },
      { day: '2026/11/21', views: 15_800, likes: 412, comments: 25, shares: 8 },
    ]);
    expect(detail.data.posts[0]).toMatchObject({ title: '保温杯开箱', views: 15_000, latestDay: '2026/11/21' });
    // Only http(s) links are kept (they are shown as links).
    expect(detail.data.posts.find((p: { title: string }) => p.title === '脚本链接').url).toBe('');
    expect((await call('GET', '/api/kos/monitoring/accounts', stranger.auth)).data).toEqual([]);
    expect((await call('GET', '/api/kos/monitoring/detail?platform=douyin&handle=brand', stranger.auth)).data.days).toEqual([]);
  });
});
