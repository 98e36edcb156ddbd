import { type Browser, type BrowserContext, chromium } from 'playwright-core';

/** Flags for Debian's chromium on this machine (no network besides loopback, running as root). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The browser of a journey file: a connection to the run's shared Chromium (tests/support/
 * e2e-global-setup.ts) when there is one, else a Chromium of its own. Either way `close()` ends it.
 */
export async function launchBrowser(): Promise<Browser> {
  const shared = process.env.E2E_BROWSER_WS;
  if (shared) return chromium.connect(shared);
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

let headers: Record<string, string> = {};
/** Headers every client of this journey file sends (set by sharedServer(): the file's own address). */
export const clientHeaders = (): Record<string, string> => ({ ...headers });
export function setClientHeaders(next: Record<string, string>) {
  headers = { ...next };
}

export const MOBILE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** A fresh context (empty storage) in the chosen language and layout. */
export async function newContext(
  browser: Browser,
  options: { language?: 'zh' | 'en'; mobile?: boolean; origin?: string } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: options.mobile ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    userAgent: options.mobile ? MOBILE_UA : undefined,
    locale: options.language === 'en' ? 'en-US' : 'zh-CN',
    extraHTTPHeaders: clientHeaders(),
  });
  if (options.language) {
    // The app reads the stored language choice (core i18n: key "language").
    await context.addInitScript((lang) => window.localStorage.setItem('language', lang), options.language);
  }
  return context;
}
