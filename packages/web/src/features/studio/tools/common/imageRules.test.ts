import { TASK_UPLOAD } from '@productimage/core';
import { describe, expect, it } from 'vitest';
import { checkImage, formatBytes, sniffImageType, uploadRulesOf } from './imageRules.ts';

const ok = { mime: 'image/jpeg', bytes: 800 * 1024, width: 1024, height: 1024 };

describe('upload rules on the client', () => {
  it('accepts a 1024x1024 JPEG of 800 KB', () => {
    expect(checkImage(ok)).toBeNull();
  });

  it('refuses other types, and sizes outside 500 KB to 10 MB, with the server messages', () => {
    expect(checkImage({ ...ok, mime: null })).toEqual({ key: 'uploadTypeInvalid' });
    expect(checkImage({ ...ok, mime: 'image/gif' })).toEqual({ key: 'uploadTypeInvalid' });
    expect(checkImage({ ...ok, bytes: 499 * 1024 })).toEqual({ key: 'uploadTooSmall', params: { min: '500KB' } });
    expect(checkImage({ ...ok, bytes: TASK_UPLOAD.maxBytes + 1 })).toEqual({ key: 'uploadTooLarge', params: { max: '10MB' } });
    expect(checkImage({ ...ok, bytes: TASK_UPLOAD.minBytes })).toBeNull();
    expect(checkImage({ ...ok, bytes: TASK_UPLOAD.maxBytes })).toBeNull();
  });

  it('keeps the aspect ratio between 0.5 and 2', () => {
    expect(checkImage({ ...ok, width: 2048, height: 1024 })).toBeNull();
    expect(checkImage({ ...ok, width: 512, height: 1024 })).toBeNull();
    expect(checkImage({ ...ok, width: 2049, height: 1024 })).toEqual({ key: 'uploadAspectInvalid' });
    expect(checkImage({ ...ok, width: 511, height: 1024 })).toEqual({ key: 'uploadAspectInvalid' });
  });

  it('says the minimum resolution when the shorter side is too small', () => {
    const rules = { ...TASK_UPLOAD, minSide: 512 };
    expect(checkImage({ ...ok, width: 511, height: 600 }, rules)).toEqual({
      key: 'uploadResolutionTooLow',
      params: { size: 512 },
    });
  });

  it('sniffs the type from the content', () => {
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d]))).toBe('image/png');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    const webp = new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 ');
    expect(sniffImageType(webp)).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(formatBytes(500 * 1024)).toBe('500KB');
  });
});

describe("a tenant's own upload minimum", () => {
  it('lowers the size and resolution a fresh upload needs; without one the spec stays', () => {
    const shopJpeg = { mime: 'image/jpeg', bytes: 120 * 1024, width: 800, height: 800 };
    expect(checkImage(shopJpeg, uploadRulesOf({}))?.key).toBe('uploadTooSmall');
    expect(checkImage(shopJpeg, uploadRulesOf({ uploadMinKB: 50, uploadMinSide: 600 }))).toBeNull();
    expect(checkImage(shopJpeg, uploadRulesOf({ uploadMinKB: 50, uploadMinSide: 1000 }))?.key).toBe('uploadResolutionTooLow');
  });
});
