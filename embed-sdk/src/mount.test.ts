// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi } from './api.ts';
import type { SdkEvent } from './types.ts';

// jsdom never loads the cross-origin page and its postMessage lacks the options form penpal uses:
// the frame's window is replaced by one that swallows messages, as an unreachable product does.
beforeEach(() => {
  vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockReturnValue({ postMessage: () => {} } as unknown as Window);
});
afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const stateOf = (root: ParentNode) =>
  root.querySelector('[data-productimage-state]')?.getAttribute('data-productimage-state') ?? 'none';

describe('mounted widget states', () => {
  it('shows the loading state, then the error state with a retry when the product cannot be reached', async () => {
    document.body.innerHTML = '<div id="shop"></div>';
    const api = createApi({ document, defaultOrigin: 'https://unreachable.example' });
    const errors: SdkEvent<'error'>[] = [];
    api('on', 'error', (event) => errors.push(event));
    api('mount', { el: '#shop', id: 'shop', timeout: 1000, language: 'en' });
    const shop = document.getElementById('shop') as HTMLElement;
    expect(stateOf(shop)).toBe('loading');
    expect(shop.textContent).toContain('Loading InspoShot');

    await vi.waitFor(() => expect(errors).toHaveLength(1), { timeout: 5000 });
    expect(errors[0]).toMatchObject({
      type: 'error',
      id: 'shop',
      data: { code: 'unreachable', message: expect.stringMatching(/timed out/) },
    });
    expect(stateOf(shop)).toBe('error');
    expect(shop.textContent).toContain('InspoShot cannot be reached right now');

    const firstFrame = shop.querySelector('iframe');
    (shop.querySelector('button') as HTMLButtonElement).click();
    expect(stateOf(shop)).toBe('loading');
    expect(shop.querySelector('iframe')).not.toBe(firstFrame);
    api('unmount');
    expect(shop.children).toHaveLength(0);
  });

  it('shows its texts in the page language', () => {
    document.documentElement.lang = 'zh-CN';
    document.body.innerHTML = '<div id="shop"></div>';
    const api = createApi({ document, defaultOrigin: 'https://unreachable.example' });
    api('mount', { el: '#shop' });
    expect(document.body.textContent).toContain('灵感商拍加载中');
    api('unmount');
  });
});
