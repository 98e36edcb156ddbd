import { AppError } from '../../platform/http/errors.ts';
import { SafeFetchError, type SafeFetchOptions, safeFetch } from '../../platform/http/safe-fetch.ts';
import { mainText } from '../knowledge/link.ts';

/**
 * An article given by link (input type 1): fetched on the server through KNOW's safe fetcher (no
 * private or loopback addresses, checked after every redirect; time-out; size cap), its title,
 * text and pictures extracted. Platforms that hide posts from fetchers (login walls, app-only
 * pages, anti-bot answers) give no usable text: the user is told to paste the article instead.
 */
export const ARTICLE_MAX_BYTES = 3 * 1024 * 1024;
export const ARTICLE_TIMEOUT_MS = 10_000;
/** Less text than this is a wall or a stub, not an article. */
const MIN_ARTICLE_CHARS = 40;

export interface FetchedArticle {
  url: string;
  title: string;
  text: string;
  images: string[];
}

/** Picture addresses of the page (absolute http(s) only), for the item's reference. */
function imagesOf(html: string, base: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<img[^>]+src=["']([^"']+)["']/gi)) {
    try {
      const url = new URL(m[1] as string, base);
      if (url.protocol === 'http:' || url.protocol === 'https:') out.add(url.href);
    } catch {
      // not a URL: skip
    }
    if (out.size >= 20) break;
  }
  return [...out];
}

export async function fetchArticle(url: string, options: SafeFetchOptions = {}): Promise<FetchedArticle> {
  const fetchOptions = { timeoutMs: ARTICLE_TIMEOUT_MS, maxBytes: ARTICLE_MAX_BYTES, accept: 'text/html,text/plain', ...options };
  try {
    const page = await safeFetch(url, fetchOptions);
    const html = page.body.toString('utf8');
    const plain = /^text\/plain/i.test(page.contentType);
    const { title, text } = plain ? { title: '', text: html.trim() } : mainText(html, page.url);
    if ([...text].length < MIN_ARTICLE_CHARS) throw new AppError('rewriteLinkBlocked');
    return { url: page.url, title, text, images: plain ? [] : imagesOf(html, page.url) };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof SafeFetchError) {
      if (err.reason === 'address' || err.reason === 'scheme') throw new AppError('rewriteLinkRefused');
      if (err.reason === 'tooLarge') throw new AppError('rewriteLinkTooLarge');
      // 401/403/451 and anti-bot answers: the platform keeps the post from fetchers.
      if (err.reason === 'status') throw new AppError('rewriteLinkBlocked');
    }
    throw new AppError('rewriteLinkUnreachable');
  }
}
