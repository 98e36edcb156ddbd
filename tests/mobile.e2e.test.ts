import { resources } from '@productimage/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPhoto } from '../packages/server/src/engines/local/test-fixtures.test-support.ts';
import { call, loggedInContext, loginByApi, newPhone } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, sharedServer } from './support/server.ts';

/**
 * The phone layout's details as a merchant meets them (390 x 844, an iPhone user agent), issue 15:
 * "me" reaching history, inbox, settings and logout, headHidden / hideBack, the coin count's unit and
 * top-up guide, the language switch, the feature switcher offering only tools that work here, the
 * cutout's "upload above", and each background tool's own history. Every route's phone layout (a way
 * back and home, no sideways scrolling, nothing cut at the right) is checked by routes.e2e's phone
 * crawls, which render every route on a phone anyway.
 */
let server: RunningServer;
let browser: Browser;
let token: string;
beforeAll(async () => {
  server = await sharedServer();
  browser = await launchBrowser();
  token = await loginByApi(server, newPhone());
});
async function uploadPhoto(): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await productPhoto())], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${server.origin}/api/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { code: number; data: string[]; msg: string };
  expect(body.code, body.msg).toBe(0);
  return body.data[0] as string;
}

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Language = 'zh' | 'en';
const titleOf = (language: Language, id: string) =>
  `${(resources[language].routes as Record<string, string>)[id]} - ${resources[language].common.appName}`;

/**
 * The logged-in phone page the details share: each test starts with a full load (open(..., true)),
 * so it starts from a fresh app with the same user. One page instead of a context and page per test:
 * a new page starts a renderer and compiles the app anew (about 2 s of CPU; a load in a page that
 * has run the app about 0.5 s).
 */
let shared: Page | undefined;
async function phone(): Promise<Page> {
  if (!shared || shared.isClosed())
    shared = await (await loggedInContext(browser, token, { language: 'en', mobile: true })).newPage();
  return shared;
}

/**
 * Navigates in place like the app's own links (one page load serves every route), falling back to a
 * full load when a page keeps its own address in sync and swallows the in-place move; then waits
 * for the route's title and no spinner.
 */
async function open(page: Page, language: Language, id: string, path: string, first = false) {
  const title = titleOf(language, id);
  let moved = false;
  if (!first) {
    await page.evaluate((url) => {
      window.history.pushState({ usr: null, key: url, idx: window.history.length }, '', url);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, `/productimage${path}`);
    moved = await expect
      .poll(() => page.title(), { timeout: 3_000 })
      .toBe(title)
      .then(() => true)
      .catch(() => false);
  }
  if (!moved) await page.goto(`${server.app}${path}`);
  await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(title);
  await expect
    .poll(
      async () =>
        (await page.locator('.semi-spin-spinning:visible, .semi-skeleton-item:visible').count()) +
        (await page.evaluate(() => (document.querySelector('main')?.innerText.trim() ? 0 : 1))),
      { timeout: 15_000 },
    )
    .toBe(0);
}

describe('phone details', () => {
  it('reaches history, inbox, settings and logout in two taps', async () => {
    // Its own account: logging out revokes the token.
    const own = await loginByApi(server, newPhone());
    const page = await (await loggedInContext(browser, own, { language: 'zh', mobile: true })).newPage();
    await open(page, 'zh', 'aiCutout', '/ai-cutout', true);
    await page.getByTestId('mobile-me').click();
    await page.getByTestId('mobile-me-history').click();
    await page.waitForURL(/\/personal-center/);
    await page.getByTestId('mobile-me').click();
    await page.getByTestId('mobile-me-inbox').click();
    await page.getByTestId('inbox-modal').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('mobile-me').click();
    await page.getByTestId('mobile-me-settings').click();
    await page.waitForURL(/\/personal-setting/);
    await page.getByTestId('mobile-me').click();
    await page.getByTestId('mobile-me-logout').click();
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('USER_TOKEN'))).toBeNull();
    await page.context().close();
  });

  it('headHidden hides the bar, hideBack hides only the back control', async () => {
    const page = await phone();
    await open(page, 'en', 'rewriteBackground', '/rewrite-background?hideBack=1', true);
    await expect.poll(() => page.getByTestId('mobile-home').isVisible()).toBe(true);
    expect(await page.getByTestId('mobile-back').count()).toBe(0);
    await open(page, 'en', 'member', '/member?headHidden=1', true);
    expect(await page.getByTestId('mobile-back-bar').count()).toBe(0);
    await open(page, 'en', 'member', '/member', true);
    // Opened directly, back still leads somewhere: home.
    await page.getByTestId('mobile-back').click();
    await expect.poll(() => page.title()).toBe(titleOf('en', 'home'));
  });

  it('the coin count has its unit and explains where to top up; the language switch is on the phone', async () => {
    const page = await phone();
    await open(page, 'en', 'aiCutout', '/ai-cutout', true);
    const coins = page.getByTestId('mobile-coin-balance');
    await expect.poll(() => coins.innerText()).toMatch(new RegExp(`\\d+ ${resources.en.common.coins}`));
    await coins.click();
    await page.getByTestId('coin-guide').waitFor();
    expect(await page.getByTestId('coin-guide').innerText()).toContain(resources.en.shell.topUpOnDesktop);
    await page.keyboard.press('Escape');
    await page.getByTestId('coin-guide').waitFor({ state: 'detached' });
    // The cutout's empty state points above the results on a phone, not to the left.
    expect(await page.getByTestId('home-page').count()).toBe(0);
    await expect.poll(() => page.locator('main').innerText()).toContain(resources.en.tools.aiCutoutEmptyBodyMobile);
    await page.getByTestId('language-switch').click();
    await expect.poll(() => page.title()).toBe(titleOf('zh', 'aiCutout'));
  });

  it('the feature switcher offers home and the feature tools that work here, nothing else', async () => {
    const page = await phone();
    await open(page, 'en', 'aiCutout', '/ai-cutout', true);
    await page.getByTestId('mobile-feature-switch').click();
    await page.getByTestId('mobile-feature-home').waitFor();
    const offered = await page
      .locator('[data-testid^="mobile-feature-"]:not([data-testid="mobile-feature-switch"])')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
    // Model photos and product images are not built yet; product backgrounds run on the local engine.
    expect(offered).toEqual(['mobile-feature-home', 'mobile-feature-productBg']);
  });

  it('product background and background reproduction each list their own runs in their history', async () => {
    const input = await uploadPhoto();
    for (const params of [{ reference: 'stone' }, { reference: 'flower', mode: 'ACCURATE_REPLICATION' }]) {
      const created = await call<{ taskId: string }>(server, 'POST', '/api/tasks', {
        token,
        json: { bizType: 'PRODUCT_REPLACE_IMAGE', params, inputs: [input] },
      });
      expect(created.code, created.msg).toBe(0);
      // A run is listed whatever its status: stopped at once, so the shared server does not spend
      // a cutout and its backgrounds on it (about 10 s of CPU, measured) while other files run.
      await call(server, 'POST', `/api/tasks/${created.data.taskId}/stop`, { token });
    }
    const page = await phone();
    await open(page, 'en', 'productBg', '/product-bg', true);
    await expect.poll(() => page.getByTestId('history-item').count()).toBe(1);
    await open(page, 'en', 'rewriteBackground', '/rewrite-background');
    await expect.poll(() => page.getByTestId('history-item').count()).toBe(1);
    await open(page, 'en', 'batchCopyBg', '/batch-copy-bg');
    await expect.poll(() => page.locator('main').innerText()).toContain(resources.en.tasks.historyEmpty);
  });
});
