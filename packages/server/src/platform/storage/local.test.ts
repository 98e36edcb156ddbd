import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRange } from '../../app/file-routes.ts';
import { createHarness } from '../../test-support/harness.ts';
import { signedFileUrl } from './file-urls.ts';
import { createLocalStorage } from './local.ts';

describe('local storage', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-storage-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const storage = createLocalStorage(dir);

  it('stores, reads back with the given content type, and deletes', async () => {
    const put = await storage.put('t/one.bin', Buffer.from('hello'), 'image/png');
    expect(put).toEqual({ key: 't/one.bin', url: '/files/t/one.bin' });
    expect(fs.readFileSync(path.join(dir, 'files/t/one.bin'), 'utf8')).toBe('hello');
    const got = await storage.get('t/one.bin');
    expect(got?.data.toString()).toBe('hello');
    expect(got?.contentType).toBe('image/png');
    await storage.delete('t/one.bin');
    expect(await storage.get('t/one.bin')).toBeNull();
    await storage.delete('t/one.bin');
  });

  it('refuses keys that would leave the folder', async () => {
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'secret');
    await expect(storage.put('../../secret.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid storage key/);
    expect(await storage.get('../../secret.txt')).toBeNull();
    expect(fs.readFileSync(path.join(dir, 'secret.txt'), 'utf8')).toBe('secret');
  });

  it('parses byte ranges', () => {
    expect(parseRange('bytes=0-1', 10)).toEqual({ start: 0, end: 1 });
    expect(parseRange('bytes=5-', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=20-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,3-4', 10)).toBeNull();
    expect(parseRange(undefined, 10)).toBeNull();
  });
});

describe('GET /files/<key>', async () => {
  const h = await createHarness('sqlite');
  afterAll(() => h.close());

  it('serves a stored file with its content type, cached until its link expires', async () => {
    const key = 'uploads/x/pic.png';
    await h.ctx.storage.put(key, Buffer.from([1, 2, 3, 4]), 'image/png');
    const user = await h.user();
    await h.ctx.db
      .insertInto('uploads')
      .values({ key, user_id: user.id, tenant_id: 'default', content_type: 'image/png', size: 4, created_at: Date.now() })
      .execute();
    const url = await signedFileUrl(h.ctx, key);
    const res = await h.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(h.ctx.config.FILE_URL_TTL_MINUTES * 60 - 5);
    expect(res.rawPayload).toEqual(Buffer.from([1, 2, 3, 4]));
    const part = await h.app.inject({ method: 'GET', url, headers: { range: 'bytes=1-2' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toEqual(Buffer.from([2, 3]));
  });

  it('answers 404 for missing files and traversal attempts', async () => {
    fs.writeFileSync(path.join(h.ctx.config.dataDir, 'productimage-secret.txt'), 'secret');
    for (const url of [
      '/files/none.png',
      '/files/../productimage-secret.txt',
      '/files/%2e%2e/productimage-secret.txt',
      '/files/..%2fproductimage-secret.txt',
    ]) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body).not.toContain('secret');
    }
  });
});
