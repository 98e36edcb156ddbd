import { describe, expect, it } from 'vitest';
import { contentTypeFromKey, isValidKey, newKey } from './keys.ts';
import { filesUrl, keyFromFilesUrl } from './public-url.ts';

describe('storage keys', () => {
  it('accepts plain relative paths and refuses anything that could escape or confuse', () => {
    expect(isValidKey('uploads/2026/11/21/abc.png')).toBe(true);
    for (const bad of [
      '',
      '/abs.png',
      '../../x.png',
      'a/../b.png',
      'a//b.png',
      'a/./b',
      'a\\b.png',
      'a/.hidden',
      'a/b.png/',
      'x%2F..',
      'a b.png',
      'é.png',
      `${'a'.repeat(600)}.png`,
    ]) {
      expect(isValidKey(bad), bad).toBe(false);
    }
  });

  it('makes fresh dated keys with the extension', () => {
    const key = newKey('uploads', '.PNG', new Date(Date.UTC(2026, 0, 5)));
    expect(key).toMatch(/^uploads\/2026\/01\/05\/[0-9a-f]{32}\.png$/);
    expect(newKey('uploads', 'png')).not.toBe(newKey('uploads', 'png'));
  });

  it('maps keys to URLs and back, only for our own URLs', () => {
    expect(filesUrl('', 'a/b.png')).toBe('/files/a/b.png');
    expect(filesUrl('https://x.example/', 'a/b.png')).toBe('https://x.example/files/a/b.png');
    expect(keyFromFilesUrl('', '/files/a/b.png')).toBe('a/b.png');
    expect(keyFromFilesUrl('https://x.example', 'https://x.example/files/a/b.png?v=1')).toBe('a/b.png');
    expect(keyFromFilesUrl('https://x.example', '/files/a/b.png')).toBe('a/b.png');
    expect(keyFromFilesUrl('https://x.example', 'https://evil.example/files/a/b.png')).toBeNull();
    expect(keyFromFilesUrl('', 'https://evil.example/files/a/b.png')).toBeNull();
    expect(keyFromFilesUrl('', '/files/../secret')).toBeNull();
    expect(keyFromFilesUrl('', '/other/a.png')).toBeNull();
  });

  it('guesses content types from extensions only as a fallback', () => {
    expect(contentTypeFromKey('a/b.JPG')).toBe('image/jpeg');
    expect(contentTypeFromKey('a/b')).toBe('application/octet-stream');
  });
});
