import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './browser.ts';
import { type RunningServer, SHARED_SERVER_ENV, startServer } from './server.ts';

/**
 * The e2e project's global setup: one Chromium for the whole run, and one server for the journey
 * files that need no env of their own. launchBrowser() in every journey file connects to the
 * Chromium (E2E_BROWSER_WS) and gets its own contexts, instead of starting a browser per file;
 * closing that Browser disconnects and drops the file's contexts. sharedServer() answers the server
 * (E2E_SHARED_SERVER): one start, one warm-up of the engines and the drawn pictures for all those
 * files instead of one each. Files with their own env (operators, fakes, API_WORKERS=false, ...)
 * still start their own with startServer(). The scaled pass starts its cluster per file, so no
 * shared server then. Scripts outside vitest (screenshots, bench) still launch their own browser.
 */
export default async function setup() {
  // E2E_SHARED_SERVER=off: every file starts its own (to tell a file's fault from sharing's).
  const own = process.env.E2E_TOPOLOGY === 'scaled' || process.env.E2E_SHARED_SERVER === 'off';
  const [browserServer, server] = await Promise.all([
    chromium.launchServer({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS }),
    own ? undefined : startServer(SHARED_SERVER_ENV),
  ] as const);
  process.env.E2E_BROWSER_WS = browserServer.wsEndpoint();
  if (server) {
    process.env.E2E_SHARED_SERVER = server.origin;
    process.env.E2E_SHARED_DATA_DIR = server.dataDir;
  }
  return async () => {
    delete process.env.E2E_BROWSER_WS;
    if (server) delete process.env.E2E_SHARED_SERVER;
    delete process.env.E2E_SHARED_DATA_DIR;
    await Promise.all([browserServer.close(), (server as RunningServer | undefined)?.stop()]);
  };
}
