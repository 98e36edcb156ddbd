import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoSites, startDemoSites } from '../demo-sites/serve.ts';
import { latestCode, loginByApi, newPhone } from './support/api.ts';
import { closeRouted, launchBrowser, newContext } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Issue 6 in real Chromium: the demo partner shop mounts the product by the script-tag snippet,
 * the user logs in inside the frame (the real login modal, codes from the dev outbox), the host's
 * log shows what the product reports, and the host's buttons drive the product; a host page on an
 * origin that is not allowed gets nothing; the mini-program host passes a token in and shows the
 * SMS-only login. The product's allow-list is the demo hosts' origins (EMBED_ALLOWED_ORIGINS).
 */
let demo: DemoSites;
/** The same demo pages on other ports: origins the product does not allow. */
let foreign: DemoSites;
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  demo = await startDemoSites({ partnerPort: 0, miniProgramPort: 0 });
  foreign = await startDemoSites({ partnerPort: 0, miniProgramPort: 0 });
  server = await startServer({ EMBED_ALLOWED_ORIGINS: demo.origins.join(',') });
  demo.setProductOrigin(server.origin);
  foreign.setProductOrigin(server.origin);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await demo?.close();
  await foreign?.close();
});

/** Waits for the product: generous, the machine is shared; no assertion is about time. */
const WAIT = { timeout: 20_000 };

const outboxCode = (to: string, channel: 'captcha' | 'sms') => latestCode(server, to, channel);

/** Logs in by SMS inside the frame through the real login modal (captcha and code from the outbox). */
async function loginInFrame(frame: FrameLocator, phone: string) {
  await frame.getByTestId('login-modal').waitFor();
  await frame.getByTestId('account-input').fill(phone);
  await frame.getByTestId('send-code').click();
  await frame.getByTestId('captcha-image').locator('img').waitFor();
  await frame.getByTestId('captcha-input').fill(await outboxCode(phone, 'captcha'));
  await frame.getByTestId('captcha-confirm').click();
  await frame.getByTestId('code-input').fill(await outboxCode(phone, 'sms'));
  await frame.getByTestId('agreement-checkbox').click();
  await frame.getByTestId('login-submit').click();
}

/** The host page's event log, oldest first: `[type, data]`. */
async function hostEvents(page: Page): Promise<Array<[string, any]>> {
  const items = await page
    .getByTestId('event-log')
    .locator('li')
    .evaluateAll((lis) => lis.map((li) => [li.getAttribute('data-event') ?? '', li.textContent ?? ''] as const));
  return items.reverse().map(([type, text]) => [type, JSON.parse(text.slice(text.indexOf('{')))]);
}
const typesOf = async (page: Page) => (await hostEvents(page)).map(([type]) => type);
const lastOf = async (page: Page, type: string) => (await hostEvents(page)).filter(([t]) => t === type).at(-1)?.[1];

/** The product's frame on the page (its URL changes as the product navigates). */
const productFrame = (page: Page) => page.frames().find((f) => f.url().startsWith(`${server.app}/`));

