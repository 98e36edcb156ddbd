import { emitToHost } from './outbox.ts';

const isExternal = (url: URL) => (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== window.location.origin;

/** Tells the host the user is leaving the product for `href` (external tools, outside links). */
export function reportNavigateOut(href: string) {
  let url: URL;
  try {
    url = new URL(href, window.location.href);
  } catch {
    return;
  }
  if (isExternal(url)) void emitToHost('navigateOut', { url: url.toString() });
}

/**
 * Inside a frame every way out is reported: links to other sites (caught on click, before the
 * browser follows them) and window.open with a URL. The product still opens the page itself, in
 * the click, so pop-up blockers allow it; the host may react as it likes (mini-program hosts
 * navigate their web view). Tabs opened blank and pointed somewhere later report through
 * reportNavigateOut.
 */
export function watchNavigateOut(): () => void {
  const onClick = (event: MouseEvent) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (anchor) reportNavigateOut(anchor.href);
  };
  document.addEventListener('click', onClick, true);
  const open = window.open;
  window.open = function (this: Window, url?: string | URL, ...rest: [string?, string?]) {
    if (url) reportNavigateOut(String(url));
    return open.call(this, url, ...rest);
  };
  return () => {
    document.removeEventListener('click', onClick, true);
    window.open = open;
  };
}
