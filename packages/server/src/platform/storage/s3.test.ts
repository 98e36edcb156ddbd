import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { productPagePolicy } from '../http/page-policy.ts';
import { createS3Storage } from './s3.ts';

/**
 * A minimal S3 REST endpoint (path-style PutObject / GetObject / DeleteObject with S3's XML errors):
 * the real SDK talks to it over HTTP, so the request shapes are the protocol's, not ours.
 */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; type: string; cache: string }>();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      requests.push(`${req.method} ${path}`);
      if (!req.headers.authorization?.startsWith('AWS4-HMAC-SHA256')) {
        res.writeHead(403).end();
        return;
      }
      if (req.method === 'PUT') {
        objects.set(path, {
          body: Buffer.concat(chunks),
          type: String(req.headers['content-type']),
          cache: String(req.headers['cache-control']),
        });
        res.writeHead(200, { ETag: '"etag"' }).end();
      } else if (req.method === 'GET') {
        const object = objects.get(path);
        if (!object) {
          res
            .writeHead(404, { 'Content-Type': 'application/xml' })
            .end(
              '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
            );
          return;
        }
        res.writeHead(200, { 'Content-Type': object.type, 'Content-Length': object.body.length }).end(object.body);
      } else if (req.method === 'DELETE') {
        objects.delete(path);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  return { server, objects, requests };
}

describe('S3 storage', async () => {
  const fake = fakeS3();
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));
  const endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  const storage = createS3Storage({
    endpoint,
    bucket: 'media',
    accessKeyId: 'ak',
    secretAccessKey: 'sk',
    region: 'us-east-1',
    prefix: 'prod',
  });

  it('puts path-style objects with content type and cache headers, reads and deletes them', async () => {
    const put = await storage.put('uploads/a.png', Buffer.from('png!'), 'image/png');
    expect(put).toEqual({ key: 'uploads/a.png', url: '/files/uploads/a.png' });
    const stored = fake.objects.get('/media/prod/uploads/a.png');
    expect(stored?.body.toString()).toBe('png!');
    expect(stored?.type).toBe('image/png');
    expect(stored?.cache).toContain('max-age=31536000');
    const got = await storage.get('uploads/a.png');
    expect(got?.data.toString()).toBe('png!');
    expect(got?.contentType).toBe('image/png');
    await storage.delete('uploads/a.png');
    expect(await storage.get('uploads/a.png')).toBeNull();
  });

  it('never sends an invalid key to the store', async () => {
    const before = fake.requests.length;
    await expect(storage.put('../../x.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/invalid storage key/);
    expect(await storage.get('a/../../x')).toBeNull();
    await storage.delete('/etc/passwd');
    expect(fake.requests.length).toBe(before);
  });

  it('with presigned URLs, names the bucket origin the pages may read from (issue 41)', async () => {
    expect(storage.clientOrigin).toBeUndefined();
    const presigned = createS3Storage({ endpoint: `${endpoint}/`, bucket: 'media', region: 'us-east-1', presigned: true });
    expect(presigned.clientOrigin).toBe(endpoint);
    const policy = productPagePolicy(presigned.clientOrigin);
    expect(policy).toContain(`media-src 'self' data: blob: ${endpoint};`);
    expect(policy).toContain(`connect-src 'self' ${endpoint};`);
    expect(productPagePolicy()).toContain("connect-src 'self';");
  });
});
