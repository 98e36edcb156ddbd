// @vitest-environment jsdom
import type { EmbedCommandMessage } from '@productimage/core/embed/protocol';
import { connectToHost } from '@productimage/core/embed/rpc';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi } from './api.ts';
import { windowPair } from './test-windows.ts';
import type { SdkEvent } from './types.ts';

// jsdom never loads the cross-origin page and its postMessage lacks the options form penpal uses:
// the frame's window is replaced, by one that swallows messages (an unreachable product) unless a
// test puts a product behind it.
const PRODUCT = 'https://studio.example';
let frameWindow: Window;
beforeEach(() => {
  frameWindow = { postMessage: () => {} } as unknown as Window;
  vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockImplementation(() => frameWindow);
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

describe('a product behind the frame', () => {
  it('leaves loading on ready, follows the reported height, and holds commands while the product reloads', async () => {
    document.body.innerHTML = '<div id="shop"></div>';
    const pair = windowPair(window.location.origin, PRODUCT);
    frameWindow = pair.frame;
    const commands: EmbedCommandMessage[] = [];
    const product = connectToHost({
      host: pair.parent,
      allowedOrigins: [window.location.origin],
      onCommand: (message) => void commands.push(message),
    });
    const api = createApi({ document, defaultOrigin: PRODUCT });
    const widget = api('mount', { el: '#shop', id: 'shop' });
    const shop = document.getElementById('shop') as HTMLElement;
    await product.connected;

    // Commands wait for ready.
    const early = widget.navigate('/member');
    await product.send('ready', { route: '/ai-cutout', language: 'zh', loggedIn: false });
    await early;
    expect(commands.map((c) => c.data)).toEqual([{ route: '/member' }]);
    expect(stateOf(shop)).toBe('none');

    await product.send('resize', { height: 812.4 });
    expect(shop.querySelector('iframe')?.style.height).toBe('813px');

    // The product reloads itself: loading again, and a command waits for the new page.
    await product.send('unload', {});
    expect(stateOf(shop)).toBe('loading');
    const held = widget.setLanguage('en');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(commands).toHaveLength(1);
    await product.send('ready', { route: '/ai-cutout', language: 'zh', loggedIn: true });
    await held;
    expect(commands.at(-1)).toEqual({ v: 1, type: 'setLanguage', data: { language: 'en' } });
    expect(stateOf(shop)).toBe('none');

    api('unmount');
    await expect(widget.openLogin()).rejects.toThrow(/no mount named "shop"/);
    product.destroy();
  });
});
