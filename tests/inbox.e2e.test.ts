import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, loggedInContext, loginByApi, newPhone } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, SHARED_OPERATORS, sharedServer } from './support/server.ts';

/**
 * The inbox (spec 000 §4) in real Chromium: an operator sends messages through the operator API; the
 * user sees the unread badge, reads a text message in a modal, opens a link message in a new tab,
 * marks everything read and deletes everything after a yes/no confirmation.
 */
const OPERATOR = SHARED_OPERATORS.inbox;
let server: RunningServer;
let browser: Browser;
let operatorToken: string;
beforeAll(async () => {
  server = await sharedServer();
  browser = await launchBrowser();
  operatorToken = await loginByApi(server, OPERATOR);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function send(userId: string, message: Record<string, string>) {
  const res = await call(server, 'POST', '/api/operator/inbox', { token: operatorToken, json: { userId, ...message } });
  expect(res.code, res.msg).toBe(0);
}

it('reads, opens, marks read and deletes messages', async () => {
  const token = await loginByApi(server, newPhone());
  const me = (await call(server, 'GET', '/api/user/current', { token })).data;
  const link = `${server.app}/hot-notes`;
  await send(me.user.id, {
    title: 'Welcome',
    brief: 'Start here',
    content: 'Your first 500 coins are waiting.',
    contentType: 'text',
  });
  await send(me.user.id, { title: 'Spring sale', brief: 'Open the offer', content: link, contentType: 'link' });
  await send(me.user.id, {
    title: 'Release notes',
    brief: 'What is new',
    content: '<p>New <b>QR art</b> scenes</p>',
    contentType: 'html',
  });

  const context = await loggedInContext(browser, token);
  const page = await context.newPage();
  await page.goto(`${server.app}/hot-notes`);
  await expect.poll(() => page.locator('.inbox-badge').textContent()).toBe('3');
  await page.getByTestId('inbox-bell').click();
  await page.getByTestId('inbox-modal').waitFor();
  const item = (title: string) => page.getByTestId('inbox-item').filter({ hasText: title });
  await expect.poll(() => page.getByTestId('inbox-item').count()).toBe(3);
  expect(await item('Welcome').getAttribute('data-unread')).toBe('true');

  // A text message opens in a modal and counts as read.
  await item('Welcome').click();
  await expect.poll(() => page.getByTestId('inbox-detail').textContent()).toContain('Your first 500 coins are waiting.');
  await page.keyboard.press('Escape');
  await page.getByTestId('inbox-detail').waitFor({ state: 'detached' });
  await page.getByTestId('inbox-modal').waitFor();
  await expect.poll(() => page.locator('.inbox-badge').textContent()).toBe('2');
  await expect.poll(() => item('Welcome').getAttribute('data-unread')).toBe('false');

  // An html message shows its (server-sanitised) markup.
  await item('Release notes').click();
  await expect.poll(() => page.getByTestId('inbox-detail').locator('b').textContent()).toBe('QR art');
  await page.getByTestId('inbox-detail-close').click();
  await page.getByTestId('inbox-detail').waitFor({ state: 'detached' });

  // A link message opens its address in a new tab.
  const [tab] = await Promise.all([context.waitForEvent('page'), item('Spring sale').click()]);
  await expect.poll(() => tab.url()).toBe(link);
  await tab.close();
  await expect.poll(() => page.locator('.inbox-badge').count()).toBe(0);

  // Mark-all-read is disabled with nothing unread; a new message makes it useful again.
  await send(me.user.id, { title: 'Reminder', content: 'Finish your profile', contentType: 'text' });
  await page.reload();
  await expect.poll(() => page.locator('.inbox-badge').textContent()).toBe('1');
  await page.getByTestId('inbox-bell').click();
  await page.getByTestId('inbox-read-all').click();
  await expect.poll(() => page.locator('.inbox-badge').count()).toBe(0);
  await expect.poll(() => item('Reminder').getAttribute('data-unread')).toBe('false');

  // Delete all asks first; "no" keeps everything, "yes" empties the inbox.
  await page.getByTestId('inbox-delete-all').click();
  await page.getByTestId('inbox-delete-no').click();
  expect(await page.getByTestId('inbox-item').count()).toBe(4);
  await page.getByTestId('inbox-delete-all').click();
  await page.getByTestId('inbox-delete-yes').click();
  await page.getByTestId('inbox-empty').waitFor();
  // The empty state is Semi's illustrated one, with room around it.
  expect(await page.getByTestId('inbox-empty').locator('.semi-empty-image svg').count()).toBe(1);
  expect(
    await page.getByTestId('inbox-empty').evaluate((el) => Number.parseFloat(getComputedStyle(el).paddingTop)),
  ).toBeGreaterThan(16);
  expect((await call(server, 'GET', '/api/inbox?pageNum=1&pageSize=100', { token })).data.total).toBe(0);
  await context.close();
});

it('caps the unread badge at 99+', async () => {
  const token = await loginByApi(server, newPhone());
  const me = (await call(server, 'GET', '/api/user/current', { token })).data;
  for (let i = 0; i < 100; i++) await send(me.user.id, { title: `Notice ${i}`, content: 'x', contentType: 'text' });
  const context = await loggedInContext(browser, token);
  const page = await context.newPage();
  await page.goto(`${server.app}/hot-notes`);
  await expect.poll(() => page.locator('.inbox-badge').textContent()).toBe('99+');
  // A real badge: Semi's red pill on the bell, not a bare number.
  const badge = page.locator('.inbox-badge');
  expect(await badge.getAttribute('class')).toMatch(/semi-badge-danger/);
  expect(await badge.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  await context.close();
});
