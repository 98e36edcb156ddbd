import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/**
 * Debian's headless shell (package chromium-headless-shell, installed by scripts/ensure-chromium.sh):
 * the lighter headless build Playwright itself prefers for headless runs, without the full browser's
 * UI and its WebUI renderer. shell + auth's Chromium about 25 % less CPU than with /usr/bin/chromium
 * (docs/testing.md, issue 27). CHROMIUM_PATH picks another.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

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
  // Compositing in the browser process, in software (no GPU process, no GL emulation for it):
  // shell.e2e's Chromium 7 % less CPU (docs/testing.md, issue 27 session 5).
  '--in-process-gpu',
  '--disable-gpu-compositing',
];

/**
 * The browser of a journey file: a connection to the run's shared Chromium (tests/support/
 * e2e-global-setup.ts) when there is one, else a Chromium of its own. Either way `close()` ends it.
 */
export async function launchBrowser(): Promise<Browser> {
  const shared = process.env.E2E_BROWSER_WS;
  if (shared) return chromium.connect(shared);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

let headers: Record<string, string> = {};
/** Headers every client of this journey file sends (set by sharedServer(): the file's own address). */
export const clientHeaders = (): Record<string, string> => ({ ...headers });
export function setClientHeaders(next: Record<string, string>) {
  headers = { ...next };
}

export const MOBILE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/**
 * Semi UI's spinners and skeletons animate for as long as they show, a frame every 16 ms painted
 * in software (--disable-gpu) while a journey waits: every animation runs once, then stops. Their
 * durations stay as the app has them: Semi's pop-ups switch a show class for a hide class and
 * unmount on the hide animation's animationend; with every animation zero-length (session 5) a
 * header menu left by the pointer could stay open, Semi already calling it closed (shell.e2e, about
 * one run in four on a quiet machine). A constructed sheet, as init scripts run before the document
 * has an element to hold a <style>.
 */
function stillAnimations() {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync('*, *::before, *::after { animation-iteration-count: 1 !important; }');
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

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
    reducedMotion: 'reduce',
  });
  await context.addInitScript(stillAnimations);
  if (options.language) {
    // The app reads the stored language choice (core i18n: key "language").
    await context.addInitScript((lang) => window.localStorage.setItem('language', lang), options.language);
  }
  return context;
}

/**
 * Closes a context whose pages route requests: a handler still awaiting `route.fetch()` when the
 * context goes would reject ("Request context disposed") after the test, an unhandled error that
 * fails the run. Unrouting with `ignoreErrors` first is Playwright's documented way out.
 */
export async function closeRouted(context: BrowserContext): Promise<void> {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  for (const page of context.pages()) await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.close();
}

const reused = new Map<string, Page>();
/**
 * A page for a language and layout that this journey file reuses from test to test, its storage
 * emptied first (cookies, local and session storage, permissions; the app keeps nothing else): a
 * fresh visitor as far as the app can tell, or with `token` a user just logged in (USER_TOKEN, as
 * loggedInContext sets it, but once: a later logout sticks). The test's own page.goto then loads
 * the app. A new page starts a renderer and compiles the app anew (about 2 s of CPU, 1-2 s more
 * than a load in a page that has run it), which per-test contexts paid every time.
 */
export async function freshPage(
  browser: Browser,
  origin: string,
  options: { language: 'zh' | 'en'; mobile?: boolean; token?: string },
): Promise<Page> {
  const key = `${options.language}/${options.mobile ? 'mobile' : 'desktop'}`;
  let page = reused.get(key);
  if (!page || page.isClosed()) {
    page = await (await newContext(browser, options)).newPage();
    reused.set(key, page);
  }
  const context = page.context();
  for (const other of context.pages()) if (other !== page) await other.close();
  await Promise.all([context.clearCookies(), context.clearPermissions()]);
  // Any document of the app's origin that is not the app (so nothing reads the storage meanwhile).
  await page.goto(`${origin}/productimage/logo.svg`);
  await page.evaluate((token) => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    if (token) window.localStorage.setItem('USER_TOKEN', JSON.stringify({ token_type: 'bearer', access_token: token }));
  }, options.token ?? '');
  return page;
}
