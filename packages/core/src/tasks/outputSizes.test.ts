import { describe, expect, it } from 'vitest';
import { downloadSize } from './outputSizes.ts';

describe('downloadSize', () => {
  it('fits the long side to 1080 (standard) or 2048 (2K)', () => {
    expect(downloadSize(2048, 2560, '2K')).toEqual([1638, 2048]);
    expect(downloadSize(2048, 2560, '1080P')).toEqual([864, 1080]);
    expect(downloadSize(3000, 2000, '2K')).toEqual([2048, 1365]);
  });

  it('never enlarges: a smaller picture downloads at its own size', () => {
    expect(downloadSize(1200, 1500, '2K')).toEqual([1200, 1500]);
    expect(downloadSize(1024, 1024, '1080P')).toEqual([1024, 1024]);
  });
});
