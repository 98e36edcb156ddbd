import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TASK_COSTS } from '@productimage/core';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putRole } from '../../organisation/team/members.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { balance, makePaid, noisePng } from '../../studio/tasks/test-support.ts';
import { multipart } from '../../studio/uploads/test-images.test-support.ts';
import { createHarness, describeEachDb, type Harness, insideOneWindow } from '../../test-support/harness.ts';
import { collectEvents, deliverDue, RETRY_DELAYS_MS, WEBHOOK_MEMBER_CONCURRENCY, WEBHOOK_MEMBER_PER_PASS } from './deliveries.ts';
import { OPEN_MEMBER_REQUESTS_PER_MINUTE, OPEN_REQUESTS_PER_MINUTE } from './key-auth.ts';
import { KEY_CREATE_LIMIT } from './keys.ts';
import { MAX_IN_FLIGHT_PER_KEY, MAX_IN_FLIGHT_PER_MEMBER } from './open-tasks.ts';
import { checkWebhookUrl } from './webhooks.ts';

const en = { 'accept-language': 'en' };
const CUTOUT_COST = Number(TASK_COSTS.MATTING_IMAGE);
// No task workers: created tasks stay pending, so charges, stops and limits are seen without engines running.
const ENV = { API_WORKERS: 'false', WEBHOOKS_ALLOW_PRIVATE: 'true' };

type Auth = { authorization: string };
const bearer = (key: string): Auth => ({ authorization: `Bearer ${key}` });

async function newKey(h: Harness, auth: Auth, body: Record<string, unknown> = { name: 'erp', scopes: ['generate'] }) {
  const res = await h.call({ method: 'POST', url: '/api/keys', headers: { ...auth, ...en }, payload: body });
  expect(res.code).toBe(0);
  return res.data as { keyId: string; key: string };
}

async function openUpload(h: Harness, key: string, data: Buffer) {
  const body = multipart(data, 'sku-1.png', 'image/png');
  const res = await h.call({
    method: 'POST',
    url: '/api/open/v1/uploads',
    headers: { ...bearer(key), ...body.headers },
    payload: body.payload,
  });
  expect(res.code).toBe(0);
  return res.data.url as string;
}

