// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from './api.ts';
import { FRAME_SANDBOX, frameUrl } from './frame.ts';
import { EmbedOptionsError, resolveOptions } from './options.ts';

const PRODUCT = 'https://studio.example';
let n = 0;
const nextId = () => `pi-${++n}`;

beforeEach(() => {
  document.body.innerHTML = '<div id="shop"></div>';
  document.documentElement.lang = '';
});
afterEach(() => {
  document.body.innerHTML = '';
});

function problemsOf(raw: unknown, origin: string | null = PRODUCT): string[] {
  try {
    resolveOptions(raw, document, origin, nextId);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(EmbedOptionsError);
    return (error as EmbedOptionsError).problems;
  }
}

describe('mount options', () => {
  it('applies defaults: route /, page language, origin of the script, height 600', () => {
    document.documentElement.lang = 'en-GB';
    const o = resolveOptions({ el: '#shop' }, document, PRODUCT, () => 'pi-9');
    expect(o).toMatchObject({ route: '/', language: 'en', origin: PRODUCT, id: 'pi-9', height: 600, hideHeader: false });
    expect(o.el).toBe(document.getElementById('shop'));
  });

  it('reports every problem at once', () => {
    const problems = problemsOf({
      el: '#missing',
      route: 'https://evil.example/',
      referrer: 'a b',
      channel: '',
      language: 'fr',
      token: 'has spaces',
      theme: 'neon',
      hideHeader: 'yes',
      id: 'bad id',
      height: 5,
      timeout: 10,
      colour: 'red',
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'unknown option "colour"',
      'el',
      'route',
      'referrer',
      'channel',
      'language',
      'token',
      'theme',
      'hideHeader',
      'id',
      'height',
      'timeout',
    ]);
  });

  it('needs the product origin when there is no script tag to take it from', () => {
    expect(problemsOf({ el: '#shop' }, null)).toEqual([expect.stringMatching(/^origin:/)]);
    expect(problemsOf({ el: '#shop', origin: 'javascript:alert(1)' }, null)).toEqual([expect.stringMatching(/^origin:/)]);
    expect(resolveOptions({ el: '#shop', origin: `${PRODUCT}/some/path` }, document, null, nextId).origin).toBe(PRODUCT);
  });

  it('refuses routes that would leave the product', () => {
    for (const route of ['//evil.example/x', '/\\evil.example', 'ai-cutout', '/a\nb', `/${'x'.repeat(600)}`])
      expect(problemsOf({ el: '#shop', route })).toEqual([expect.stringMatching(/^route:/)]);
  });
});

describe('frame URL', () => {
  it('carries route, flags, language, theme and mount id, and never the token', () => {
    const o = resolveOptions(
      {
        el: '#shop',
        route: '/ai-cutout?tab=2',
        referrer: 'partner-shop',
        channel: 'wechat',
        language: 'en',
        theme: 'dark',
        hideHeader: true,
        hideBack: true,
        token: 'secret-token-123456',
        id: 'main',
      },
      document,
      PRODUCT,
      nextId,
    );
    const url = new URL(frameUrl(o));
    expect(url.origin + url.pathname).toBe(`${PRODUCT}/productimage/ai-cutout`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tab: '2',
      embed: 'main',
      referrer: 'partner-shop',
      channel: 'wechat',
      lang: 'en',
      theme: 'dark',
      headHidden: 'true',
      hideBack: 'true',
    });
    expect(url.toString()).not.toContain('secret-token');
  });

  it('mounts a sandboxed iframe that may not navigate the host page', () => {
    const api = createApi({ document, defaultOrigin: PRODUCT });
    api('mount', { el: '#shop', id: 'one' });
    const frame = document.querySelector('iframe') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe(FRAME_SANDBOX);
    expect(FRAME_SANDBOX).not.toContain('allow-top-navigation');
    expect(frame.name).toBe('productimage-embed:one');
    api('unmount');
  });

  it('keeps several mounts apart and refuses a second mount with the same id', () => {
    document.body.innerHTML = '<div id="a"></div><div id="b"></div>';
    const api = createApi({ document, defaultOrigin: PRODUCT });
    const a = api('mount', { el: '#a' });
    const b = api('mount', { el: '#b', route: '/ai-cutout' });
    expect(a.id).not.toBe(b.id);
    expect(() => api('mount', { el: '#b', id: a.id })).toThrow(/exists/);
    expect(document.querySelectorAll('iframe')).toHaveLength(2);
    b.unmount();
    expect(document.querySelectorAll('#b iframe')).toHaveLength(0);
    expect(document.querySelectorAll('#a iframe')).toHaveLength(1);
    api('unmount');
  });

  it('names a bad command argument before anything is sent', async () => {
    const api = createApi({ document, defaultOrigin: PRODUCT });
    api('mount', { el: '#shop' });
    await expect(api('navigate', 'https://evil.example')).rejects.toThrow(/navigate: invalid route/);
    await expect(api('setLanguage', 'fr' as 'en')).rejects.toThrow(/setLanguage: invalid language/);
    await expect(api('navigate', '/x', 'nobody')).rejects.toThrow(/no mount named "nobody"/);
    expect(() => api('on', 'logn' as 'login', () => {})).toThrow(/unknown event "logn"/);
    api('unmount');
  });
});
