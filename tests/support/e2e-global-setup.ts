import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser.ts';
import { type FeishuHost, startFeishuHost } from './feishuHost.ts';
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
 * Beside the shared server runs the Base host double of feishu.e2e (E2E_FEISHU_HOST), the one
 * origin the shared server lets frame its Base extensions besides Feishu's and Lark's.
 */
export default async function setup() {
  // E2E_SHARED_SERVER=off: every file starts its own (to tell a file's fault from sharing's).
  const own = process.env.E2E_TOPOLOGY === 'scaled' || process.env.E2E_SHARED_SERVER === 'off';
  const feishuHost: FeishuHost | undefined = own ? undefined : await startFeishuHost();
  const [browserServer, server] = await Promise.all([
    chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }),
    feishuHost ? startServer({ ...SHARED_SERVER_ENV, FEISHU_PLUGIN_FRAME_ANCESTORS: feishuHost.origin }) : undefined,
  ] as const);
  process.env.E2E_BROWSER_WS = browserServer.wsEndpoint();
  if (server && feishuHost) {
    process.env.E2E_SHARED_SERVER = server.origin;
    process.env.E2E_SHARED_DATA_DIR = server.dataDir;
    process.env.E2E_FEISHU_HOST = feishuHost.origin;
  }
  return async () => {
    delete process.env.E2E_BROWSER_WS;
    if (server) delete process.env.E2E_SHARED_SERVER;
    delete process.env.E2E_SHARED_DATA_DIR;
    delete process.env.E2E_FEISHU_HOST;
    await Promise.all([browserServer.close(), (server as RunningServer | undefined)?.stop(), feishuHost?.close()]);
  };
}
