import { createApi } from './api.ts';
import { originOf } from './options.ts';
import { queuedCalls, replayQueue } from './queue.ts';
import type { ProductImageApi } from './types.ts';

declare global {
  interface Window {
    ProductImage?: ProductImageApi | ((...args: unknown[]) => unknown);
  }
}

const INSTALLED = Symbol.for('productimage.embed.installed');

/**
 * Turns the snippet's queueing stub into the real command function and replays what was queued.
 * `scriptSrc` (the SDK's own URL) gives the product origin. Loading the script twice keeps the first.
 */
export function installGlobal(win: Window, scriptSrc: string | null): ProductImageApi {
  const existing = win.ProductImage as (ProductImageApi & { [INSTALLED]?: true }) | undefined;
  if (existing?.[INSTALLED]) return existing;
  const api = createApi({ document: win.document, defaultOrigin: originOf(scriptSrc) });
  Object.defineProperty(api, INSTALLED, { value: true });
  const queue = queuedCalls(existing);
  win.ProductImage = api;
  replayQueue(queue, api as (...args: unknown[]) => unknown, (error) => console.error('ProductImage:', error));
  return api;
}
