import { ERRORS } from '@productimage/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sandboxPayToken } from '../../commerce/payments/sandbox.ts';
import { createHarness, describeEachDb, type Harness } from '../../test-support/harness.ts';

type Auth = { authorization: string };

describeEachDb('notes, hot library, themes, task list and goods', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Auth | object, payload?: object) =>
    h.call({ method, url, headers: { ...auth, 'accept-language': 'en' }, ...(payload ? { payload } : {}) });
  const note = async (auth: Auth, title: string, extra: object = {}) => {
    const res = await call('POST', '/api/notes', auth, { title, content: `${title} 的正文`, ...extra });
    expect(res.status).toBe(200);
    return res.data.noteId as string;
  };
  const vip = async (auth: Auth) => {
    const order = await call('POST', '/api/orders', auth, { productId: 'basic-monthly' });
    const paid = await h.call({
      method: 'POST',
      url: `/api/payments/sandbox/${order.data.orderNo}/pay?t=${sandboxPayToken(h.ctx.secret, order.data.orderNo)}`,
      payload: { result: 'success' },
    });
    expect(paid.status).toBe(200);
  };

  it('pages notes (newest first), searches by containment and keeps favourites per user', async () => {
    const user = await h.user();
    for (let i = 1; i <= 23; i++) await note(user.auth, `笔记${String(i).padStart(2, '0')}${i % 5 === 0 ? ' 防晒' : ''}`);
    const page1 = await call('GET', '/api/notes?pageNum=1&pageSize=10', user.auth);
    expect(page1.data.total).toBe(23);
    expect(page1.data.list.map((n: { title: string }) => n.title.slice(0, 4))).toEqual(
      Array.from({ length: 10 }, (_, i) => `笔记${String(23 - i).padStart(2, '0')}`),
    );
    const page3 = await call('GET', '/api/notes?pageNum=3&pageSize=10', user.auth);
    expect(page3.data.list).toHaveLength(3);
    // A refresh asks for pageNum x pageSize in one request (spec 001 §4).
    expect((await call('GET', '/api/notes?pageNum=1&pageSize=30', user.auth)).data.list).toHaveLength(23);
    const found = await call('GET', `/api/notes?searchText=${encodeURIComponent('防晒')}`, user.auth);
    expect(found.data.total).toBe(4);
    // % and _ are taken literally.
    expect((await call('GET', '/api/notes?searchText=%25', user.auth)).data.total).toBe(0);

    const target = page1.data.list[2].noteId;
    expect((await call('POST', `/api/notes/${target}/favorite`, user.auth, { isFavorite: true })).status).toBe(200);
    const map = await call('GET', `/api/notes/favorites?noteIds=${target},${page1.data.list[3].noteId}`, user.auth);
    expect(map.data).toEqual({ [target]: true, [page1.data.list[3].noteId]: false });
    const favs = await call('GET', '/api/notes?scope=favorites', user.auth);
    expect(favs.data.list.map((n: { noteId: string }) => n.noteId)).toEqual([target]);
    expect(favs.data.list[0].isFavorite).toBe(true);
    await call('POST', `/api/notes/${target}/favorite`, user.auth, { isFavorite: false });
    expect((await call('GET', '/api/notes?scope=favorites', user.auth)).data.total).toBe(0);
  });

  it('shares public notes within the tenant only; only the author changes them', async () => {
    const author = await h.user();
    const colleague = await h.user();
    const outsider = await h.user({ tenantId: 'kos' });
    const pub = await note(author.auth, '公开笔记', {
      isPublic: true,
      tags: ['爆款'],
      metrics: { likes: 12, collects: 3, comments: 1, shares: 0 },
    });
    const priv = await note(author.auth, '私人笔记');
    const publicList = await call('GET', '/api/notes?scope=public', colleague.auth);
    expect(publicList.data.list.map((n: { noteId: string }) => n.noteId)).toContain(pub);
    expect(publicList.data.list.map((n: { noteId: string }) => n.noteId)).not.toContain(priv);
    expect((await call('GET', `/api/notes/${pub}`, colleague.auth)).data).toMatchObject({
      title: '公开笔记',
      mine: false,
      tags: ['爆款'],
    });
    expect((await call('POST', `/api/notes/${pub}/favorite`, colleague.auth, { isFavorite: true })).status).toBe(200);
    expect((await call('PUT', `/api/notes/${pub}`, colleague.auth, { title: 'x' })).status).toBe(404);
    expect((await call('DELETE', `/api/notes/${pub}`, colleague.auth)).status).toBe(404);
    for (const intruder of [colleague, outsider]) {
      expect((await call('GET', `/api/notes/${priv}`, intruder.auth)).status).toBe(404);
      expect((await call('POST', `/api/notes/${priv}/favorite`, intruder.auth, { isFavorite: true })).status).toBe(404);
      expect((await call('PUT', `/api/notes/${priv}`, intruder.auth, { title: 'x' })).status).toBe(404);
      expect((await call('DELETE', `/api/notes/${priv}`, intruder.auth)).status).toBe(404);
      expect((await call('GET', '/api/notes', intruder.auth)).data.list.map((n: { noteId: string }) => n.noteId)).not.toContain(
        priv,
      );
    }
    expect((await call('GET', `/api/notes/${pub}`, outsider.auth)).status).toBe(404);
    expect(
      (await call('GET', '/api/notes?scope=public', outsider.auth)).data.list.map((n: { noteId: string }) => n.noteId),
    ).not.toContain(pub);
    expect((await call('POST', '/api/notes', author.auth, { title: 'x', sourceUrl: 'javascript:alert(1)' })).status).toBe(400);
    expect((await call('POST', '/api/notes', author.auth, { title: 'x', images: ['data:image/png;base64,AAAA'] })).status).toBe(
      400,
    );
    expect((await call('PUT', `/api/notes/${pub}`, author.auth, { title: '改过的', isPublic: false })).status).toBe(200);
    expect((await call('GET', `/api/notes/${pub}`, colleague.auth)).status).toBe(404);
  });

  it('saves hot items and imports readable notes into the hot library, per user', async () => {
    const user = await h.user();
    const other = await h.user();
    const saved = await call('POST', '/api/hot-library', user.auth, {
      title: '多巴胺穿搭',
      url: 'https://weibo.com/x',
      hot: 98000,
      platform: 'weibo',
      source: 'hotspot',
    });
    expect(saved.status).toBe(200);
    const mine = await note(user.auth, '我的爆款笔记');
    const theirs = await note(other.auth, '别人的私人笔记');
    expect((await call('POST', '/api/hot-library/import-notes', user.auth, { noteIds: [theirs] })).status).toBe(404);
    const imported = await call('POST', '/api/hot-library/import-notes', user.auth, { noteIds: [mine] });
    expect(imported.data.itemIds).toHaveLength(1);
    const list = await call('GET', '/api/hot-library', user.auth);
    expect(list.data.list.map((i: { title: string; source: string }) => [i.title, i.source])).toEqual([
      ['我的爆款笔记', 'note'],
      ['多巴胺穿搭', 'hotspot'],
    ]);
    expect(list.data.list[1].hot).toBe('98000');
    const itemId = saved.data.itemId;
    expect((await call('GET', `/api/hot-library/${itemId}`, other.auth)).status).toBe(404);
    expect((await call('PUT', `/api/hot-library/${itemId}`, other.auth, { title: 'x' })).status).toBe(404);
    expect((await call('DELETE', `/api/hot-library/${itemId}`, other.auth)).status).toBe(404);
    expect((await call('GET', '/api/hot-library', other.auth)).data.total).toBe(0);
    expect((await call('DELETE', `/api/hot-library/${itemId}`, user.auth)).status).toBe(200);
  });

  it('groups content tasks by theme and topic, with linked notes, per user', async () => {
    const user = await h.user();
    const other = await h.user({ tenantId: 'kos' });
    const theme = (await call('POST', '/api/themes', user.auth, { name: '夏季上新', description: '六月主推' })).data.themeId;
    const topic = (await call('POST', '/api/theme-topics', user.auth, { themeId: theme, name: '防晒话题' })).data.topicId;
    const linked = await note(user.auth, '参考笔记');
    const created = await call('POST', '/api/content-tasks', user.auth, {
      title: '写三篇防晒种草',
      owner: '小王',
      dueDate: '2026/06/30',
      platforms: ['xiaohongshu', 'douyin'],
      noteIds: [linked],
      themeId: theme,
      topicId: topic,
    });
    expect(created.status).toBe(200);
    const taskId = created.data.taskId;
    expect((await call('GET', `/api/content-tasks/${taskId}`, user.auth)).data).toMatchObject({
      status: 'NEW',
      dueDate: '2026/06/30',
      noteIds: [linked],
      themeId: theme,
      topicId: topic,
    });
    expect((await call('POST', '/api/content-tasks', user.auth, { title: 't', dueDate: '30/06/2026' })).status).toBe(400);
    const themes = await call('GET', '/api/themes', user.auth);
    expect(themes.data.list[0]).toMatchObject({
      name: '夏季上新',
      tasks: 1,
      topics: [expect.objectContaining({ name: '防晒话题' })],
    });
    const upd = await call('PUT', `/api/content-tasks/${taskId}`, user.auth, {
      title: '写三篇防晒种草',
      status: 'RUNNING',
      themeId: theme,
    });
    expect(upd.status).toBe(200);
    expect((await call('GET', '/api/content-tasks?status=RUNNING', user.auth)).data.total).toBe(1);

    const foreignNote = await note(other.auth, '外部笔记');
    expect((await call('POST', '/api/content-tasks', user.auth, { title: 't', noteIds: [foreignNote] })).status).toBe(404);
    expect((await call('POST', '/api/content-tasks', other.auth, { title: 't', themeId: theme })).status).toBe(404);
    expect((await call('POST', '/api/theme-topics', other.auth, { themeId: theme, name: 'x' })).status).toBe(404);
    for (const [method, url] of [
      ['GET', `/api/content-tasks/${taskId}`],
      ['PUT', `/api/content-tasks/${taskId}`],
      ['DELETE', `/api/content-tasks/${taskId}`],
      ['GET', `/api/themes/${theme}`],
      ['PUT', `/api/themes/${theme}`],
      ['DELETE', `/api/themes/${theme}`],
      ['GET', `/api/theme-topics/${topic}`],
      ['PUT', `/api/theme-topics/${topic}`],
      ['DELETE', `/api/theme-topics/${topic}`],
    ] as const) {
      const payload = method === 'PUT' ? { title: 'x', name: 'x', themeId: theme } : undefined;
      expect((await call(method, url, other.auth, payload)).status, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', '/api/content-tasks', other.auth)).data.total).toBe(0);
    expect((await call('GET', '/api/themes', other.auth)).data.list).toEqual([]);
    // Deleting the theme keeps the task, without theme.
    expect((await call('DELETE', `/api/themes/${theme}`, user.auth)).status).toBe(200);
    expect((await call('GET', `/api/content-tasks/${taskId}`, user.auth)).data).toMatchObject({ themeId: null, topicId: null });
  });

  it('keeps the product library for vip users, filters by name plus intro and fills productInfo', async () => {
    const free = await h.user();
    const denied = await call('GET', '/api/goods', free.auth);
    expect(denied.status).toBe(403);
    expect(denied.code).toBe(ERRORS.vipRequired.code);
    expect((await call('POST', '/api/goods', free.auth, { name: 'x' })).status).toBe(403);

    const member = await h.user();
    await vip(member.auth);
    const cup = await call('POST', '/api/goods', member.auth, {
      name: '云朵保温杯',
      intro: '316不锈钢内胆',
      sellingPoints: ['保温12小时', '一键开盖'],
      price: '129',
    });
    expect(cup.status).toBe(200);
    await call('POST', '/api/goods', member.auth, { name: '星空饭盒', intro: '三层分隔，可微波' });
    const byIntro = await call('GET', `/api/goods?keyword=${encodeURIComponent('不锈钢')}`, member.auth);
    expect(byIntro.data.map((g: { name: string }) => g.name)).toEqual(['云朵保温杯']);
    const byName = await call('GET', `/api/goods?keyword=${encodeURIComponent('饭盒')}`, member.auth);
    expect(byName.data.map((g: { name: string }) => g.name)).toEqual(['星空饭盒']);
    expect((await call('GET', '/api/goods', member.auth)).data).toHaveLength(2);
    const one = await call('GET', `/api/goods/${cup.data.goodsId}`, member.auth);
    expect(one.data.productInfo).toBe('云朵保温杯\n316不锈钢内胆\n保温12小时；一键开盖\n¥129');

    const otherMember = await h.user();
    await vip(otherMember.auth);
    expect((await call('GET', '/api/goods', otherMember.auth)).data).toEqual([]);
    expect((await call('GET', `/api/goods/${cup.data.goodsId}`, otherMember.auth)).status).toBe(404);
    expect((await call('PUT', `/api/goods/${cup.data.goodsId}`, otherMember.auth, { name: 'x' })).status).toBe(404);
    expect((await call('DELETE', `/api/goods/${cup.data.goodsId}`, otherMember.auth)).status).toBe(404);
    expect((await call('DELETE', `/api/goods/${cup.data.goodsId}`, member.auth)).status).toBe(200);
  });
});
