import { describe, expect, it } from 'vitest';
import { withOriginImage, withOriginState } from './originImage.ts';

describe('handing a picture to another tool', () => {
  it('puts the file URL in the genOriginImgUrl query parameter', () => {
    expect(withOriginImage('/product-bg', '/files/outputs/2026/11/21/a.png')).toBe(
      '/product-bg?genOriginImgUrl=%2Ffiles%2Foutputs%2F2026%2F11%2F21%2Fa.png',
    );
  });
  it('names the result it came from in genOriginState, and opens a tool on its own result', () => {
    expect(withOriginImage('/product-bg', '/files/a.png', 'task-1234')).toBe(
      '/product-bg?genOriginImgUrl=%2Ffiles%2Fa.png&genOriginState=task-1234',
    );
    expect(withOriginState('/ai-cutout', 'task-1234')).toBe('/ai-cutout?genOriginState=task-1234');
  });
});
