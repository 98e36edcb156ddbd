// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installGlobal } from './global.ts';
import { replayQueue } from './queue.ts';
import { loaderSnippet, SCRIPT_PATH } from './snippet.ts';
import type { QueuedStub } from './types.ts';

const PRODUCT = 'https://studio.example';

afterEach(() => {
  (window.ProductImage as ((c: string) => void) | undefined)?.('unmount');
  delete window.ProductImage;
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});

describe('loader snippet and queue', () => {
  it('queues calls made before the script arrives and loads the script asynchronously', () => {
    new Function(loaderSnippet(`${PRODUCT}${SCRIPT_PATH}`))();
    const stub = window.ProductImage as QueuedStub;
    stub('on', 'login', () => {});
    stub('mount', { el: '#shop' });
    expect(stub.q?.map((call) => Array.from(call)[0])).toEqual(['on', 'mount']);
    const script = document.head.querySelector('script');
    expect(script?.src).toBe(`${PRODUCT}${SCRIPT_PATH}`);
    expect(script?.async).toBe(true);
  });

  it('replays the queue in order once the SDK installs itself, taking the origin from its script', () => {
    document.body.innerHTML = '<div id="shop"></div>';
    new Function(loaderSnippet(`${PRODUCT}${SCRIPT_PATH}`))();
    const stub = window.ProductImage as QueuedStub;
    const seen: string[] = [];
    stub('on', 'error', (event: { id: string }) => seen.push(event.id));
    stub('mount', { el: '#shop', route: '/ai-cutout', id: 'main' });

    const api = installGlobal(window, `${PRODUCT}${SCRIPT_PATH}`);
    expect(window.ProductImage).toBe(api);
    const frame = document.querySelector<HTMLIFrameElement>('#shop iframe');
    expect(frame?.src.startsWith(`${PRODUCT}/productimage/ai-cutout?`)).toBe(true);
    // Calls after loading go straight through.
    expect(() => api('unmount', 'main')).not.toThrow();
    expect(document.querySelector('#shop iframe')).toBeNull();
  });

  it('keeps replaying after a failing call and reports the failure', () => {
    const report = vi.fn();
    const calls: unknown[][] = [];
    const api = (...args: unknown[]) => {
      calls.push(args);
      if (args[0] === 'bad') throw new TypeError('unknown command');
      if (args[0] === 'later') return Promise.reject(new Error('not connected'));
      return undefined;
    };
    replayQueue([['first'], ['bad'], ['later'], ['last', 1]], api, report);
    expect(calls).toEqual([['first'], ['bad'], ['later'], ['last', 1]]);
    return vi.waitFor(() =>
      expect(report.mock.calls.map(([e]) => (e as Error).message)).toEqual(['unknown command', 'not connected']),
    );
  });

  it('keeps the first installation when the script is included twice', () => {
    const first = installGlobal(window, `${PRODUCT}${SCRIPT_PATH}`);
    const second = installGlobal(window, 'https://elsewhere.example/embed/v1/embed.js');
    expect(second).toBe(first);
  });

  it('reports an unknown command instead of ignoring it', () => {
    const api = installGlobal(window, `${PRODUCT}${SCRIPT_PATH}`) as unknown as (c: string) => unknown;
    expect(() => api('explode')).toThrow(/unknown command "explode"/);
  });
});

describe('the snippet on the demo hosts', () => {
  it('is the documented one, byte for byte', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const root = path.resolve(import.meta.dirname, '../..');
    const read = (page: string) => fs.readFileSync(path.join(root, page), 'utf8');
    for (const page of ['demo-sites/partner/index.html', 'demo-sites/mini-program/index.html'])
      expect(read(page), page).toContain(loaderSnippet(`%PRODUCT_ORIGIN%${SCRIPT_PATH}`));
    for (const page of ['docs/embedding.md', 'embed-sdk/README.md'])
      expect(read(page), page).toContain(loaderSnippet(`https://studio.example.com${SCRIPT_PATH}`));
  });
});
