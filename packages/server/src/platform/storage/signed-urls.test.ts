import { describe, expect, it } from 'vitest';
import { checkFileSignature, expiryFor, replaceFilesUrls, signatureQuery } from './signed-urls.ts';

const sign = async (key: string) => `<${key}>`;

describe('files URLs in answers', () => {
  it('signs our plain, absolute and already signed URLs, and nothing that only looks like one', async () => {
    const base = 'https://shop.example';
    const text = JSON.stringify({
      a: '/files/uploads/a.png',
      b: 'https://shop.example/files/outputs/b.png',
      c: '/files/uploads/c.png?e=1&s=old',
      html: '<img src="/files/uploads/d.png"> and (/files/uploads/e.png)',
      foreign: 'https://evil.example/files/uploads/f.png',
      other: '/files/../api/user/current',
      query: '/files/uploads/g.png?v=1',
      path: '/api/files/uploads/h.png',
    });
    const out = JSON.parse(await replaceFilesUrls(text, base, sign));
    expect(out).toEqual({
      a: '<uploads/a.png>',
      b: '<outputs/b.png>',
      c: '<uploads/c.png>',
      html: '<img src="<uploads/d.png>"> and (<uploads/e.png>)',
      foreign: 'https://evil.example/files/uploads/f.png',
      other: '/files/../api/user/current',
      query: '/files/uploads/g.png?v=1',
      path: '/api/files/uploads/h.png',
    });
  });

  it('keeps the same URL within a step and checks key, expiry and signature together', () => {
    const ttlMs = 24 * 3600_000;
    const t = Date.UTC(2026, 10, 23, 10, 0, 5);
    const signer = { secret: 's3cret', ttlMs, now: () => t };
    expect(signatureQuery(signer, 'uploads/a.png')).toBe(signatureQuery({ ...signer, now: () => t + 60_000 }, 'uploads/a.png'));
    expect(expiryFor(signer) * 1000).toBeGreaterThanOrEqual(t + ttlMs);
    const q = Object.fromEntries(new URLSearchParams(signatureQuery(signer, 'uploads/a.png')));
    expect(checkFileSignature(signer, 'uploads/a.png', q)).toBe('ok');
    expect(checkFileSignature(signer, 'uploads/b.png', q)).toBe('invalid');
    expect(checkFileSignature({ ...signer, secret: 'other' }, 'uploads/a.png', q)).toBe('invalid');
    expect(checkFileSignature(signer, 'uploads/a.png', { e: q.e })).toBe('missing');
    expect(checkFileSignature({ ...signer, now: () => Number(q.e) * 1000 + 1 }, 'uploads/a.png', q)).toBe('expired');
  });
});