describe('partner shop', () => {
  it('mounts the widget, reports login and balance, and follows the host buttons', async () => {
    const context = await newContext(browser, { language: 'zh' });
    const page = await context.newPage();
    await page.goto(`${demo.partner}/`);
    const iframe = page.locator('#inspo-widget iframe');
    const frame = page.frameLocator('#inspo-widget iframe');

    await expect.poll(() => typesOf(page), WAIT).toContain('ready');
    expect(await lastOf(page, 'ready')).toEqual({
      route: expect.stringMatching(/^\/ai-cutout\?/),
      language: 'zh',
      loggedIn: false,
    });
    expect(await page.locator('[data-productimage-state]').count()).toBe(0);
    const src = (await iframe.getAttribute('src')) ?? '';
    expect(src.startsWith(`${server.app}/ai-cutout?`)).toBe(true);
    expect(new URL(src).searchParams.get('referrer')).toBe('partner-demo');
    expect(await iframe.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    await frame.getByTestId('desktop-header').waitFor();

    // The frame is as tall as the content it reported.
    await expect.poll(() => typesOf(page), WAIT).toContain('resize');
    await expect
      .poll(async () => {
        const reported = (await lastOf(page, 'resize'))?.height;
        const box = await iframe.boundingBox();
        return reported !== undefined && box !== null && Math.abs(box.height - Math.ceil(reported)) <= 1;
      }, WAIT)
      .toBe(true);

    // Logging in inside the frame (the modal reloads the product page afterwards).
    await frame.getByTestId('login-button').click();
    await loginInFrame(frame, newPhone());
    await expect.poll(() => typesOf(page), WAIT).toEqual(expect.arrayContaining(['login', 'balanceChanged']));
    expect(await lastOf(page, 'login')).toMatchObject({ userId: expect.any(String) });
    expect(await lastOf(page, 'balanceChanged')).toEqual({ balance: 500, previous: null });
    expect((await typesOf(page)).filter((t) => t === 'login')).toHaveLength(1);
    await frame.getByTestId('coin-balance').waitFor();

    // The host's buttons: navigate, language, logout.
    await page.getByTestId('route-select').selectOption('/member');
    await page.getByTestId('btn-navigate').click();
    await expect.poll(() => new URL(productFrame(page)?.url() ?? 'http://x/').pathname, WAIT).toBe('/productimage/member');

    await page.getByTestId('btn-language').click();
    await expect.poll(() => frame.locator('html').getAttribute('lang'), WAIT).toBe('en');

    // A generation in the frame (QR art costs nothing) reaches the host as taskFinished with its outputs.
    await page.evaluate(() => (window as any).ProductImage('navigate', '/ai-qr-code'));
    await frame.getByTestId('qr-content').fill('https://shop.example/item/42');
    // One picture: the event and its outputs are the point, not the page's default four drawings.
    await frame.getByTestId('count-1').click();
    await frame.getByTestId('generate').click();
    await expect.poll(() => typesOf(page), { timeout: 60_000 }).toContain('taskFinished');
    const finished = await lastOf(page, 'taskFinished');
    expect(finished).toMatchObject({ bizType: 'QR_CODE_ART', status: 'completed' });
    expect(finished.outputs.length).toBeGreaterThan(0);
    const output = await fetch(finished.outputs[0].url);
    expect(output.headers.get('content-type')).toMatch(/^image\//);

    await page.getByTestId('btn-logout').click();
    await expect.poll(() => typesOf(page), WAIT).toContain('logout');
    await frame.getByTestId('login-button').waitFor();
    expect(await typesOf(page)).not.toContain('commandFailed');
    await context.close();
  });
});

describe('origins that are not allowed', () => {
  // The same shop page on a port outside the allow-list. Same site as the product (127.0.0.1), so
  // the frame keeps its storage as a first-party partner's would.
  const foreignShop = (query = '') => `${foreign.partner}/${query}`;

  it('cannot frame the product: the browser refuses and the widget shows its error state', async () => {
    const context = await newContext(browser, { language: 'en' });
    const page = await context.newPage();
    await page.goto(foreignShop('?timeout=3000'));
    await page.locator('[data-productimage-state="error"]').waitFor();
    expect(await lastOf(page, 'error')).toMatchObject({ code: 'unreachable' });
    expect(await typesOf(page)).not.toContain('ready');
    // The frame never got the product (frame-ancestors), not merely a late answer.
    expect(productFrame(page)).toBeUndefined();
    await context.close();
  });

  it('is refused by the product itself even when framing is let through', async () => {
    const context = await newContext(browser, { language: 'en' });
    const page = await context.newPage();
    // Strip the framing policy, as a misconfigured proxy might: the product's RPC allow-list still holds.
    await page.route(`${server.app}/**`, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-security-policy'];
      await route.fulfill({ response, headers });
    });
    // Note when the product starts its handshake with this page (penpal's SYN from the frame).
    await page.addInitScript((product) => {
      if (window !== window.top) return;
      window.addEventListener('message', (event) => {
        if (event.origin === product && event.data?.namespace === 'penpal' && event.data.type === 'SYN')
          document.documentElement.dataset.productSyn = 'seen';
      });
    }, server.origin);
    await page.goto(foreignShop());
    await expect.poll(() => page.locator('html').getAttribute('data-product-syn'), WAIT).toBe('seen');
    // The product is running and talking, and the page is still waiting for it: the handshake had
    // every chance; an origin check that let this page in would make it ready now.
    expect(await page.locator('[data-productimage-state="loading"]').count()).toBe(1);
    // The foreign page also speaks to the frame directly; the product must not move.
    await page.evaluate(() => {
      const target = document.querySelector('iframe')?.contentWindow;
      target?.postMessage({ namespace: 'penpal', type: 'SYN', channel: 'productimage-embed', participantId: 'zzzz' }, '*');
      target?.postMessage({ v: 1, type: 'navigate', data: { route: '/member' } }, '*');
    });
    await page.locator('[data-productimage-state="error"]').waitFor({ timeout: 30_000 });
    expect(await typesOf(page)).not.toContain('ready');
    expect(new URL(productFrame(page)?.url() ?? 'http://x/').pathname).toBe('/productimage/ai-cutout');
    await closeRouted(context);
  });
});

describe('mini-program host', () => {
  it('hands its token to the product, which reports the login', async () => {
    // A token through the real login API, as a mini-program backend would hold one.
    const token = await loginByApi(server, newPhone());
    const context = await newContext(browser, { language: 'zh', mobile: true });
    await context.addInitScript((t) => sessionStorage.setItem('miniProgramToken', t), token);
    const page = await context.newPage();
    await page.goto(`${demo.miniProgram}/`);
    await expect.poll(() => typesOf(page), WAIT).toEqual(expect.arrayContaining(['ready', 'login', 'balanceChanged']));
    expect(await lastOf(page, 'balanceChanged')).toEqual({ balance: 500, previous: null });
    expect(await page.locator('#web-view iframe').getAttribute('src')).not.toContain(token);
    await context.close();
  });

  it('shows the SMS-only login with the plain login button', async () => {
    const context = await newContext(browser, { language: 'zh', mobile: true });
    const page = await context.newPage();
    await page.goto(`${demo.miniProgram}/`);
    await expect.poll(() => typesOf(page), WAIT).toContain('ready');
    expect(new URL((await page.locator('#web-view iframe').getAttribute('src')) ?? '').searchParams.get('channel')).toBe(
      'wechat',
    );
    await page.getByTestId('btn-login').click();
    const frame = page.frameLocator('#web-view iframe');
    // Once in session 27's CI this wait timed out (passed on its retry), unexplained: a next failure
    // says what the host saw (a commandFailed, an unload and a second ready) and where the frame was.
    await frame
      .getByTestId('login-view')
      .waitFor()
      .catch(async (error: Error) => {
        throw new Error(
          `${error.message}\nhost events: ${JSON.stringify(await hostEvents(page))}\nframe: ${productFrame(page)?.url()}`,
        );
      });
    expect(await frame.getByTestId('tab-password').count()).toBe(0);
    expect(await frame.getByTestId('to-register').count()).toBe(0);
    expect(await frame.getByTestId('login-submit').textContent()).toBe('登录');
    await context.close();
  });
});
