import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './browser.ts';

/**
 * The e2e project's global setup: one Chromium for the whole run. launchBrowser() in every journey
 * file connects to it (E2E_BROWSER_WS) and gets its own contexts, instead of starting a browser per
 * file; closing that Browser disconnects and drops the file's contexts. Scripts outside vitest
 * (screenshots, bench) still launch their own.
 */
export default async function setup() {
  const server = await chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  process.env.E2E_BROWSER_WS = server.wsEndpoint();
  return async () => {
    delete process.env.E2E_BROWSER_WS;
    await server.close();
  };
}
