/**
 * The loader snippet a host page pastes (docs/embedding.md): it defines `window.ProductImage` as a
 * function that queues its calls in `ProductImage.q` and loads the SDK asynchronously; the SDK then
 * replays the queue. Kept here so the docs, the demo page and the tests use the same text.
 */
export function loaderSnippet(scriptUrl: string): string {
  return `((w, d, u) => {
  const queue = [];
  w.ProductImage = w.ProductImage || Object.assign((...args) => { queue.push(args); }, { q: queue });
  const s = d.createElement('script');
  s.async = true;
  s.src = u;
  d.head.appendChild(s);
})(window, document, ${JSON.stringify(scriptUrl)});`;
}

/** Path of the script-tag build on the product's server. */
export const SCRIPT_PATH = '/embed/v1/embed.js';