describe('open API keys', () => {
  let h: Harness;
  let photo: Buffer;
  beforeAll(async () => {
    h = await createHarness('sqlite', ENV);
    photo = await noisePng(600, 600);
  });
  afterAll(() => h.close());

  it('shows a key once, stores only its hash, and refuses it at once when revoked', async () => {
    const u = await h.user();
    const { keyId, key } = await newKey(h, u.auth, { name: 'shop ERP', scopes: ['generate', 'read'] });
    expect(key).toMatch(/^isk_[A-Za-z0-9_-]{40,}$/);
    const stored = await h.ctx.db.selectFrom('api_keys').selectAll().where('id', '=', keyId).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(key.slice(10));

    const listed = await h.call({ method: 'GET', url: '/api/keys', headers: u.auth });
    expect(listed.data).toEqual([
      expect.objectContaining({ keyId, name: 'shop ERP', prefix: key.slice(0, 10), lastUsedAt: null }),
    ]);
    expect(listed.raw).not.toContain(key);

    const used = await h.call({
      method: 'GET',
      url: '/api/open/v1/tasks',
      headers: { ...bearer(key), 'x-forwarded-for': '203.0.113.7' },
    });
    expect(used.code).toBe(0);
    const after = await h.call({ method: 'GET', url: '/api/keys', headers: u.auth });
    expect(after.data[0]).toMatchObject({ lastUsedIp: '203.0.113.7', lastUsedAt: expect.any(Number) });

    expect((await h.call({ method: 'DELETE', url: `/api/keys/${keyId}`, headers: u.auth })).code).toBe(0);
    const refused = await h.call({ method: 'GET', url: '/api/open/v1/tasks', headers: { ...bearer(key), ...en } });
    expect(refused).toMatchObject({ status: 401, msg: 'This API key is not valid or has been revoked' });
  });

  it('team keys: made by owners and admins, seen and revoked by any of them, never by members', async () => {
    const admin = await h.user();
    const tenantId = (await h.ctx.db.selectFrom('users').select('tenant_id').where('id', '=', admin.id).executeTakeFirstOrThrow())
      .tenant_id;
    const otherAdmin = await h.user();
    const member = await h.user();
    await putRole(h.ctx.db, tenantId, admin.id, 'admin');
    await putRole(h.ctx.db, tenantId, otherAdmin.id, 'admin');
    const asMember = await h.call({
      method: 'POST',
      url: '/api/keys',
      headers: member.auth,
      payload: { name: 'pim', scopes: ['read'], team: true },
    });
    expect(asMember.status).toBe(403);
    const { keyId, key } = await newKey(h, admin.auth, { name: 'warehouse', scopes: ['generate'], team: true });
    const listed = await h.call({ method: 'GET', url: '/api/team/api-keys', headers: otherAdmin.auth });
    expect(listed.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ keyId, name: 'warehouse', team: true, createdBy: admin.id })]),
    );
    expect((await h.call({ method: 'GET', url: '/api/team/api-keys', headers: member.auth })).status).toBe(403);
    // A member's own (non-team) key is not the admins' to revoke.
    const own = await newKey(h, member.auth, { name: 'mine', scopes: ['read'] });
    expect((await h.call({ method: 'DELETE', url: `/api/team/api-keys/${own.keyId}`, headers: otherAdmin.auth })).status).toBe(
      404,
    );
    expect((await h.call({ method: 'DELETE', url: `/api/team/api-keys/${keyId}`, headers: otherAdmin.auth })).code).toBe(0);
    expect((await h.call({ method: 'GET', url: '/api/open/v1/tasks', headers: bearer(key) })).status).toBe(401);
  });

  it('keeps keys and login tokens apart', async () => {
    const u = await h.user();
    const { key } = await newKey(h, u.auth);
    const withToken = await h.call({ method: 'GET', url: '/api/open/v1/tasks', headers: { ...u.auth, ...en } });
    expect(withToken.status).toBe(401);
    expect(withToken.msg).toContain('API key');
    // A key cannot manage keys or act as a login.
    expect(
      (await h.call({ method: 'POST', url: '/api/keys', headers: bearer(key), payload: { name: 'x', scopes: ['read'] } })).status,
    ).toBe(401);
    expect((await h.call({ method: 'GET', url: '/api/user/current', headers: bearer(key) })).status).toBe(401);
  });

  it('refuses what a key is not scoped for, before charging', async () => {
    const u = await h.user();
    const readOnly = (await newKey(h, u.auth, { name: 'reports', scopes: ['read'] })).key;
    const cutoutOnly = (await newKey(h, u.auth, { name: 'cutouts', scopes: ['generate'], bizTypes: ['MATTING_IMAGE'] })).key;
    const url = await openUpload(h, cutoutOnly, photo);
    const asReader = await h.call({
      method: 'POST',
      url: '/api/open/v1/tasks',
      headers: bearer(readOnly),
      payload: { bizType: 'MATTING_IMAGE', inputs: [url] },
    });
    expect(asReader.status).toBe(403);
    const otherType = await h.call({
      method: 'POST',
      url: '/api/open/v1/tasks',
      headers: bearer(cutoutOnly),
      payload: { bizType: 'PRODUCT_REPLACE_IMAGE', params: { backgroundColor: '#ffffff' }, inputs: [url] },
    });
    expect(otherType.status).toBe(403);
    expect(await balance(h, u.auth)).toBe(500);
    expect((await h.call({ method: 'GET', url: '/api/open/v1/tasks', headers: bearer(readOnly) })).code).toBe(0);
  });

  it('limits requests per key per minute and tasks in flight, with Retry-After', async () => {
    const u = await h.user();
    const { key } = await newKey(h, u.auth);
    const url = await openUpload(h, key, photo);
    for (let i = 0; i < MAX_IN_FLIGHT_PER_KEY; i++) {
      const made = await h.call({
        method: 'POST',
        url: '/api/open/v1/tasks',
        headers: bearer(key),
        payload: { bizType: 'MATTING_IMAGE', inputs: [url] },
      });
      expect(made.code).toBe(0);
    }
    const busy = await h.app.inject({
      method: 'POST',
      url: '/api/open/v1/tasks',
      headers: bearer(key),
      payload: { bizType: 'MATTING_IMAGE', inputs: [url] },
    });
    expect(busy.statusCode).toBe(429);
    expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
    expect(await balance(h, u.auth)).toBe(500 - MAX_IN_FLIGHT_PER_KEY * CUTOUT_COST);

    const other = (await newKey(h, u.auth, { name: 'poller', scopes: ['read'] })).key;
    await insideOneWindow(60, async () => {
      for (let i = 0; i < OPEN_REQUESTS_PER_MINUTE; i++) {
        expect((await h.app.inject({ method: 'GET', url: '/api/open/v1/tasks', headers: bearer(other) })).statusCode).toBe(200);
      }
      const over = await h.app.inject({ method: 'GET', url: '/api/open/v1/tasks', headers: bearer(other) });
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
      // Another key of the same member has its own budget.
      expect((await h.app.inject({ method: 'GET', url: '/api/open/v1/tasks', headers: bearer(key) })).statusCode).toBe(200);
    });
  });

  it("enforces in-flight limits atomically, per key and per member across keys; a member's keys share one request budget; key creation is limited (issue 42)", async () => {
    const u = await h.user();
    const { key } = await newKey(h, u.auth);
    const url = await openUpload(h, key, photo);
    const create = (k: string) =>
      h.call({
        method: 'POST',
        url: '/api/open/v1/tasks',
        headers: bearer(k),
        payload: { bizType: 'MATTING_IMAGE', inputs: [url] },
      });
    // 20 at once on a fresh key: exactly its limit pass, the others are refused uncharged.
    const burst = await Promise.all(Array.from({ length: 2 * MAX_IN_FLIGHT_PER_KEY }, () => create(key)));
    expect(burst.filter((r) => r.code === 0)).toHaveLength(MAX_IN_FLIGHT_PER_KEY);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(MAX_IN_FLIGHT_PER_KEY);
    // A second key of the same member fills the member's limit; a third key adds nothing.
    const second = (await newKey(h, u.auth, { name: 'second', scopes: ['generate', 'read'] })).key;
    const more = await Promise.all(Array.from({ length: MAX_IN_FLIGHT_PER_MEMBER }, () => create(second)));
    expect(more.filter((r) => r.code === 0)).toHaveLength(MAX_IN_FLIGHT_PER_MEMBER - MAX_IN_FLIGHT_PER_KEY);
    const third = (await newKey(h, u.auth, { name: 'third', scopes: ['generate', 'read'] })).key;
    expect((await create(third)).status).toBe(429);
    expect(await balance(h, u.auth)).toBe(500 - MAX_IN_FLIGHT_PER_MEMBER * CUTOUT_COST);

    // The member's keys together have one budget of requests a minute, however many keys it makes.
    const spent = async (key: string, seconds: number, count: number) => {
      const now = Date.now();
      const window_start = now - (now % (seconds * 1000));
      await h.ctx.db
        .insertInto('rate_limits')
        .values({ key, window_start, count })
        .onConflict((oc) => oc.column('key').doUpdateSet({ window_start, count }))
        .execute();
    };
    await insideOneWindow(60, async () => {
      await spent(`open:member-requests:${u.id}`, 60, OPEN_MEMBER_REQUESTS_PER_MINUTE);
      expect((await h.app.inject({ method: 'GET', url: '/api/open/v1/tasks', headers: bearer(third) })).statusCode).toBe(429);
    });
    // Revoke-then-create cannot mint keys without end.
    // (Not insideOneWindow: a day's jump would outlive the login; the window is a day, this takes milliseconds.)
    const [creates, window] = KEY_CREATE_LIMIT;
    await spent(`keys:create:${u.id}`, window, creates);
    const refused = await h.call({
      method: 'POST',
      url: '/api/keys',
      headers: u.auth,
      payload: { name: 'again', scopes: ['read'] },
    });
    expect(refused.status).toBe(429);
  });

  it("checks the key's business types on the task or batch it acts on: a cutout key cannot retry or stop a try-on batch (issue 42)", async () => {
    const u = await h.user();
    await makePaid(h.ctx, u.id);
    const full = (await newKey(h, u.auth)).key;
    const cutoutOnly = (await newKey(h, u.auth, { name: 'cutouts', scopes: ['generate'], bizTypes: ['MATTING_IMAGE'] })).key;
    const url = await openUpload(h, full, photo);
    const made = await h.call({
      method: 'POST',
      url: '/api/open/v1/batches',
      headers: bearer(full),
      payload: { bizType: 'PRODUCT_REPLACE_IMAGE', params: { backgroundColor: '#ffffff' }, items: [[url]] },
    });
    expect(made.code).toBe(0);
    const task = await h.call({
      method: 'POST',
      url: '/api/open/v1/tasks',
      headers: bearer(full),
      payload: { bizType: 'PRODUCT_REPLACE_IMAGE', params: { backgroundColor: '#ffffff' }, inputs: [url] },
    });
    const before = await balance(h, u.auth);
    for (const path of [
      `batches/${made.data.batchId}/retry`,
      `batches/${made.data.batchId}/stop`,
      `tasks/${task.data.taskId}/stop`,
    ]) {
      const res = await h.call({ method: 'POST', url: `/api/open/v1/${path}`, headers: bearer(cutoutOnly) });
      expect(res.status, path).toBe(403);
    }
    expect(await balance(h, u.auth)).toBe(before);
    // The key that may do it still can.
    expect(
      (await h.call({ method: 'POST', url: `/api/open/v1/tasks/${task.data.taskId}/stop`, headers: bearer(full) })).code,
    ).toBe(0);
  });

  it('isolates members: keys, tasks and webhooks of others are not found', async () => {
    const a = await h.user();
    const b = await h.user();
    const aKey = await newKey(h, a.auth);
    const bKey = (await newKey(h, b.auth, { name: 'b', scopes: ['generate'] })).key;
    const url = await openUpload(h, aKey.key, photo);
    const task = await h.call({
      method: 'POST',
      url: '/api/open/v1/tasks',
      headers: bearer(aKey.key),
      payload: { bizType: 'MATTING_IMAGE', inputs: [url] },
    });
    expect((await h.call({ method: 'GET', url: `/api/open/v1/tasks/${task.data.taskId}`, headers: bearer(bKey) })).status).toBe(
      404,
    );
    expect(
      (await h.call({ method: 'POST', url: `/api/open/v1/tasks/${task.data.taskId}/stop`, headers: bearer(bKey) })).status,
    ).toBe(404);
    expect((await h.call({ method: 'DELETE', url: `/api/keys/${aKey.keyId}`, headers: b.auth })).status).toBe(404);
    const hook = await h.call({
      method: 'POST',
      url: '/api/webhooks',
      headers: a.auth,
      payload: { url: 'http://127.0.0.1:9/x', events: ['task.completed'] },
    });
    expect(
      (await h.call({ method: 'GET', url: `/api/webhooks/${hook.data.webhookId}/deliveries`, headers: b.auth })).status,
    ).toBe(404);
    // B's uploads are B's: A's upload is not an input B may use.
    const stolen = await h.call({
      method: 'POST',
      url: '/api/open/v1/tasks',
      headers: bearer(bKey),
      payload: { bizType: 'MATTING_IMAGE', inputs: [url] },
    });
    expect(stolen.code).not.toBe(0);
    expect(await balance(h, b.auth)).toBe(500);
  });

  it('publishes a document of the open surface only, and a reference page', async () => {
    const doc = await h.call({ method: 'GET', url: '/api/open/v1/openapi.json' });
    const paths = Object.keys(JSON.parse(doc.raw).paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/open/v1/tasks', '/api/open/v1/tasks/{taskId}', '/api/open/v1/uploads']));
    expect(paths.every((p) => p.startsWith('/api/open/v1/'))).toBe(true);
    const page = await h.app.inject({ method: 'GET', url: '/api/open/v1/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // Under the product's own name, in the reader's language (issue 41).
    expect(page.body).toContain('<title>InspoShot Open API · 开放接口</title>');
    for (const [language, title] of [
      ['zh', 'InspoShot 开放接口'],
      ['en', 'InspoShot Open API'],
    ]) {
      const shown = await h.app.inject({
        method: 'GET',
        url: '/api/open/v1/docs/json',
        headers: { 'accept-language': language! },
      });
      expect(JSON.parse(shown.body).info.title).toBe(title);
    }
    // Every operation and the tag in the reader's language too; no framework mark.
    const summaries = async (language: string) => {
      const shown = JSON.parse(
        (await h.app.inject({ method: 'GET', url: '/api/open/v1/docs/json', headers: { 'accept-language': language } })).body,
      );
      return { post: shown.paths['/api/open/v1/tasks'].post.summary as string, tag: shown.tags[0].description as string };
    };
    expect(await summaries('zh')).toEqual({
      post: expect.stringMatching(/^创建任务，与网页端一致/),
      tag: '上传、生成任务与批量任务',
    });
    expect((await summaries('en')).post).toMatch(/^Creates a task as the web app does/);
    expect(page.body).toContain('/theme/favicon.svg"');
    expect(page.body).not.toContain('favicon-32x32.png');
    const icon = await h.app.inject({ method: 'GET', url: '/api/open/v1/docs/static/theme/favicon.svg' });
    expect([icon.statusCode, icon.body]).toEqual([200, expect.stringContaining('#2352d8')]);
  });

  it('works from a client generated from its document (openapi-typescript + openapi-fetch), as docs/open-api.md shows', async () => {
    const document = JSON.parse((await h.call({ method: 'GET', url: '/api/open/v1/openapi.json' })).raw);
    const types = astToString(await openapiTS(document));
    expect(types).toContain('"/api/open/v1/tasks/{taskId}"');
    expect(types).toContain('"idempotency-key"');

    const u = await h.user();
    const { key } = await newKey(h, u.auth);
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const client = createClient<any>({ baseUrl: address, headers: { Authorization: `Bearer ${key}` } });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'shirt.png');
    const upload = await client.POST('/api/open/v1/uploads', { body: form, bodySerializer: (b: FormData) => b });
    expect(upload.response.status).toBe(200);
    const created = await client.POST('/api/open/v1/tasks', {
      headers: { 'Idempotency-Key': 'sku-1001' },
      body: { bizType: 'MATTING_IMAGE', params: {}, inputs: [upload.data.data.url] },
    });
    expect(created.data.data).toMatchObject({ status: 'pending', cost: CUTOUT_COST });
    const task = await client.GET('/api/open/v1/tasks/{taskId}', { params: { path: { taskId: created.data.data.taskId } } });
    expect(task.data.data).toMatchObject({ taskId: created.data.data.taskId, bizType: 'MATTING_IMAGE' });
  });

  it('refuses webhook endpoints that are not public https (the safe fetcher rules)', async () => {
    const strict = { config: { ...h.ctx.config, WEBHOOKS_ALLOW_PRIVATE: false } } as AppContext;
    for (const url of [
      'http://example.com/hook',
      'https://127.0.0.1/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'https://[::a00:1]/hook',
      'https://localhost/hook',
      'ftp://example.com/x',
      'https://user:pw@example.com/x',
    ]) {
      await expect(checkWebhookUrl(strict, url), url).rejects.toBeInstanceOf(AppError);
    }
    await expect(checkWebhookUrl(strict, 'https://93.184.215.14/hook')).resolves.toBe('https://93.184.215.14/hook');
  });
});

