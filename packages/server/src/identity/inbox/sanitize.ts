import createDOMPurify, { type DOMPurify } from 'dompurify';
import type * as Jsdom from 'jsdom';
import { requireOnUse } from '../../platform/require-on-use.ts';
import { isValidKey } from '../../platform/storage/keys.ts';

let purifier: DOMPurify | null = null;

/** jsdom on first use (most of a second of CPU to load; platform/require-on-use.ts). */
const jsdom = () => requireOnUse<typeof Jsdom>('jsdom');

/** One DOMPurify over one jsdom window for the process (building a window is the slow part). */
function instance(): DOMPurify {
  if (!purifier) {
    purifier = createDOMPurify(new (jsdom().JSDOM)('').window as unknown as Window & typeof globalThis);
    // Links in messages open outside the app and never hand it the opener.
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
  }
  return purifier;
}

/** Message HTML with scripts, event handlers, frames, forms and styles that could load things removed. */
export function sanitizeHtml(html: string): string {
  return instance().sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
  });
}

/** The visible text of some HTML (for a message's brief). */
export function htmlToText(html: string): string {
  return (jsdom().JSDOM.fragment(sanitizeHtml(html)).textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Whether a message image may be shown: an absolute http(s) URL, or one of our own files as
 * `/files/<key>` with a valid key. The key is checked segment by segment, so `/files/../api/...`,
 * `/files/%2e%2e/...` or `/files//x` (which a browser would resolve elsewhere) are refused rather
 * than trusted for their prefix (issue 9).
 */
export function isSafeImage(value: string): boolean {
  if (value.startsWith('/')) {
    if (!value.startsWith('/files/')) return false;
    const key = value.slice('/files/'.length).split(/[?#]/)[0] ?? '';
    return isValidKey(key) && new URL(value, 'http://host').pathname === `/files/${key}`;
  }
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
