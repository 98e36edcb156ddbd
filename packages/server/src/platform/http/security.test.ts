import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app/app.ts';
import { createHarness, type Harness } from '../../test-support/harness.ts';
import { loadConfig } from '../config.ts';
import { signedFileUrl } from '../storage/file-urls.ts';
import { redactUrl } from './logging.ts';

describe('request logs', () => {
  /** The log lines an app writes at a level while `run` sends its requests. */
  async function linesAt(level: string, run: (app: Awaited<ReturnType<typeof buildApp>>['app']) => Promise<void>) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-log-'));
    const lines: string[] = [];
    const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), NODE_ENV: 'test' });
    const { app } = await buildApp(config, { logLevel: level, logStream: { write: (line) => void lines.push(line) } });
    try {
      await run(app);
    } finally {
      await app.close();
    }
    return lines;
  }

  it('log every request at debug, and at info only the answers that went wrong', async () => {
    const requests = async (app: Awaited<ReturnType<typeof buildApp>>['app']) => {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/user/current' })).statusCode).toBe(401);
    };
    const logged = (lines: string[]) =>
      lines
        .map((line) => JSON.parse(line) as { msg: string; url?: string; statusCode?: number })
        .filter((line) => line.msg === 'request')
        .map((line) => `${line.url} ${line.statusCode}`);
    const debug = await linesAt('debug', requests);
    expect(logged(debug)).toEqual(['/api/health 200', '/api/user/current 401']);
    expect(logged(await linesAt('info', requests))).toEqual(['/api/user/current 401']);
    // Each line names its request (the id an operator follows through one request's lines).
    const ids = debug.map((line) => JSON.parse(line) as { msg: string; reqId?: string }).filter((line) => line.msg === 'request');
    expect(ids.every((line) => typeof line.reqId === 'string' && line.reqId.length > 0)).toBe(true);
    expect(new Set(ids.map((line) => line.reqId)).size).toBe(2);
  });

  it('never carry a bearer token or a secret query value', async () => {
    const lines = await linesAt('debug', async (app) => {
      await app.inject({
        method: 'GET',
        url: '/api/health?access_token=secret-one&lang=en',
        headers: { authorization: 'Bearer secret-two' },
      });
      await app.inject({ method: 'GET', url: '/api/user/current?token=secret-three' });
      app.log.info({ headers: { authorization: 'Bearer secret-four' } }, 'a handler logging headers');
    });
    const log = lines.join('');
    // The requests were logged, with the harmless parts of their URLs.
    expect(log).toContain('/api/health?access_token=%5Bredacted%5D&lang=en');
    expect(log).toContain('/api/user/current?token=%5Bredacted%5D');
    for (const secret of ['secret-one', 'secret-two', 'secret-three', 'secret-four']) expect(log).not.toContain(secret);
  });

  it('keeps URLs without secrets as they are', () => {
    expect(redactUrl('/api/tasks?pageNum=2&bizType=MATTING_IMAGE')).toBe('/api/tasks?pageNum=2&bizType=MATTING_IMAGE');
    expect(redactUrl('/api/auth/x?Access_Token=a&verifyCode=123456')).toBe(
      '/api/auth/x?Access_Token=%5Bredacted%5D&verifyCode=%5Bredacted%5D',
    );
  });

  it('keep phone numbers and e-mail addresses out of request lines', () => {
    expect(redactUrl('/api/auth/captcha?mobileId=13800138000')).toBe('/api/auth/captcha?mobileId=%5Bredacted%5D');
    expect(redactUrl('/api/dev/outbox?to=buyer%40example.com')).toBe('/api/dev/outbox?to=%5Bredacted%5D');
  });
});