describeEachDb('open API idempotent create', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, ENV);
  });
  afterAll(() => h.close());

  it('20 parallel retries with one Idempotency-Key make one task and one charge', async () => {
    const u = await h.user();
    const { key } = await newKey(h, u.auth);
    const url = await openUpload(h, key, await noisePng(600, 600));
    const body = { bizType: 'MATTING_IMAGE', params: {}, inputs: [url] };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        h.call({
          method: 'POST',
          url: '/api/open/v1/tasks',
          headers: { ...bearer(key), 'idempotency-key': 'order-42' },
          payload: body,
        }),
      ),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(20).fill(0));
    const ids = new Set(answers.map((a) => a.data.taskId));
    expect(ids.size).toBe(1);
    expect(await balance(h, u.auth)).toBe(500 - CUTOUT_COST);
    const spends = await h.ctx.db
      .selectFrom('point_ledger')
      .select('delta')
      .where('user_id', '=', u.id)
      .where('reason', '=', 'spend')
      .execute();
    expect(spends).toHaveLength(1);

    const different = await h.call({
      method: 'POST',
      url: '/api/open/v1/tasks',
      headers: { ...bearer(key), 'idempotency-key': 'order-42', ...en },
      payload: { ...body, params: { x: 1 } },
    });
    expect(different.status).toBe(422);
    const fresh = await h.call({
      method: 'POST',
      url: '/api/open/v1/tasks',
      headers: { ...bearer(key), 'idempotency-key': 'order-43' },
      payload: body,
    });
    expect(ids.has(fresh.data.taskId)).toBe(false);
  });
});

