import { createApi } from './api.ts';
import type { EmbedHandle, EventHandler, EventName, MountOptions, ProductImageApi } from './types.ts';

export { EmbedOptionsError } from './options.ts';
export { loaderSnippet, SCRIPT_PATH } from './snippet.ts';
export type * from './types.ts';

let instance: ProductImageApi | null = null;
// Created on first use so that importing the module has no effect on the page (or on a server).
const api = (): ProductImageApi => {
  instance ??= createApi({ document, defaultOrigin: null });
  return instance;
};

/** The same command function as `window.ProductImage` of the script-tag build. */
export const ProductImage: ProductImageApi = ((...args: unknown[]) =>
  (api() as (...a: unknown[]) => unknown)(...args)) as ProductImageApi;

/** Mounts the product in `options.el`; `options.origin` (the product's origin) is required here. */
export function mount(options: MountOptions): EmbedHandle {
  return api()('mount', options);
}

/** Listens to an event of every mount (or of the mount `id`). Returns the function that stops it. */
export function on<K extends EventName>(type: K, handler: EventHandler<K>, id?: string): () => void {
  return api()('on', type, handler, id);
}

/** Removes every mount (or the mount `id`). */
export function unmount(id?: string): void {
  api()('unmount', id);
}