describe('security headers', () => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-headers-'));
    fs.mkdirSync(path.join(dir, 'web'));
    fs.writeFileSync(path.join(dir, 'web/index.html'), '<!doctype html><div id="root"></div>');
    h = await createHarness('sqlite', { WEB_DIST: path.join(dir, 'web') });
  });
  afterAll(() => h.close());

  it('forbid content sniffing and cross-site referrer paths on the API, files and pages', async () => {
    const user = await h.user();
    for (const [url, headers] of [
      ['/api/health', {}],
      ['/api/user/current', user.auth],
      ['/api/auth/captcha?mobileId=13800000000', {}],
      ['/api/tasks/nope', user.auth],
      ['/productimage/member', {}],
    ] as const) {
      const res = await h.app.inject({ method: 'GET', url, headers });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('lets no site frame the sandbox pay page, while product pages keep their embed allow-list', async () => {
    const user = await h.user();
    const order = await h.call({
      method: 'POST',
      url: '/api/orders',
      headers: user.auth,
      payload: { productId: 'professional-monthly' },
    });
    expect(order.code).toBe(0);
    const payUrl = new URL(order.data.payUrl);
    const page = await h.app.inject({ method: 'GET', url: payUrl.pathname + payUrl.search });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const pagePolicy = String(page.headers['content-security-policy']);
    expect(pagePolicy).toContain("frame-ancestors 'none'");
    // Its one inline script runs by nonce; nothing else may run.
    const nonce = pagePolicy.match(/script-src 'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(page.body).toContain(`<script nonce="${nonce}">`);
    expect(pagePolicy).toContain("default-src 'none'");

    const product = await h.app.inject({ method: 'GET', url: '/productimage/member' });
    expect(product.headers['content-security-policy']).toMatch(/frame-ancestors 'self'/);
    expect(product.headers['x-frame-options']).toBeUndefined();
  });

  it('gives product pages a whole policy, not only frame-ancestors (issue 9)', async () => {
    const product = await h.app.inject({ method: 'GET', url: '/productimage/member' });
    const policy = String(product.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "connect-src 'self'",
      "frame-ancestors 'self'",
    ])
      expect(policy).toContain(directive);
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('refuses QR content the engine could never encode, before accepting the task (issue 9)', async () => {
    const user = await h.user();
    const res = await h.call({
      method: 'POST',
      url: '/api/tasks',
      headers: { ...user.auth, 'accept-language': 'en' },
      payload: { bizType: 'QR_CODE_ART', params: { content: 'https://shop.example/\uD800' }, inputs: [] },
    });
    expect(res.status).toBe(400);
    expect(res.msg).toBe('The text contains characters that cannot be encoded');
    const list = await h.call({ method: 'GET', url: '/api/tasks?bizType=QR_CODE_ART', headers: user.auth });
    expect(list.data.total).toBe(0);
  });

  it('keeps API answers out of caches: /api/user/current is no-store (issue 9)', async () => {
    const user = await h.user();
    const res = await h.app.inject({ method: 'GET', url: '/api/user/current', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('serves a stored SVG or HTML file sandboxed, never as a page of our origin', async () => {
    const svg = await h.ctx.storage.put('uploads/test/evil.svg', Buffer.from('<svg onload="alert(1)"/>'), 'image/svg+xml');
    // Served only with a record and a signature (docs/security.md "File URLs").
    const owner = await h.user();
    await h.ctx.db
      .insertInto('uploads')
      .values({
        key: svg.key,
        user_id: owner.id,
        tenant_id: 'default',
        content_type: 'image/svg+xml',
        size: 24,
        created_at: Date.now(),
      })
      .execute();
    const res = await h.app.inject({ method: 'GET', url: await signedFileUrl(h.ctx, svg.key) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toMatch(/default-src 'none'.*sandbox/);
  });
});

describe('request body limits', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('sqlite');
  });
  afterAll(() => h.close());

  it('refuses a JSON body over 1 MB with 413, except task creation, which may carry a refinement mask', async () => {
    const u = await h.user();
    const big = 'x'.repeat(2 * 1024 * 1024);
    const feedback = await h.call({
      method: 'POST',
      url: '/api/feedback',
      headers: { ...u.auth, 'accept-language': 'en' },
      payload: { title: 't', content: big },
    });
    expect([feedback.status, feedback.msg]).toEqual([413, 'The file is too large']);
    // The same size reaches task validation (and fails there for its content, not its size).
    const task = await h.call({
      method: 'POST',
      url: '/api/tasks',
      headers: { ...u.auth, 'accept-language': 'en' },
      payload: { bizType: 'MATTING_IMAGE', params: { mask: `data:image/png;base64,${big}` }, inputs: [] },
    });
    expect(task.status).toBe(400);
  });
});
