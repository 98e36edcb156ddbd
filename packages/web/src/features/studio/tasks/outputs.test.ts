import { describe, expect, it } from 'vitest';
import { isVideoOutput } from './outputs.ts';

describe('isVideoOutput', () => {
  it('plays mp4 and webm in a video, shows GIF results as pictures even when typed video', () => {
    expect(isVideoOutput({ type: 'video', url: '/files/a/1.mp4' } as never)).toBe(true);
    expect(isVideoOutput({ type: 'image', url: '/files/a/1.webm?exp=1&sig=x' } as never)).toBe(true);
    expect(isVideoOutput({ type: 'video', url: '/files/a/1.gif' } as never)).toBe(false);
    expect(isVideoOutput({ type: 'video', url: '/files/a/1.GIF?exp=1&sig=x' } as never)).toBe(false);
    expect(isVideoOutput({ type: 'image', url: '/files/a/1.png' } as never)).toBe(false);
  });
});
