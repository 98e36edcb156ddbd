import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../../engines/openai-chat/fake-llm.test-support.ts';
import { AppError } from '../../platform/http/errors.ts';
import { waitForTask } from '../../studio/tasks/test-support.ts';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';
import { ARTICLE_MAX_BYTES, fetchArticle } from './article-link.ts';

const en = { 'accept-language': 'en' };
let counter = 0;
const respond = () => `标题：冬天的第一杯热水${++counter}\n正文：${'一整天都是热水，暖到心里。'.repeat(200)}`;

describeSqlite('rewrite batches (hot-article rewrite)', (kind) => {
  let h: Harness;
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm({ respond });
    h = await createHarness(kind, { LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-model', LLM_MAX_RETRIES: '0' });
  });
  afterAll(async () => {
    await h.close();
    await llm.close();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, auth: { authorization: string }, payload?: unknown) =>
    h.call({ method, url, headers: { ...auth, ...en }, payload: payload as Record<string, unknown> });
  const settle = async (auth: { authorization: string }, batchId: string) => {
    for (;;) {
      const res = await call('GET', `/api/rewrite/batches/${batchId}`, auth);
      if (res.data.state === 'done') return res.data;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('rewrites pasted text into two items within the platform limits; regenerates one; dislikes with a reason', async () => {
    const u = await h.user();
    const created = await call('POST', '/api/rewrite/batches', u.auth, {
      inputType: 2,
      article: '原文：冬天喝热水的十个好处……',
      productInfo: '保温杯',
      platform: 'xiaohongshu',
      genNum: 2,
    });
    expect(created.code).toBe(0);
    expect(created.data.items).toHaveLength(2);
    const batch = await settle(u.auth, created.data.batchId);
    for (const item of batch.items) {
      expect(item.status).toBe('completed');
      expect([...item.title].length).toBeLessThanOrEqual(20);
      expect([...item.content].length).toBeLessThanOrEqual(1000);
      expect(item.content).toMatch(/^一整天都是热水/);
    }
    const [first, second] = batch.items;
    const again = await call('POST', `/api/rewrite/batches/${batch.batchId}/items/${second.itemId}/regenerate`, u.auth);
    expect(again.code).toBe(0);
    const after = await settle(u.auth, batch.batchId);
    expect(after.items[0].taskId).toBe(first.taskId);
    expect(after.items[1].taskId).not.toBe(second.taskId);
    expect(after.items[1].title).not.toBe(second.title);

    const bad = await call('POST', `/api/rewrite/batches/${batch.batchId}/items/${first.itemId}/feedback`, u.auth, {
      liked: false,
      reason: '随便写的',
    });
    expect(bad.code).not.toBe(0);
    const disliked = await call('POST', `/api/rewrite/batches/${batch.batchId}/items/${first.itemId}/feedback`, u.auth, {
      liked: false,
      reason: '文案风格不搭',
    });
    expect(disliked.code).toBe(0);
    expect((await call('GET', `/api/rewrite/batches/${batch.batchId}`, u.auth)).data.items[0]).toMatchObject({
      liked: false,
      dislikeReason: '文案风格不搭',
    });
    expect((await call('GET', '/api/rewrite/batches', u.auth)).data[0].batchId).toBe(batch.batchId);

    // Another user can neither read, regenerate, rate nor delete it.
    const other = await h.user();
    expect((await call('GET', `/api/rewrite/batches/${batch.batchId}`, other.auth)).status).toBe(404);
    expect(
      (await call('POST', `/api/rewrite/batches/${batch.batchId}/items/${first.itemId}/regenerate`, other.auth)).status,
    ).toBe(404);
    expect(
      (await call('POST', `/api/rewrite/batches/${batch.batchId}/items/${first.itemId}/feedback`, other.auth, { liked: true }))
        .status,
    ).toBe(404);
    expect((await call('DELETE', `/api/rewrite/batches/${batch.batchId}`, other.auth)).status).toBe(404);
    expect((await call('GET', '/api/rewrite/batches', other.auth)).data).toEqual([]);

    expect((await call('DELETE', `/api/rewrite/batches/${batch.batchId}`, u.auth)).code).toBe(0);
    expect((await call('GET', `/api/rewrite/batches/${batch.batchId}`, u.auth)).status).toBe(404);
    await waitForTask(h, u.auth, first.taskId);
  });

  it('refuses a link to a private address and empty manual input, keeping nothing', async () => {
    const u = await h.user();
    const link = await call('POST', '/api/rewrite/batches', u.auth, { inputType: 1, xhsUrl: 'http://127.0.0.1:9/post' });
    expect(link.status).toBe(400);
    expect(link.msg).toBe('This link points to an internal network address and cannot be fetched');
    const empty = await call('POST', '/api/rewrite/batches', u.auth, { inputType: 2, article: '  ' });
    expect(empty.code).not.toBe(0);
    expect((await call('GET', '/api/rewrite/batches', u.auth)).data).toEqual([]);
  });
});

describe('cancelling a rewrite', () => {
  it('stops every running item of the batch, and the batch ends', async () => {
    const slow = await startFakeLlm({
      respond: () => `标题：慢\n正文：${'慢慢写。'.repeat(100)}`,
      chunkDelayMs: 200,
      charsPerChunk: 2,
    });
    const h = await createHarness('sqlite', { LLM_BASE_URL: slow.url, LLM_MODEL: 'fake-model', LLM_MAX_RETRIES: '0' });
    try {
      const u = await h.user();
      const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
        h.call({ method, url, headers: { ...u.auth, ...en }, payload });
      const created = await call('POST', '/api/rewrite/batches', { inputType: 2, article: '原文', genNum: 2 });
      expect(created.data.state).toBe('running');
      const id = created.data.batchId;
      // Wait until the first item is being written, then cancel.
      for (;;) {
        const b = await call('GET', `/api/rewrite/batches/${id}`);
        if (b.data.items[0].text) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect((await call('POST', `/api/rewrite/batches/${id}/cancel`)).code).toBe(0);
      for (;;) {
        const b = await call('GET', `/api/rewrite/batches/${id}`);
        if (b.data.state === 'done') {
          expect(b.data.items.map((i: { status: string }) => i.status)).toEqual(['stopped', 'stopped']);
          break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await h.close();
      await slow.close();
    }
  });
});

describe('rewrite without a chat model', () => {
  it('is refused before anything is kept or charged (the offline writer cannot rewrite)', async () => {
    const h = await createHarness('sqlite', { LLM_BASE_URL: '', LLM_MODEL: '' });
    try {
      const u = await h.user();
      const res = await h.call({
        method: 'POST',
        url: '/api/rewrite/batches',
        headers: { ...u.auth, ...en },
        payload: { inputType: 2, article: '原文', genNum: 2 },
      });
      expect(res.code).not.toBe(0);
      expect(res.msg).toMatch(/engine|configured/i);
      const list = await h.call({ method: 'GET', url: '/api/rewrite/batches', headers: u.auth });
      expect(list.data).toEqual([]);
    } finally {
      await h.close();
    }
  });
});

describe('article links', () => {
  let server: http.Server;
  let base: string;
  const allowTest = { allowAddress: (_a: string, port: number) => port === (server.address() as AddressInfo).port };
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(Buffer.alloc(ARTICLE_MAX_BYTES + 10, 0x61));
      } else if (req.url === '/wall') {
        res.writeHead(403, { 'content-type': 'text/html' });
        res.end('<html><body>请登录后查看</body></html>');
      } else if (req.url === '/login') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html><body>打开 App 查看</body></html>');
      } else {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          `<html><head><title>冬天喝热水</title></head><body><nav>首页</nav><article><h1>冬天喝热水</h1><p>${'冬天里一杯热水，暖手又暖心。'.repeat(20)}</p><img src="/a.jpg"></article></body></html>`,
        );
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const keyOf = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'ok';
    } catch (err) {
      return err instanceof AppError ? err.key : String(err);
    }
  };

  it('refuses private and loopback addresses and non-http schemes', async () => {
    for (const url of [
      `${base}/post`,
      'http://10.0.0.1/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
      'file:///etc/passwd',
    ]) {
      expect(await keyOf(fetchArticle(url))).toBe('rewriteLinkRefused');
    }
  });

  it('refuses oversize bodies, tells the user to paste when the platform blocks fetching, extracts title, text and pictures', async () => {
    expect(await keyOf(fetchArticle(`${base}/big`, allowTest))).toBe('rewriteLinkTooLarge');
    expect(await keyOf(fetchArticle(`${base}/wall`, allowTest))).toBe('rewriteLinkBlocked');
    expect(await keyOf(fetchArticle(`${base}/login`, allowTest))).toBe('rewriteLinkBlocked');
    const page = await fetchArticle(`${base}/post`, allowTest);
    expect(page.title).toBe('冬天喝热水');
    expect(page.text).toContain('冬天里一杯热水');
    expect(page.text).not.toContain('首页');
    expect(page.images).toEqual([`${base}/a.jpg`]);
  });
});
