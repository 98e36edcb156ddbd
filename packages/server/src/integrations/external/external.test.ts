import { ERRORS } from '@productimage/core';
import { describe, expect, it } from 'vitest';
import { createHarness } from '../../test-support/harness.ts';
import { parseExternalVideoUrls } from './links.ts';

describe('external video tool links', () => {
  it('parses the configuration, ignoring unknown types and non-http URLs', () => {
    const urls = parseExternalVideoUrls(
      '0=https://cut.example/app, 5=http://muse.example/?a=1&b=2,7=https://x.example,10=javascript:alert(1),junk',
    );
    expect([...urls.entries()]).toEqual([
      [0, 'https://cut.example/app'],
      [5, 'http://muse.example/?a=1&b=2'],
    ]);
  });

  it('answers the configured URL per type and notConfigured otherwise', async () => {
    const h = await createHarness('sqlite', { EXTERNAL_VIDEO_URLS: '0=https://cut.example/app,10=https://muse.example/picks' });
    try {
      const user = await h.user();
      const get = (type: string, auth: Record<string, string> = user.auth) =>
        h.call({ method: 'GET', url: `/api/external/video-url?type=${type}`, headers: { ...auth, 'accept-language': 'en' } });
      expect((await get('0')).data).toBe('https://cut.example/app');
      expect((await get('10')).data).toBe('https://muse.example/picks');
      const missing = await get('5');
      expect(missing.status).toBe(503);
      expect(missing.code).toBe(ERRORS.notConfigured.code);
      expect(missing.msg).toMatch(/not configured/);
      expect((await get('3')).status).toBe(400);
      expect((await get('0', {})).status).toBe(401);
    } finally {
      await h.close();
    }
  });

  it('says notConfigured when nothing is configured', async () => {
    const h = await createHarness('sqlite');
    try {
      const user = await h.user();
      const res = await h.call({ method: 'GET', url: '/api/external/video-url?type=0', headers: user.auth });
      expect(res.code).toBe(ERRORS.notConfigured.code);
    } finally {
      await h.close();
    }
  });
});
