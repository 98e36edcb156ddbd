import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHarness, describeEachDb, type Harness } from '../../test-support/harness.ts';
import { FEISHU_PLUGINS, pluginFramePolicy } from './serve.ts';

describeEachDb('feishu plugins: bindings', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const baseUser = { tenantKey: 'tk_1', baseUserId: 'ou_1' };

  it('binds a Base user to the logged-in account, shows it only to that account, and unbinds', async () => {
    const alice = await h.user();
    const bob = await h.user();
    const bound = await h.call({ method: 'PUT', url: '/api/feishu/binding', headers: alice.auth, payload: baseUser });
    expect(bound.code).toBe(0);
    expect(bound.data.boundAt).toBeGreaterThan(0);

    const query = `?tenantKey=${baseUser.tenantKey}&baseUserId=${baseUser.baseUserId}`;
    expect((await h.call({ method: 'GET', url: `/api/feishu/binding${query}`, headers: alice.auth })).data).toEqual({
      boundAt: bound.data.boundAt,
    });
    // Another account learns nothing about it and cannot remove it.
    expect((await h.call({ method: 'GET', url: `/api/feishu/binding${query}`, headers: bob.auth })).data).toBeNull();
    expect((await h.call({ method: 'DELETE', url: `/api/feishu/binding${query}`, headers: bob.auth })).data).toEqual({
      removed: false,
    });
    expect((await h.call({ method: 'GET', url: '/api/feishu/bindings', headers: alice.auth })).data).toEqual([
      { ...baseUser, boundAt: bound.data.boundAt },
    ]);

    // Logging in as bob in the same Base moves the binding to bob.
    await h.call({ method: 'PUT', url: '/api/feishu/binding', headers: bob.auth, payload: baseUser });
    expect((await h.call({ method: 'GET', url: `/api/feishu/binding${query}`, headers: alice.auth })).data).toBeNull();
    expect((await h.call({ method: 'DELETE', url: `/api/feishu/binding${query}`, headers: bob.auth })).data).toEqual({
      removed: true,
    });
    expect((await h.call({ method: 'GET', url: '/api/feishu/bindings', headers: bob.auth })).data).toEqual([]);
  });

  it('needs a login and a well-formed Base user', async () => {
    expect((await h.call({ method: 'PUT', url: '/api/feishu/binding', payload: baseUser })).status).toBe(401);
    const user = await h.user();
    const bad = await h.call({ method: 'PUT', url: '/api/feishu/binding', headers: user.auth, payload: { tenantKey: '' } });
    expect(bad.status).toBe(400);
  });
});

describeEachDb('feishu plugins: pages', (kind) => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plugins-'));
    fs.mkdirSync(path.join(dir, 'auth/dist/assets'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'auth/dist/index.html'), '<!doctype html><title>auth</title>');
    fs.writeFileSync(path.join(dir, 'auth/dist/assets/app-1.js'), 'console.log(1)');
    h = await createHarness(kind, {
      FEISHU_PLUGINS_DIR: dir,
      FEISHU_PLUGIN_FRAME_ANCESTORS: 'http://127.0.0.1:5555, javascript:x',
    });
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves a built extension with a policy that lets only Feishu, Lark and the configured origins frame it', async () => {
    const page = await h.app.inject({ url: '/productimage/feishu-plugins/auth/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>auth</title>');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toBe(pluginFramePolicy('http://127.0.0.1:5555'));
    expect(csp).toContain('https://*.feishu.cn');
    expect(csp).toContain('https://*.larksuite.com');
    expect(csp).not.toContain('javascript:');
    expect(csp).not.toContain("'self'");
    // Client-side paths get the page; assets are files; a missing asset is a 404, not the page.
    expect((await h.app.inject({ url: '/productimage/feishu-plugins/auth/anything' })).body).toContain('<title>auth</title>');
    const asset = await h.app.inject({ url: '/productimage/feishu-plugins/auth/assets/app-1.js' });
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.body).toBe('console.log(1)');
    expect((await h.app.inject({ url: '/productimage/feishu-plugins/auth/assets/nope.js' })).statusCode).toBe(404);
    // A path that climbs out of the extension's folder never reads the file it names.
    const climb = await h.app.inject({ url: '/productimage/feishu-plugins/auth/assets/..%2f..%2f..%2f..%2fpackage.json' });
    expect(climb.body).not.toContain('"name"');
    expect((await h.app.inject({ url: '/productimage/feishu-plugins/auth' })).statusCode).toBe(302);
  });

  it('says an unbuilt extension is not built, and knows only the seven names', async () => {
    expect(FEISHU_PLUGINS).toHaveLength(7);
    const unbuilt = await h.app.inject({ url: '/productimage/feishu-plugins/xinhong/' });
    expect(unbuilt.statusCode).toBe(503);
    expect(unbuilt.body).toContain('not built');
    expect((await h.app.inject({ url: '/productimage/feishu-plugins/evil/' })).statusCode).toBe(404);
  });
});
