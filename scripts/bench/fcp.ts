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
 * median of `FCP_RUNS` (default 5) loads per row, the render-blocking resources of one cold load and
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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function fcpOf(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  const fcp = await page.waitForFunction(
    () => performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime ?? null,
    undefined,
    { timeout: 15_000 },
  );
  const value = (await fcp.jsonValue()) as number;
  await page.close();
  return value;
}

async function measure(browser: Browser, url: string, kind: keyof typeof viewports) {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ ...viewports[kind], locale: 'zh-CN' });
    cold.push(await fcpOf(context, url));
    warm.push(await fcpOf(context, url));
    await context.close();
  }
  return { cold: median(cold), warm: median(warm) };
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
  await measure(browser, home, 'desktop');
  console.log(`First contentful paint, ms (median of ${runs}; web build ${webDist})`);
  const rows: Array<Record<string, string>> = [];
  for (const kind of ['desktop', 'phone'] as const) {
    const base = await measure(browser, bareUrl, kind);
    const app = await measure(browser, home, kind);
    for (const cache of ['cold', 'warm'] as const) {
      rows.push({
        page: `home, ${kind}, ${cache}`,
        'FCP ms': app[cache].toFixed(0),
        'bare page ms': base[cache].toFixed(0),
        'ratio home/bare': (app[cache] / base[cache]).toFixed(1),
        goal: '< 400 ms',
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
