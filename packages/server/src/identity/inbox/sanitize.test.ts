import { describe, expect, it } from 'vitest';
import { isSafeImage } from './sanitize.ts';

describe('message images', () => {
  it('accepts http(s) URLs and our own files by a valid key', () => {
    expect(isSafeImage('https://cdn.example.com/banner.png')).toBe(true);
    expect(isSafeImage('/files/uploads/2026/11/21/3f9ce1.png')).toBe(true);
  });

  it('refuses paths that only start like our files (attack: /files/../...)', () => {
    for (const bad of [
      '/files/../api/user/current',
      '/files/%2e%2e/api/user/current',
      '/files/uploads/../../api/x',
      '/files//evil.example/x.png',
      '/files/',
      '/api/user/current',
      '//evil.example/x.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
    ])
      expect(isSafeImage(bad), bad).toBe(false);
  });
});
