import { describe, expect, it } from 'vitest';
import { withOriginImage } from './originImage.ts';

describe('handing a picture to another tool', () => {
  it('puts the file URL in the genOriginImgUrl query parameter', () => {
    expect(withOriginImage('/product-bg', '/files/outputs/2026/11/21/a.png')).toBe(
      '/product-bg?genOriginImgUrl=%2Ffiles%2Foutputs%2F2026%2F11%2F21%2Fa.png',
    );
  });
});
