import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainText } from '../../content/knowledge/link.ts';
import { isBlockedAddress, SafeFetchError, safeFetch } from './safe-fetch.ts';

async function refusal(url: string, options = {}) {
  try {
    await safeFetch(url, options);
  } catch (error) {
    return error instanceof SafeFetchError ? error.reason : `other: ${(error as Error).message}`;
  }
  return 'fetched';
}

describe('safeFetch', () => {
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/page') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end('<html><body><p>hello</p></body></html>');
      } else if (req.url === '/to-metadata') {
        res.statusCode = 302;
        res.setHeader('location', 'http://169.254.169.254/latest/meta-data/');
        res.end();
      } else if (req.url === '/to-file') {
        res.statusCode = 302;
        res.setHeader('location', 'file:///etc/passwd');
        res.end();
      } else if (req.url === '/big') {
        res.end(Buffer.alloc(2048, 97));
      } else {
        res.statusCode = 404;
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses loopback, private, link-local and file: addresses', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/page`,
      'http://localhost/',
      'http://10.1.2.3/',
      'http://192.168.1.1/',
      'http://172.20.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://0.0.0.0/',
    ]) {
      expect(await refusal(url), url).toBe('address');
    }
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'gopher://x/', 'javascript:alert(1)', 'not a url']) {
      expect(await refusal(url), url).toBe('scheme');
    }
    expect(isBlockedAddress('8.8.8.8')).toBe(false);
    expect(isBlockedAddress('2606:4700::1111')).toBe(false);
  });

  it('judges IPv6 addresses that carry an IPv4 address by that address too (issue 26)', async () => {
    for (const url of [
      'http://[::127.0.0.1]/',
      'http://[::ffff:0:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://[::a9fe:a9fe]/',
    ]) {
      expect(await refusal(url), url).toBe('address');
    }
    for (const address of [
      '::ffff:0:a00:1',
      '2002:a9fe:a9fe::1',
      'fe80::5efe:10.1.2.3',
      '2a00::5efe:192.168.0.1',
      '64:ff9b:1::1',
      '2001:0:4136::1',
    ]) {
      expect(isBlockedAddress(address), address).toBe(true);
    }
    for (const address of ['::ffff:8.8.8.8', '2002:808:808::1', '2a00:1450::5efe:8.8.8.8']) {
      expect(isBlockedAddress(address), address).toBe(false);
    }
  });

  it('checks every redirect again, and caps the size', async () => {
    // The test server itself is let through by the test hook; where it redirects to is not.
    const allowTestServer = { allowAddress: (address: string, p: number) => address === '127.0.0.1' && p === port };
    const page = await safeFetch(`http://127.0.0.1:${port}/page`, allowTestServer);
    expect(page.body.toString()).toContain('hello');
    expect(await refusal(`http://127.0.0.1:${port}/to-metadata`, allowTestServer)).toBe('address');
    expect(await refusal(`http://127.0.0.1:${port}/to-file`, allowTestServer)).toBe('scheme');
    expect(await refusal(`http://127.0.0.1:${port}/big`, { ...allowTestServer, maxBytes: 1024 })).toBe('tooLarge');
    expect(await refusal(`http://127.0.0.1:${port}/missing`, allowTestServer)).toBe('status');
  });
});

describe('mainText', () => {
  it('keeps the article and drops navigation and scripts', () => {
    const paragraph = '这款保温杯采用316不锈钢内胆，保温时间长达12小时，适合户外出行和日常通勤。'.repeat(4);
    const html = `<html><head><title>保温杯评测</title><script>window.evil = 1</script></head><body>
      <nav><a href="/">首页</a> <a href="/shop">商城导航链接</a></nav>
      <article><h1>保温杯评测</h1><p>${paragraph}</p><p>${paragraph}</p></article>
      <footer>版权所有 页脚</footer></body></html>`;
    const { title, text } = mainText(html, 'https://example.com/a');
    expect(title).toBe('保温杯评测');
    expect(text).toContain('316不锈钢内胆');
    expect(text).not.toContain('商城导航链接');
    expect(text).not.toContain('window.evil');
  });
});
