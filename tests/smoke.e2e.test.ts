import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, newContext } from './support/browser.ts';
import { type RunningServer, sharedServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await sharedServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('serves the web app with the desktop layout marked on the root element, fetching the logo once', async () => {
  const context = await newContext(browser, { language: 'en' });
  const page = await context.newPage();
  let logoFetches = 0;
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.endsWith('/logo.svg')) logoFetches++;
  });
  await page.goto(`${server.app}/`);
  await expect.poll(() => page.locator('html').getAttribute('data-layout')).toBe('desktop');
  await page.getByTestId('home-page').waitFor();
  // The header shows the logo; the favicon is the same picture inlined (issue 16: it was fetched twice).
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="header-logo"] img');
    return img?.complete && img.naturalWidth > 0;
  });
  await page.waitForLoadState('networkidle');
  expect(logoFetches).toBe(1);
  await context.close();
});

it('marks the mobile layout for a phone user agent', async () => {
  const context = await newContext(browser, { mobile: true });
  const page = await context.newPage();
  await page.goto(`${server.app}/home`);
  await expect.poll(() => page.locator('html').getAttribute('data-layout')).toBe('mobile');
  await context.close();
});

it('still starts when the browser refuses storage (third-party frame with storage blocked)', async () => {
  const context = await newContext(browser, { language: 'en' });
  await context.addInitScript(() => {
    for (const name of ['localStorage', 'sessionStorage']) {
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    }
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.app}/`);
  await page.getByTestId('home-page').waitFor();
  await page.getByTestId('login-button').click();
  await page.getByRole('dialog').waitFor();
  expect(errors).toEqual([]);
  await context.close();
});