describe('open API webhooks', () => {
  let h: Harness;
  let receiver: http.Server;
  let base: string;
  const received: Array<{ body: string; signature: string; verified: boolean }> = [];
  let secret = '';
  let failuresLeft = 2;

  /** A receiver written from the documented scheme: HMAC-SHA256 of "<t>.<raw body>", hex, in v1. */
  const verify = (header: string, body: string) => {
    const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
    const expected = crypto.createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
    const fresh = Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
    return (
      fresh &&
      !!parts.v1 &&
      crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(parts.v1.padEnd(expected.length).slice(0, expected.length)))
    );
  };

  beforeAll(async () => {
    h = await createHarness('sqlite', ENV);
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const signature = String(req.headers['insposhot-signature'] ?? '');
        received.push({ body, signature, verified: verify(signature, body) });
        res.statusCode = failuresLeft-- > 0 ? 500 : 204;
        res.end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    receiver.close();
    await h.close();
  });

  it('signs deliveries, retries a failing receiver with back-off, shows attempts and re-sends by hand', async () => {
    const u = await h.user();
    const { key } = await newKey(h, u.auth);
    const hook = await h.call({
      method: 'POST',
      url: '/api/webhooks',
      headers: u.auth,
      payload: { url: `${base}/hooks`, events: ['task.stopped', 'task.completed'] },
    });
    expect(hook.code).toBe(0);
    secret = hook.data.secret;
    const url = await openUpload(h, key, await noisePng(600, 600));
    const task = await h.call({
      method: 'POST',
      url: '/api/open/v1/tasks',
      headers: bearer(key),
      payload: { bizType: 'MATTING_IMAGE', inputs: [url] },
    });
    const stopped = await h.call({ method: 'POST', url: `/api/open/v1/tasks/${task.data.taskId}/stop`, headers: bearer(key) });
    expect(stopped.data.status).toBe('stopped');
    expect(await balance(h, u.auth)).toBe(500);

    const t0 = Date.now();
    expect(await collectEvents(h.ctx, t0)).toBe(1);
    expect(await collectEvents(h.ctx, t0)).toBe(0);
    await deliverDue(h.ctx, t0);
    // Not due again before its back-off.
    await deliverDue(h.ctx, t0 + RETRY_DELAYS_MS[0]! - 1);
    expect(received).toHaveLength(1);
    await deliverDue(h.ctx, t0 + RETRY_DELAYS_MS[0]!);
    await deliverDue(h.ctx, t0 + RETRY_DELAYS_MS[0]! + RETRY_DELAYS_MS[1]!);
    expect(received).toHaveLength(3);
    expect(received.every((r) => r.verified)).toBe(true);
    const event = JSON.parse(received[2]!.body);
    expect(event).toMatchObject({ type: 'task.stopped', data: { taskId: task.data.taskId, status: 'stopped', outputs: [] } });
    expect(new Set(received.map((r) => JSON.parse(r.body).id)).size).toBe(1);

    const list = await h.call({ method: 'GET', url: `/api/webhooks/${hook.data.webhookId}/deliveries`, headers: u.auth });
    expect(list.data).toEqual([
      expect.objectContaining({ event: 'task.stopped', status: 'delivered', attempts: 3, lastStatus: 204 }),
    ]);

    // A rotated secret signs the next send; a redelivery carries the same event id.
    const rotated = await h.call({ method: 'POST', url: `/api/webhooks/${hook.data.webhookId}/rotate`, headers: u.auth });
    secret = rotated.data.secret;
    const again = await h.call({
      method: 'POST',
      url: `/api/webhooks/${hook.data.webhookId}/deliveries/${list.data[0].deliveryId}/redeliver`,
      headers: u.auth,
    });
    expect(again.data).toMatchObject({ status: 'delivered', attempts: 4 });
    expect(received[3]).toMatchObject({ verified: true });
    expect(JSON.parse(received[3]!.body).id).toBe(event.id);

    // Usage per key and day counts the stopped task, with no points kept.
    const usage = await h.call({ method: 'GET', url: '/api/keys/usage', headers: u.auth });
    expect(usage.data).toEqual([
      expect.objectContaining({
        name: 'erp',
        tasks: 1,
        failed: 1,
        points: 0,
        day: expect.stringMatching(/^\d{4}\/\d{2}\/\d{2}$/),
      }),
    ]);
  });

  it('runs a batch through a key: charged once, stopped with refunds, its end delivered as batch.completed', async () => {
    const u = await h.user();
    await makePaid(h.ctx, u.id);
    const before = await balance(h, u.auth);
    const { key } = await newKey(h, u.auth);
    const hook = await h.call({
      method: 'POST',
      url: '/api/webhooks',
      headers: u.auth,
      payload: { url: `${base}/batches`, events: ['batch.completed'] },
    });
    secret = hook.data.secret;
    failuresLeft = 0;
    const photo = await noisePng(600, 600);
    const items = [[await openUpload(h, key, photo)], [await openUpload(h, key, photo)]];
    const made = await h.call({
      method: 'POST',
      url: '/api/open/v1/batches',
      headers: bearer(key),
      payload: { bizType: 'MATTING_IMAGE', items },
    });
    expect(made.code).toBe(0);
    expect(made.data.cost).toBe(2 * CUTOUT_COST);
    expect(await balance(h, u.auth)).toBe(before - 2 * CUTOUT_COST);
    const seen = await h.call({ method: 'GET', url: `/api/open/v1/batches/${made.data.batchId}`, headers: bearer(key) });
    expect(seen.data.items).toHaveLength(2);
    // Another member's key cannot see it.
    const other = await h.user();
    const otherKey = (await newKey(h, other.auth)).key;
    expect(
      (await h.call({ method: 'GET', url: `/api/open/v1/batches/${made.data.batchId}`, headers: bearer(otherKey) })).status,
    ).toBe(404);

    const stopped = await h.call({ method: 'POST', url: `/api/open/v1/batches/${made.data.batchId}/stop`, headers: bearer(key) });
    expect(stopped.data.status).toBe('stopped');
    expect(await balance(h, u.auth)).toBe(before);
    const sent = received.length;
    await collectEvents(h.ctx);
    await deliverDue(h.ctx);
    expect(received.length).toBe(sent + 1);
    expect(received.at(-1)).toMatchObject({ verified: true });
    expect(JSON.parse(received.at(-1)!.body)).toMatchObject({
      type: 'batch.completed',
      data: { batchId: made.data.batchId, status: 'stopped' },
    });
  });
});

