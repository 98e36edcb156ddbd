import { BIZ_TYPE_ROUTES, hiddenRouteOfApiCall, isBizTypeHidden } from '@productimage/core';
import { describe, expect, it } from 'vitest';
import { ROUTES } from './routes.ts';

/** The server closes a picture tool by the pages that make it (core BIZ_TYPE_ROUTES): the same pairs as this route table. */
describe('hidden tools on the server follow the web route table', () => {
  it('lists every tool page of each picture business type', () => {
    for (const [bizType, paths] of Object.entries(BIZ_TYPE_ROUTES)) {
      const pages = ROUTES.filter((r) => r.bizType === bizType).map((r) => r.path);
      expect({ bizType, paths: [...paths].sort() }).toEqual({ bizType, paths: pages.sort() });
    }
  });

  it('closes a type only when all its pages are hidden, and an API call by its page', () => {
    const flags = (hiddenRoutes: string[]) => ({ hiddenRoutes, menuSet: 'default' as const });
    expect(isBizTypeHidden(flags(['/ai-video']), 'IMG_2_VEDIO')).toBe(false);
    expect(isBizTypeHidden(flags(['/ai-video', '/ai-video-single']), 'IMG_2_VEDIO')).toBe(true);
    expect(isBizTypeHidden(flags(['/ai-video', '/ai-video-single']), 'MATTING_IMAGE')).toBe(false);
    expect(hiddenRouteOfApiCall(flags(['/mott-idea']), '/api/ideas/reports/r1/events')).toBe('/mott-idea');
    expect(hiddenRouteOfApiCall(flags(['/mott-idea']), '/api/ideasx')).toBeNull();
    expect(hiddenRouteOfApiCall(flags(['/ai-mixed-muse']), '/api/external/video-url?type=5')).toBe('/ai-mixed-muse');
    expect(hiddenRouteOfApiCall(flags(['/ai-mixed-muse']), '/api/external/video-url?type=0')).toBeNull();
  });
});
