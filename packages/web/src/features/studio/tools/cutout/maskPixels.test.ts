import { describe, expect, it } from 'vitest';
import { isMaskEmpty } from './maskPixels.ts';

describe('mask pixels', () => {
  it('finds an empty mask and a mask that keeps one pixel', () => {
    const mask = new Uint8ClampedArray(4 * 100);
    expect(isMaskEmpty(mask)).toBe(true);
    mask[4 * 57 + 3] = 255;
    expect(isMaskEmpty(mask)).toBe(false);
  });

  it('ignores near-transparent anti-aliasing dust', () => {
    const mask = new Uint8ClampedArray(4 * 4);
    mask[3] = 5;
    expect(isMaskEmpty(mask)).toBe(true);
  });
});