describe('open API webhooks under load (issue 42)', () => {
  let h: Harness;
  let receiver: http.Server;
  let base: string;
  const PUBLIC_URL = 'https://studio.example';
  /** Requests held unanswered on /slow (a member's slow endpoint) until released. */
  const held: http.ServerResponse[] = [];
  const fast: Array<{ body: string; signature: string; at: number }> = [];
  const slow: Array<{ body: string; signature: string; at: number }> = [];

  beforeAll(async () => {
    h = await createHarness('sqlite', { ...ENV, PUBLIC_URL });
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const entry = { body, signature: String(req.headers['insposhot-signature'] ?? ''), at: Date.now() };
        if (req.url === '/slow') {
          slow.push(entry);
          held.push(res);
          return;
        }
        fast.push(entry);
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const res of held) res.end();
    receiver.close();
    await h.close();
  });

  /** A member's webhook to `path` with `count` deliveries due since `dueAt`, each naming one output file. */
  const member = async (path: string, count: number, dueAt: number, output: string) => {
    const u = await h.user();
    const hook = await h.call({
      method: 'POST',
      url: '/api/webhooks',
      headers: u.auth,
      payload: { url: `${base}${path}`, events: ['task.completed'] },
    });
    for (let i = 0; i < count; i++) {
      const id = crypto.randomUUID();
      const data = { taskId: `t-${i}`, status: 'completed', outputs: [{ url: output, type: 'image' }] };
      await h.ctx.db
        .insertInto('webhook_deliveries')
        .values({
          id,
          webhook_id: hook.data.webhookId,
          user_id: u.id,
          event: 'task.completed',
          payload: JSON.stringify({ id, type: 'task.completed', createdAt: dueAt, data }),
          status: 'pending',
          attempts: 0,
          next_attempt_at: dueAt,
          lease_until: null,
          last_attempt_at: null,
          last_status: null,
          last_error: null,
          created_at: dueAt,
        })
        .execute();
    }
    return hook.data.secret as string;
  };
  const verify = (secret: string, header: string, body: string, at: number) => {
    const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
    const expected = crypto.createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
    // The documented check: signature right, timestamp within 300 s of when it arrived.
    return parts.v1 === expected && Math.abs(at / 1000 - Number(parts.t)) < 300;
  };

  it("one member's slow endpoints hold at most their share: another member's delivery goes out meanwhile, signed when sent, with a signed absolute output URL", async () => {
    // An output file on record (an upload stands for a task's result: the same files route serves both).
    const owner = await h.user();
    const body = multipart(await noisePng(600, 600), 'out.png', 'image/png');
    const up = await h.call({
      method: 'POST',
      url: '/api/upload',
      headers: { ...owner.auth, ...body.headers },
      payload: body.payload,
    });
    const key = h.ctx.storage.keyFromUrl(up.data[0])!;
    // Due since an hour, in a pass that began (for the scheduler) ten minutes ago.
    const dueAt = Date.now() - 3_600_000;
    await member('/slow', 6, dueAt, `/files/${key}`);
    const secret = await member('/fast', 1, dueAt, `/files/${key}`);
    const pass = deliverDue(h.ctx, Date.now() - 600_000);
    // The other member's delivery arrives while the slow member's are still held...
    await expect.poll(() => fast.length, { timeout: 30_000 }).toBe(1);
    // ...and the slow member has its share going at once, never more (each held until released).
    expect(held.length).toBeGreaterThan(0);
    await expect.poll(() => slow.length, { timeout: 30_000 }).toBe(WEBHOOK_MEMBER_CONCURRENCY);
    const got = fast[0]!;
    expect(verify(secret, got.signature, got.body, got.at)).toBe(true);
    const outputUrl = JSON.parse(got.body).data.outputs[0].url as string;
    expect(outputUrl.startsWith(`${PUBLIC_URL}/files/${key}?e=`)).toBe(true);
    // Valid for the receiver a day from now, and served.
    expect(Number(new URL(outputUrl).searchParams.get('e')) * 1000).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const file = await h.app.inject({ method: 'GET', url: outputUrl.slice(PUBLIC_URL.length) });
    expect(file.statusCode).toBe(200);
    // Released, the slow member's next ones follow (a pass sends WEBHOOK_MEMBER_PER_PASS of a member's).
    while (held.length || slow.length < WEBHOOK_MEMBER_PER_PASS) {
      for (const res of held.splice(0)) {
        res.statusCode = 204;
        res.end();
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await pass).toBe(1 + WEBHOOK_MEMBER_PER_PASS);
  });
});
