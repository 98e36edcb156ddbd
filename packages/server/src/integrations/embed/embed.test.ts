import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, describeSqlite, type Harness } from '../../test-support/harness.ts';
import { isSerialisedOrigin } from './allow-list.ts';

const SCRIPT = '/embed/v1/embed.js';

describeSqlite('embedding on the server', (kind) => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-embed-'));
    fs.mkdirSync(path.join(dir, 'web'));
    fs.writeFileSync(path.join(dir, 'web/index.html'), '<!doctype html><div id="root"></div>');
    fs.mkdirSync(path.join(dir, 'sdk'));
    fs.writeFileSync(path.join(dir, 'sdk/embed.js'), 'window.ProductImage=function(){};');
    h = await createHarness(kind, {
      WEB_DIST: path.join(dir, 'web'),
      EMBED_SDK_DIST: path.join(dir, 'sdk'),
      EMBED_ALLOWED_ORIGINS: 'https://global.example/, not an origin',
    });
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves the SDK script to any page with a revalidated cache', async () => {
    const res = await h.app.inject({ method: 'GET', url: SCRIPT, headers: { origin: 'https://any-shop.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('window.ProductImage=function(){};');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    const etag = res.headers.etag as string;
    const again = await h.app.inject({ method: 'GET', url: SCRIPT, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('picks up a rebuilt script without a restart', async () => {
    const before = (await h.app.inject({ method: 'GET', url: SCRIPT })).headers.etag;
    const file = path.join(dir, 'sdk/embed.js');
    fs.writeFileSync(file, 'window.ProductImage=function(){return 2};');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const res = await h.app.inject({ method: 'GET', url: SCRIPT, headers: { 'if-none-match': String(before) } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('return 2');
  });

  it("lets only the referrer's origins and the configured ones frame the product", async () => {
    const csp = async (url: string) => (await h.app.inject({ method: 'GET', url })).headers['content-security-policy'] as string;
    const partner = await csp('/productimage/ai-cutout?referrer=partner-demo&embed=pi-1');
    expect(partner).toMatch(/; frame-ancestors 'self' /);
    expect(partner.split(' ')).toEqual(
      expect.arrayContaining(['https://global.example', 'http://localhost:8091', 'http://127.0.0.1:8091']),
    );
    expect(partner).not.toContain('8092');
    expect(partner).not.toContain('not an origin');

    const mini = await csp('/productimage/?referrer=miniprogram&channel=wechat');
    expect(mini).toContain('http://127.0.0.1:8092');
    expect(mini).not.toContain('8091');

    // Attack (issue 9): a page without a referrer was framable by every partner's origin combined.
    // Now only the configured origins, plus the partner page that framed it (its Referer, which a
    // reload of the frame keeps).
    const bare = await csp('/productimage/member');
    expect(bare).toContain('https://global.example');
    expect(bare).not.toContain('8091');
    expect(bare).not.toContain('8092');
    const reloaded = (
      await h.app.inject({ method: 'GET', url: '/productimage/member', headers: { referer: 'http://127.0.0.1:8091/shop.html' } })
    ).headers['content-security-policy'] as string;
    expect(reloaded).toContain('http://127.0.0.1:8091');
    expect(reloaded).not.toContain('8092');
    const stranger = (
      await h.app.inject({ method: 'GET', url: '/productimage/member', headers: { referer: 'https://evil.example/' } })
    ).headers['content-security-policy'] as string;
    expect(stranger).not.toContain('evil.example');
  });

  it('puts no framing policy on the API', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBeUndefined();
  });
});

describe('origins in the header', () => {
  it('accepts plain origins only', () => {
    expect(isSerialisedOrigin('https://shop.example')).toBe(true);
    expect(isSerialisedOrigin('http://127.0.0.1:8091/')).toBe(true);
    expect(isSerialisedOrigin("https://shop.example 'unsafe-inline'")).toBe(false);
    expect(isSerialisedOrigin('https://shop.example/path')).toBe(false);
    expect(isSerialisedOrigin('javascript:alert(1)')).toBe(false);
    expect(isSerialisedOrigin('*')).toBe(false);
  });
});
