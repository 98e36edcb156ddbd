import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { resources } from '@productimage/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveInviteCode, shanghaiDay } from '../packages/server/src/identity/tenants/invite-code.ts';
import { call, loginByApi, newPhone } from './support/api.ts';
import { freshPage, launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * The desktop and mobile frame (spec 000 §2, §6) in real Chromium against the real server: menus
 * for anonymous and logged-in users in the default tenant and a travel tenant (home hidden, invite
 * hidden), gates, header scroll rules, query flags, the mobile header and its feature switcher.
 */
const SECRET = 'shell-e2e-secret';
let server: RunningServer;
let browser: Browser;
// Stands in for the partner's external video studio (EXTERNAL_VIDEO_URLS), which is a remote site.
let studio: http.Server;
let studioUrl: string;
beforeAll(async () => {
  studio = http.createServer((_req, res) => res.end('<html><title>Mixed cutting studio</title></html>'));
  await new Promise<void>((resolve) => studio.listen(0, '127.0.0.1', resolve));
  studioUrl = `http://127.0.0.1:${(studio.address() as AddressInfo).port}/mixed-cutting`;
  server = await startServer({ APP_SECRET: SECRET, EXTERNAL_VIDEO_URLS: `0=${studioUrl}` });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  studio?.close();
});

const groups = (page: Page) =>
  page
    .getByTestId('header-menus')
    .locator('[data-testid^="menu-group-"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!.replace('menu-group-', '')));

async function menuEntries(page: Page, group: string): Promise<string[]> {
  await page.getByTestId(`menu-group-${group}`).hover();
  const list = page.getByTestId(`menu-list-${group}`);
  await list.waitFor();
  const ids = await list
    .locator('[data-testid^="menu-item-"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!.replace('menu-item-', '')));
  await page.mouse.move(700, 600);
  await list.waitFor({ state: 'hidden' });
  return ids;
}

describe('desktop header, default tenant', () => {
  it('shows anonymous visitors register/login and hides the benefits centre, creation space and coins', async () => {
    const page = await freshPage(browser, server.origin, { language: 'en' });
    await page.goto(`${server.app}/`);
    await page.getByTestId('login-button').waitFor();
    await expect.poll(() => groups(page)).toEqual(['home', 'aiPhotography', 'aiLab', 'aiMarketing']);
    expect(await page.getByTestId('benefits-link').count()).toBe(0);
    expect(await page.getByTestId('coin-balance').count()).toBe(0);
    expect(await page.getByTestId('inbox-bell').count()).toBe(0);
    expect(await page.getByTestId('invite-button').count()).toBe(0);
    await expect(page.getByTestId('enterprise-service').isVisible()).resolves.toBe(true);

    const lab = await menuEntries(page, 'aiLab');
    expect(lab).toEqual(expect.arrayContaining(['aiQrCode', 'aiVideoSingle', 'aiMixedCutting']));
    // The product library needs vipUser, the agent isChatAllow: not for this visitor.
    expect(await menuEntries(page, 'aiMarketing')).not.toContain('mottKnowledge');

    // A menu entry opens its page with the side bar of its group; the title follows the route.
    await page.getByTestId('menu-group-aiLab').hover();
    await page.getByTestId('menu-item-aiQrCode').click();
    await expect.poll(() => page.url()).toMatch(/\/ai-qr-code$/);
    await expect.poll(() => page.getByTestId('side-bar').getAttribute('data-group')).toBe('aiLab');
    await expect.poll(() => page.title()).toMatch(/^AI QR code art - /);

    // Pages of spec 000 §2's list have no side bar; guarded ones open the login modal.
    await page.goto(`${server.app}/member`);
    await page.getByTestId('login-modal').waitFor();
    expect(await page.getByTestId('side-bar').count()).toBe(0);
  });

  it('shows coming-soon pages that say what the tool will do, the 404 page and /403', async () => {
    const page = await freshPage(browser, server.origin, { language: 'en' });
    // A partner tool whose address is not set (EXTERNAL_VIDEO_URLS names type 0 only): its page says what it does.
    await page.goto(`${server.app}/ai-mixed-muse`);
    await page.getByTestId('coming-soon').waitFor();
    expect(await page.getByTestId('coming-soon').textContent()).toContain(resources.en.comingSoon.aiMixedMuse);
    await page.goto(`${server.app}/no-such-page`);
    await page.getByTestId('not-found').waitFor();
    await page.goto(`${server.app}/403`);
    await page.getByTestId('forbidden').waitFor();
  });

  it('gives a logged-in user coins, the benefits centre, invite link, inbox and user menu', async () => {
    const phone = newPhone();
    const token = await loginByApi(server, phone);
    const me = (await call(server, 'GET', '/api/user/current', { token })).data;
    const page = await freshPage(browser, server.origin, { language: 'en', token });
    const context = page.context();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
    await page.goto(`${server.app}/`);
    await expect.poll(() => page.getByTestId('coin-balance').textContent()).toBe('500 coins');
    // Menus show once the tenant flags arrive, which may be after the balance.
    await expect
      .poll(() => groups(page))
      .toEqual(['home', 'aiPhotography', 'aiLab', 'aiMarketing', 'rightsCenter', 'creationSpace']);
    expect(await page.getByTestId('login-button').count()).toBe(0);
    await page.getByTestId('inbox-bell').waitFor();
    expect(await page.getByTestId('coin-add').getAttribute('href')).toBe('/productimage/member');
    expect(await page.getByTestId('benefits-link').getAttribute('href')).toBe('/productimage/member');

    await page.getByTestId('invite-button').click();
    await expect.poll(() => page.getByTestId('invite-link').inputValue()).toBe(me.user.inviterLink);
    await page.getByTestId('invite-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(me.user.inviterLink);

    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-personal-setting').click();
    await page.getByTestId('personal-setting').waitFor();
    expect(await page.getByTestId('side-bar').count()).toBe(0);

    // A logged-in user without vipUser is refused the goods page.
    await page.goto(`${server.app}/goods`);
    await page.getByTestId('forbidden').waitFor();
  });
});

describe('external video tools', () => {
  it('open the server-provided address in a new tab, and say so when one is not configured', async () => {
    const token = await loginByApi(server, newPhone());
    const page = await freshPage(browser, server.origin, { language: 'en', token });
    const context = page.context();
    await page.goto(`${server.app}/hot-notes`);
    await page.getByTestId('menu-group-aiLab').hover();
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByTestId('menu-item-aiMixedCutting').click()]);
    await expect.poll(() => tab.url()).toBe(studioUrl);
    await expect.poll(() => tab.title()).toBe('Mixed cutting studio');
    await tab.close();

    // Muse has no address configured: its page says it is not available here and opens no tab.
    await page.goto(`${server.app}/ai-mixed-muse`);
    await page.getByTestId('coming-soon').waitFor();
    expect(await page.getByTestId('coming-soon').getAttribute('data-reason')).toBe('external');
    expect(await page.getByTestId('external-open').count()).toBe(0);
    expect(context.pages()).toHaveLength(1);
  });

  it('ask anonymous visitors to log in first', async () => {
    const page = await freshPage(browser, server.origin, { language: 'en' });
    const context = page.context();
    await page.goto(`${server.app}/ai-mixed-cutting`);
    await page.getByTestId('external-open').click();
    await page.getByTestId('login-modal').waitFor();
    expect(context.pages()).toHaveLength(1);
  });
});

describe('travel tenant (home hidden, invite hidden)', () => {
  const referrer = 'travel-club';

  it('lands anonymous visitors on the first tool of the travel menus, with the tenant logo', async () => {
    const page = await freshPage(browser, server.origin, { language: 'en' });
    await page.goto(`${server.app}/?referrer=${referrer}`);
    await expect.poll(() => page.url()).toMatch(/\/hot-notes$/);
    await expect.poll(() => groups(page)).toEqual(['hotTopics', 'hotCalendar', 'aiMarketing']);
    expect(await page.getByTestId('header-logo').locator('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    // The referrer is kept for the tab: going home again still lands on the travel tools.
    await page.goto(`${server.app}/home`);
    await expect.poll(() => page.url()).toMatch(/\/hot-notes$/);
  });

  it('shows a travel member the creation space and coins but neither home nor the invite popover', async () => {
    const referrerCode = deriveInviteCode(SECRET, referrer, shanghaiDay());
    const token = await loginByApi(server, newPhone(), { referrer, referrerCode });
    const page = await freshPage(browser, server.origin, { language: 'en', token });
    await page.goto(`${server.app}/hot-videos`);
    await expect.poll(() => page.getByTestId('coin-balance').textContent()).toBe('500 coins');
    await expect.poll(() => groups(page)).toEqual(['hotTopics', 'hotCalendar', 'aiMarketing', 'creationSpace']);
    expect(await page.getByTestId('invite-button').count()).toBe(0);
    await page.getByTestId('inbox-bell').waitFor();
  });
});

describe('scroll rules and query flags', () => {
  it('turns the home header opaque after 640 px and shows back-to-top from 936 px', async () => {
    const page = await freshPage(browser, server.origin, { language: 'en' });
    await page.goto(`${server.app}/`);
    await page.getByTestId('home-page').waitFor();
    // Make the page long enough to scroll past both thresholds.
    await page.evaluate(() => {
      const filler = document.createElement('div');
      filler.style.height = '3000px';
      document.querySelector('.app-main')!.appendChild(filler);
    });
    expect(await page.getByTestId('desktop-header').getAttribute('data-opaque')).toBe('false');
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect.poll(() => page.getByTestId('desktop-header').getAttribute('data-opaque')).toBe('true');
    expect(await page.getByTestId('back-to-top').count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 1000));
    await page.getByTestId('back-to-top').click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => page.getByTestId('desktop-header').getAttribute('data-opaque')).toBe('false');

    // Other pages: the header is opaque from the start.
    await page.goto(`${server.app}/ai-qr-code`);
    expect(await page.getByTestId('desktop-header').getAttribute('data-opaque')).toBe('true');
  });

  it('hides the header with headHidden', async () => {
    const page = await freshPage(browser, server.origin, { language: 'en' });
    await page.goto(`${server.app}/ai-mixed-muse?headHidden=true`);
    await page.getByTestId('coming-soon').waitFor();
    expect(await page.getByTestId('desktop-header').count()).toBe(0);
  });
});

describe('mobile layout', () => {
  it('shows the mobile header with the feature switcher on feature routes only, and the tier coin when logged in', async () => {
    const token = await loginByApi(server, newPhone());
    const page = await freshPage(browser, server.origin, { language: 'en', mobile: true, token });
    await page.goto(`${server.app}/ai-cutout`);
    await page.getByTestId('mobile-header').waitFor();
    expect(await page.getByTestId('desktop-header').count()).toBe(0);
    expect(await page.getByTestId('floating-helper').count()).toBe(0);
    expect(await page.getByTestId('mobile-feature-switch').getAttribute('data-current')).toBe('aiCutout');
    await expect.poll(() => page.getByTestId('mobile-coin-balance').textContent()).toBe(`500 ${resources.en.common.coins}`);
    expect(await page.getByTestId('mobile-coin-balance').getByTestId('coin-icon').getAttribute('data-tier')).toBe('free');

    await page.getByTestId('mobile-feature-switch').click();
    // The menu's code may still be on its way at the first tap (it loads on demand): it opens when it lands.
    await page.getByTestId('mobile-feature-home').waitFor();
    const others = await page
      .locator('[data-testid^="mobile-feature-"]:not([data-testid="mobile-feature-switch"])')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!.replace('mobile-feature-', '')));
    // Home and the feature tools this deployment runs (model photos and product images are not built).
    expect(others.sort()).toEqual(['home', 'productBg']);
    await page.getByTestId('mobile-feature-productBg').click();
    await expect.poll(() => page.url()).toMatch(/\/product-bg$/);
    await expect.poll(() => page.title()).toMatch(/^Product background - /);
    expect(await page.getByTestId('mobile-feature-switch').getAttribute('data-current')).toBe('productBg');
    await page.getByTestId('mobile-back').waitFor();

    // hideBack hides the back button; routes without the mobile header get the slim back bar.
    await page.goto(`${server.app}/product-bg?hideBack=1`);
    await page.getByTestId('mobile-header').waitFor();
    expect(await page.getByTestId('mobile-back').count()).toBe(0);
    await page.goto(`${server.app}/tryon`);
    await page.getByTestId('tool-tryon').waitFor();
    expect(await page.getByTestId('mobile-header').count()).toBe(0);
    await page.getByTestId('mobile-back-bar').waitFor();

    // Unknown paths go home on mobile.
    await page.goto(`${server.app}/no-such-page`);
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/productimage\/?$/);
  });
});
