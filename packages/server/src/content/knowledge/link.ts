import { Readability } from '@mozilla/readability';
import type * as Jsdom from 'jsdom';
import { type SafeFetchOptions, safeFetch } from '../../platform/http/safe-fetch.ts';
import { requireOnUse } from '../../platform/require-on-use.ts';

/** Page size and time allowed for a knowledge link. */
export const LINK_MAX_BYTES = 5 * 1024 * 1024;
export const LINK_TIMEOUT_MS = 15_000;

export interface LinkText {
  title: string;
  text: string;
  url: string;
}

/**
 * The main text of a web page (Mozilla's Readability, as Firefox's reader view), fetched through
 * the safe fetcher. Plain-text answers are taken as they are.
 */
export async function fetchLinkText(url: string, options: SafeFetchOptions = {}): Promise<LinkText> {
  const page = await safeFetch(url, { timeoutMs: LINK_TIMEOUT_MS, maxBytes: LINK_MAX_BYTES, ...options });
  const charset = page.contentType.match(/charset=([\w-]+)/i)?.[1] ?? 'utf-8';
  let body: string;
  try {
    body = new TextDecoder(charset).decode(page.body);
  } catch {
    body = page.body.toString('utf8');
  }
  if (/^text\/plain/i.test(page.contentType)) return { title: '', text: body.trim(), url: page.url };
  return { ...mainText(body, page.url), url: page.url };
}

/** Readability over a parsed page; scripts never run (jsdom's default), console noise is dropped. */
export function mainText(html: string, url: string): { title: string; text: string } {
  // jsdom on first use (most of a second of CPU to load; platform/require-on-use.ts).
  const { JSDOM, VirtualConsole } = requireOnUse<typeof Jsdom>('jsdom');
  const dom = new JSDOM(html, { url, virtualConsole: new VirtualConsole() });
  try {
    const article = new Readability(dom.window.document).parse();
    const text = (article?.textContent ?? dom.window.document.body?.textContent ?? '')
      .replace(/[ \t\u00a0]+/g, ' ')
      .replace(/\n\s*\n+/g, '\n\n')
      .trim();
    return { title: (article?.title ?? dom.window.document.title ?? '').trim(), text };
  } finally {
    dom.window.close();
  }
}
