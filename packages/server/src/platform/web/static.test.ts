import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test-support/harness.ts';

/** The built web app as a browser receives it (issue 16: compressed, hashed assets cached for good). */
describe('web app delivery', () => {
  let h: Harness;
  let dir: string;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-web-'));
    fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dir, 'assets/index-abc123.js'), script);
    // What the web build writes next to each asset (packages/web/vite-precompress.ts).
    fs.writeFileSync(path.join(dir, 'assets/index-abc123.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(dir, 'assets/index-abc123.js.gz'), zlib.gzipSync(script));
    fs.writeFileSync(path.join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    h = await createHarness('sqlite', { WEB_DIST: dir });
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends the brotli copy of a script to a browser that accepts it, and the same script to one that does not', async () => {
    const br = await h.app.inject({
      method: 'GET',
      url: '/productimage/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await h.app.inject({
      method: 'GET',
      url: '/productimage/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await h.app.inject({ method: 'GET', url: '/productimage/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('lets browsers keep hashed assets for good and revalidate the page and unhashed files', async () => {
    const asset = await h.app.inject({ method: 'GET', url: '/productimage/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const logo = await h.app.inject({ method: 'GET', url: '/productimage/logo.svg' });
    expect(logo.headers['cache-control']).toBe('public, max-age=0');
    const page = await h.app.inject({ method: 'GET', url: '/productimage/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).not.toContain('immutable');
    const route = await h.app.inject({ method: 'GET', url: '/productimage/some/client/route' });
    expect(route.headers['cache-control']).toBe('no-cache');
  });

  it('sends only the files of the build: a missing asset is a 404, a path out of the build is a client-side route', async () => {
    fs.writeFileSync(path.join(dir, '.secret'), 'hidden');
    const missing = await h.app.inject({ method: 'GET', url: '/productimage/assets/index-gone.js' });
    expect(missing.statusCode).toBe(404);
    for (const url of ['/productimage/.secret', '/productimage/%2e%2e/%2e%2e/package.json', '/productimage/assets/../../x']) {
      const answer = await h.app.inject({ method: 'GET', url });
      expect(answer.body).not.toContain('hidden');
      expect(answer.body).not.toContain('"name"');
    }
    const head = await h.app.inject({ method: 'HEAD', url: '/productimage/logo.svg' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('image/svg+xml');
  });
});
