import { describe, expect, it } from 'vitest';
import { qrArtParams } from './params.ts';

describe('QR content (issue 9: validated before a task is accepted)', () => {
  it('refuses lone surrogates, which no encoding can carry', () => {
    for (const content of ['\uD800', 'shop \uDC00 link', 'end \uD83D']) {
      const result = qrArtParams.safeParse({ content });
      expect(result.success, JSON.stringify(content)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('validation:textMalformed');
    }
  });

  it('accepts whole emoji and Chinese text up to the limit', () => {
    expect(qrArtParams.safeParse({ content: '😀'.repeat(500) }).success).toBe(true);
    expect(qrArtParams.safeParse({ content: '灵感商拍 https://shop.example/😀' }).success).toBe(true);
  });
});
