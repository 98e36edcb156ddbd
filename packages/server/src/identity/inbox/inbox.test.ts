import { ERRORS } from '@productimage/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, describeEachDb, type Harness } from '../../test-support/harness.ts';
import { operatorOf } from '../operators/test-operators.test-support.ts';
import { sendToUser } from './service.ts';

describeEachDb('inbox', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const list = async (auth: Record<string, string>) => {
    const res = await h.call({ method: 'GET', url: '/api/inbox?pageNum=1&pageSize=100', headers: auth });
    expect(res.status).toBe(200);
    return res.data as { list: any[]; total: number; unReadMsgCnt: number };
  };
  const send = (auth: Record<string, string>, payload: Record<string, unknown>) =>
    h.call({ method: 'POST', url: '/api/operator/inbox', headers: auth, payload });

  it('lists personal messages and tenant broadcasts with the fields of spec 000 §3', async () => {
    const op = await operatorOf(h, 'natural-1');
    const user = await h.user({ tenantId: 'natural-1' });
    expect(await list(user.auth)).toEqual({ list: [], total: 0, unReadMsgCnt: 0 });

    const b = await send(op.auth, { title: 'Welcome', content: 'New tools this week', contentType: 'text' });
    expect(b.status).toBe(200);
    await sendToUser(h.ctx.db, user.id, {
      title: 'Your order',
      content: 'https://example.com/orders/1',
      contentType: 'link',
      img: 'https://example.com/i.png',
    });

    const data = await list(user.auth);
    expect(data.total).toBe(2);
    expect(data.unReadMsgCnt).toBe(2);
    const [latest, first] = data.list;
    expect(latest).toEqual({
      msgId: expect.any(String),
      msgTitle: 'Your order',
      msgBrief: 'https://example.com/orders/1',
      msgContent: 'https://example.com/orders/1',
      msgContentType: 'link',
      msgSendTime: expect.any(Number),
      msgImg: 'https://example.com/i.png',
      readed: false,
    });
    expect(first).toMatchObject({
      msgId: b.data.msgId,
      msgTitle: 'Welcome',
      msgBrief: 'New tools this week',
      msgContentType: 'text',
      readed: false,
    });
  });

  it('marks one read, then all read; read state is per user', async () => {
    const op = await operatorOf(h, 'travel-1');
    const [a, b] = [await h.user({ tenantId: 'travel-1' }), await h.user({ tenantId: 'travel-1' })];
    const m1 = (await send(op.auth, { title: 'one', content: 'x', contentType: 'text' })).data.msgId;
    await send(op.auth, { title: 'two', content: 'y', contentType: 'text' });
    await sendToUser(h.ctx.db, a.id, { title: 'three', content: 'z', contentType: 'text' });

    expect((await h.call({ method: 'POST', url: `/api/inbox/${m1}/read`, headers: a.auth })).status).toBe(200);
    // Twice is fine.
    expect((await h.call({ method: 'POST', url: `/api/inbox/${m1}/read`, headers: a.auth })).status).toBe(200);
    let data = await list(a.auth);
    expect(data.unReadMsgCnt).toBe(2);
    expect(data.list.find((m) => m.msgId === m1).readed).toBe(true);
    expect((await list(b.auth)).unReadMsgCnt).toBe(2);

    expect((await h.call({ method: 'POST', url: '/api/inbox/read-all', headers: a.auth })).status).toBe(200);
    data = await list(a.auth);
    expect(data.unReadMsgCnt).toBe(0);
    expect(data.list.every((m) => m.readed)).toBe(true);
    expect((await list(b.auth)).unReadMsgCnt).toBe(2);
  });

  it('deletes everything for one user while broadcasts stay for the others', async () => {
    const op = await operatorOf(h, 'travel-2');
    const [a, b] = [await h.user({ tenantId: 'travel-2' }), await h.user({ tenantId: 'travel-2' })];
    await send(op.auth, { title: 'news', content: 'x', contentType: 'text' });
    await sendToUser(h.ctx.db, a.id, { title: 'mine', content: 'y', contentType: 'text' });
    expect((await h.call({ method: 'DELETE', url: '/api/inbox', headers: a.auth })).status).toBe(200);
    expect(await list(a.auth)).toEqual({ list: [], total: 0, unReadMsgCnt: 0 });
    expect((await list(b.auth)).total).toBe(1);
    // Later broadcasts still arrive.
    await send(op.auth, { title: 'later', content: 'z', contentType: 'text' });
    expect((await list(a.auth)).list.map((m) => m.msgTitle)).toEqual(['later']);
  });

  it("never shows or touches another user's or another tenant's messages", async () => {
    const opKos = await operatorOf(h, 'kos');
    const kosUser = await h.user({ tenantId: 'kos' });
    const other = await h.user({ tenantId: 'kos' });
    const outsider = await h.user({ tenantId: 'natural-2' });
    const personal = await sendToUser(h.ctx.db, kosUser.id, { title: 'private', content: 'secret', contentType: 'text' });
    const bcast = (await send(opKos.auth, { title: 'kos only', content: 'x', contentType: 'text' })).data.msgId;

    expect((await list(other.auth)).list.map((m) => m.msgTitle)).toEqual(['kos only']);
    expect((await list(outsider.auth)).total).toBe(0);
    for (const id of [personal, bcast]) {
      const res = await h.call({ method: 'POST', url: `/api/inbox/${id}/read`, headers: outsider.auth });
      expect(res.status).toBe(404);
    }
    expect((await h.call({ method: 'POST', url: `/api/inbox/${personal}/read`, headers: other.auth })).status).toBe(404);
    await h.call({ method: 'DELETE', url: '/api/inbox', headers: outsider.auth });
    expect((await list(kosUser.auth)).total).toBe(2);

    // An operator cannot address a user of another tenant.
    const cross = await send(opKos.auth, { title: 'x', content: 'y', contentType: 'text', userId: outsider.id });
    expect(cross.status).toBe(404);
    expect((await list(outsider.auth)).total).toBe(0);
    const direct = await send(opKos.auth, { title: 'for you', content: 'y', contentType: 'text', userId: other.id });
    expect(direct.status).toBe(200);
    expect((await list(other.auth)).list[0].msgTitle).toBe('for you');
    expect((await list(kosUser.auth)).list.map((m) => m.msgTitle)).not.toContain('for you');
  });

  it('sanitises html on write and again on read', async () => {
    const op = await operatorOf(h, 'lite');
    const user = await h.user({ tenantId: 'lite' });
    const html =
      '<p onclick="steal()">Hello <b>there</b><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">bad</a><a href="https://example.com">good</a><iframe src="https://evil.example"></iframe></p>';
    expect((await send(op.auth, { title: 'html', content: html, contentType: 'html' })).status).toBe(200);
    // A row written directly (e.g. before a rule tightened) is cleaned on the way out too.
    await h.ctx.db
      .insertInto('inbox_messages')
      .values({
        tenant_id: 'lite',
        user_id: user.id,
        title: 'raw',
        brief: '',
        content: '<img src=x onerror="alert(4)"><script>alert(5)</script>ok',
        content_type: 'html',
        img: null,
        sent_at: Date.now() + 1000,
        created_by: null,
      })
      .execute();
    const [raw, clean] = (await list(user.auth)).list;
    for (const m of [raw, clean]) {
      expect(m.msgContent).not.toMatch(/script|onerror|onclick|javascript:|iframe/i);
    }
    expect(clean.msgContent).toContain('<b>there</b>');
    expect(clean.msgContent).toContain('href="https://example.com"');
    expect(clean.msgContent).toContain('rel="noopener noreferrer"');
    expect(clean.msgBrief).toBe('Hello therebadgood');
    expect(raw.msgContent).toContain('ok');
  });

  it('accepts only http(s) links and images', async () => {
    const op = await operatorOf(h, 'default');
    for (const payload of [
      { title: 'x', content: 'javascript:alert(1)', contentType: 'link' },
      { title: 'x', content: 'not a url', contentType: 'link' },
      { title: 'x', content: 'ok', contentType: 'text', img: 'javascript:alert(1)' },
      // Attack (issue 9): a /files/ prefix that resolves elsewhere once the browser normalises it.
      { title: 'x', content: 'ok', contentType: 'text', img: '/files/../api/user/current' },
      { title: 'x', content: 'ok', contentType: 'text', img: '/files/%2e%2e/api/user/current' },
      { title: 'x', content: 'ok', contentType: 'text', img: '/files//evil.example/x.png' },
      { title: 'x', content: 'ok', contentType: 'text', img: '/api/user/current' },
      { title: '', content: 'ok', contentType: 'text' },
      { title: 'x', content: 'ok', contentType: 'video' },
    ]) {
      expect((await send(op.auth, payload)).status, JSON.stringify(payload)).toBe(400);
    }
  });

  it('keeps the operator endpoints to operators and the inbox to logged-in users', async () => {
    const user = await h.user();
    const res = await send(user.auth, { title: 'x', content: 'y', contentType: 'text' });
    expect(res.status).toBe(403);
    expect(res.code).toBe(ERRORS.forbidden.code);
    expect((await h.call({ method: 'GET', url: '/api/inbox' })).status).toBe(401);
    expect((await h.call({ method: 'POST', url: '/api/inbox/read-all' })).status).toBe(401);
    expect((await h.call({ method: 'DELETE', url: '/api/inbox' })).status).toBe(401);
    expect((await h.call({ method: 'POST', url: '/api/inbox/abc/read', headers: user.auth })).status).toBe(400);
  });

  it('lists what the tenant operators sent, for operators of that tenant only', async () => {
    const op = await operatorOf(h, 'natural-2');
    await send(op.auth, { title: 'sent by op', content: 'x', contentType: 'text' });
    const res = await h.call({ method: 'GET', url: '/api/operator/inbox', headers: op.auth });
    expect(res.data.list.map((m: any) => m.msgTitle)).toEqual(['sent by op']);
    const otherOp = await operatorOf(h, 'travel-2');
    const other = await h.call({ method: 'GET', url: '/api/operator/inbox', headers: otherOp.auth });
    expect(other.data.list.map((m: any) => m.msgTitle)).not.toContain('sent by op');
  });

  it('pages with at most 100 per page', async () => {
    const user = await h.user();
    expect((await h.call({ method: 'GET', url: '/api/inbox?pageSize=101', headers: user.auth })).status).toBe(400);
    for (let i = 0; i < 3; i++) await sendToUser(h.ctx.db, user.id, { title: `m${i}`, content: 'x', contentType: 'text' });
    const page2 = await h.call({ method: 'GET', url: '/api/inbox?pageNum=2&pageSize=2', headers: user.auth });
    expect(page2.data.total).toBe(3);
    expect(page2.data.list).toHaveLength(1);
  });
});

it('a broadcast reaches users who register later', async () => {
  const h = await createHarness('sqlite');
  try {
    const op = await operatorOf(h, 'default');
    await h.call({
      method: 'POST',
      url: '/api/operator/inbox',
      headers: op.auth,
      payload: { title: 'hello all', content: 'x', contentType: 'text' },
    });
    const late = await h.user();
    const res = await h.call({ method: 'GET', url: '/api/inbox', headers: late.auth });
    expect(res.data.list.map((m: any) => m.msgTitle)).toEqual(['hello all']);
  } finally {
    await h.close();
  }
});
