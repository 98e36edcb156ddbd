import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loggedInContext, loginByApi, newPhone } from './support/api.ts';
import { closeRouted, launchBrowser, newContext } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * The header's dropdowns and the floating helper's popovers are not in the first load (issue 16,
 * packages/web/src/features/app/shell/deferred.tsx): they load on demand. A visitor who hovers or taps
 * before their code has arrived still gets the menu, as if it had always been there.
 */
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ APP_SECRET: 'deferred-overlays-e2e' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Holds the overlay chunks back until `release()`: the gesture surely comes before the code. */
async function holdOverlays(context: BrowserContext) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route(/\/assets\/(overlays|helperOverlays)-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

it('opens a header menu and the adviser card hovered before their code arrived', async () => {
  const context = await newContext(browser);
  const release = await holdOverlays(context);
  const page = await context.newPage();
  await page.goto(`${server.app}/ai-cutout`);
  await page.getByTestId('menu-group-aiLab').hover();
  release();
  await page.getByTestId('menu-list-aiLab').waitFor();
  expect(await page.getByTestId('menu-list-aiLab').locator('[data-testid^="menu-item-"]').count()).toBeGreaterThan(0);
  await page.getByTestId('helper-adviser').hover();
  await page.getByTestId('adviser-popover').waitFor();
  await closeRouted(context);
});

it('opens the mobile feature switcher tapped before its code arrived', async () => {
  const token = await loginByApi(server, newPhone());
  const context = await loggedInContext(browser, token, { mobile: true });
  const release = await holdOverlays(context);
  const page = await context.newPage();
  await page.goto(`${server.app}/ai-cutout`);
  await page.getByTestId('mobile-feature-switch').click();
  release();
  await page.getByTestId('mobile-feature-home').click();
  await expect.poll(() => page.url()).toMatch(/\/productimage\/?$/);
  await closeRouted(context);
});
