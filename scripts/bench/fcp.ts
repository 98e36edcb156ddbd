import http from 'node:http';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, MOBILE_UA } from '../../tests/support/browser.ts';
import { startServer } from '../../tests/support/server.ts';

/**
 * First contentful paint of the home page (issue 16: goal under 0.4 s on localhost), from
 * `performance.getEntriesByType('paint')` in Debian's chromium (playwright-core, the e2e flags), on
 * the built web app served by the real server. Desktop (1440x900) and phone (390x844) viewports;
 * cold = a fresh browser context (empty cache), warm = a second page in the same context (cache
 * filled). Baseline in the same run: a bare HTML page from a plain node:http server. Prints the
 * median of `FCP_RUNS` (default 5) loads per row, with when the home page's own content was on
 * screen (index.html paints the logo first, so FCP alone would not show the app's start-up), the render-blocking resources of one cold load and
 * how often each file was fetched on it (the logo must be fetched once).
 *
 * The web app must be built: `WEB_DIST=/tmp/my-dist` (a `vite build --outDir` of packages/web) or
 * packages/web/dist.
 */
const runs = Number(process.env.FCP_RUNS ?? 5);
const ROOT = path.resolve(import.meta.dirname, '../..');
const webDist = process.env.WEB_DIST ?? path.join(ROOT, 'packages/web/dist');

const viewports = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, userAgent: MOBILE_UA, isMobile: true, hasTouch: true },
} as const;

/** The home page's own content (not the logo painted from index.html while scripts load). */
const HOME_READY = '[data-testid="home-page"]';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** FCP of one load, and when the app's own content (`ready`, a selector) was on screen. */
async function fcpOf(context: BrowserContext, url: string, ready?: string): Promise<{ fcp: number; ready: number }> {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  let readyAt = 0;
  if (ready) {
    await page.locator(ready).first().waitFor({ timeout: 15_000 });
    readyAt = await page.evaluate(() => performance.now());
  }
  const fcp = await page.waitForFunction(
    () => performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime ?? null,
    undefined,
    { timeout: 15_000 },
  );
  const value = (await fcp.jsonValue()) as number;
  await page.close();
  return { fcp: value, ready: readyAt || value };
}

async function measure(browser: Browser, url: string, kind: keyof typeof viewports, ready?: string) {
  const loads = { cold: [] as Array<{ fcp: number; ready: number }>, warm: [] as Array<{ fcp: number; ready: number }> };
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ ...viewports[kind], locale: 'zh-CN' });
    loads.cold.push(await fcpOf(context, url, ready));
    loads.warm.push(await fcpOf(context, url, ready));
    await context.close();
  }
  const of = (xs: Array<{ fcp: number; ready: number }>) => ({
    fcp: median(xs.map((x) => x.fcp)),
    ready: median(xs.map((x) => x.ready)),
  });
  return { cold: of(loads.cold), warm: of(loads.warm) };
}

/** One cold desktop load: render-blocking resources and the files fetched more than once. */
async function coldLoadReport(browser: Browser, url: string) {
  const context = await browser.newContext({ ...viewports.desktop, locale: 'zh-CN' });
  const page = await context.newPage();
  const fetched = new Map<string, number>();
  page.on('response', (res) => {
    const u = new URL(res.url());
    const key = u.protocol === 'data:' ? 'data:' : u.pathname;
    fetched.set(key, (fetched.get(key) ?? 0) + 1);
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const blocking = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as Array<PerformanceResourceTiming & { renderBlockingStatus?: string }>)
      .filter((e) => e.renderBlockingStatus === 'blocking')
      .map((e) => `${new URL(e.name).pathname} (${Math.round(e.responseEnd)} ms, ${e.encodedBodySize} B)`),
  );
  await context.close();
  const twice = [...fetched].filter(([, n]) => n > 1).map(([p, n]) => `${p} x${n}`);
  const logo = [...fetched].filter(([p]) => p.endsWith('logo.svg')).map(([p, n]) => `${p} x${n}`);
  console.log(`\nOne cold desktop load: ${[...fetched.values()].reduce((a, b) => a + b, 0)} responses`);
  console.log(`  render-blocking: ${blocking.join(', ') || 'none'}`);
  console.log(`  fetched more than once: ${twice.join(', ') || 'none'}`);
  console.log(`  logo: ${logo.join(', ') || 'not fetched'}`);
}

const bare = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end('<!doctype html><html><head><meta charset="utf-8"><title>bare</title></head><body><h1>Hello</h1></body></html>');
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://127.0.0.1:${(bare.address() as { port: number }).port}/`;
const server = await startServer({ WEB_DIST: webDist });
const browser = await launchBrowser();
try {
  const home = `${server.app}/`;
  // One load first, so the server's own first-request work (module loading, caches) is not measured.
  await measure(browser, home, 'desktop', HOME_READY);
  console.log(`First contentful paint, ms (median of ${runs}; web build ${webDist})`);
  const rows: Array<Record<string, string>> = [];
  for (const kind of ['desktop', 'phone'] as const) {
    const base = await measure(browser, bareUrl, kind);
    const app = await measure(browser, home, kind, HOME_READY);
    for (const cache of ['cold', 'warm'] as const) {
      rows.push({
        page: `home, ${kind}, ${cache}`,
        'FCP ms': app[cache].fcp.toFixed(0),
        'bare page FCP ms': base[cache].fcp.toFixed(0),
        'ratio home/bare': (app[cache].fcp / base[cache].fcp).toFixed(1),
        goal: '< 400 ms',
        'home page shown ms': app[cache].ready.toFixed(0),
      });
    }
  }
  console.table(rows);
  await coldLoadReport(browser, home);
} finally {
  await browser.close();
  await server.stop();
  bare.close();
}
