import { describe, expect, it } from 'vitest';
import { toolPathOf } from './bizRoutes.ts';

describe('the tool a creation came from', () => {
  it('tells product backgrounds, background reproduction and its batches apart', () => {
    expect(toolPathOf({ bizType: 'PRODUCT_REPLACE_IMAGE', params: { backgroundColor: '#FFFFFF' }, inputs: ['a'] })).toBe(
      '/product-bg',
    );
    expect(
      toolPathOf({ bizType: 'PRODUCT_REPLACE_IMAGE', params: { mode: 'STYLE_IMITATION', reference: 'stone' }, inputs: ['a'] }),
    ).toBe('/rewrite-background');
    expect(toolPathOf({ bizType: 'PRODUCT_REPLACE_IMAGE', params: { mode: 'ACCURATE_REPLICATION' }, inputs: ['a', 'ref'] })).toBe(
      '/rewrite-background',
    );
    expect(
      toolPathOf({
        bizType: 'PRODUCT_REPLACE_IMAGE',
        params: { mode: 'ACCURATE_REPLICATION', reference: 'desert' },
        inputs: ['a', 'b'],
      }),
    ).toBe('/batch-copy-bg');
    expect(toolPathOf({ bizType: 'IMG_2_VEDIO', params: {}, inputs: ['a'] })).toBe('/ai-video-single');
  });
});
