import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loggedInContext, loginByApi, newPhone } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, sharedServer } from './support/server.ts';

/**
 * The benefits centre with the sandbox payment provider: a merchant buys a top-up by "scanning"
 * the QR code (opening the pay URL) and paying on the sandbox pay page; lets another payment time
 * out and scans again; cancels an order from the order list and answers the pending-order choice.
 */
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

async function openMember(options: { mobile?: boolean } = {}) {
  const token = await loginByApi(server, newPhone());
  const context = await loggedInContext(browser, token, { language: 'en', ...options });
  const page = await context.newPage();
  await page.goto(`${server.app}/member`);
  await page.getByTestId('member-page').waitFor();
  return { context, page };
}

/** What a payer's phone does after scanning: opens the pay URL of the QR code. */
async function scan(page: Page) {
  await page.getByTestId('purchase-qr').waitFor();
  const payUrl = await page.getByTestId('purchase-pay-link').getAttribute('href');
  expect(payUrl).toMatch(/\/api\/payments\/sandbox\/PI\d+\?t=[\w-]+$/);
  const payPage = await page.context().newPage();
  await payPage.goto(payUrl as string);
  await payPage.getByTestId('sandbox-pay-page').waitFor();
  return payPage;
}

const rowStatus = (page: Page) => page.getByTestId('order-list').getByTestId('order-status');

it('buys a top-up through the sandbox pay page: the order is paid and the balance rises', async () => {
  const { context, page } = await openMember();
  await expect.poll(() => page.getByTestId('coin-balance').textContent()).toBe('500 coins');
  await page.getByTestId('buy-topup-1000').click();
  const payPage = await scan(page);
  expect(await payPage.getByTestId('sandbox-amount').textContent()).toBe('¥20.00');
  await payPage.getByTestId('sandbox-pay').click();
  await expect.poll(() => payPage.getByTestId('sandbox-result').textContent()).toContain('Paid');

  // The modal polls every 5 s, then the header balance and the lists refresh.
  await page.getByTestId('purchase-success').waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByTestId('coin-balance').textContent()).toBe('1500 coins');
  await page.getByTestId('purchase-done').click();
  await expect.poll(() => rowStatus(page).first().textContent()).toBe('Success');
  await expect.poll(() => page.getByTestId('member-balance').textContent()).toBe('Coins: 1500');
  await page.getByTestId('history-tab').click();
  await expect.poll(() => page.getByTestId('ledger-reason').first().textContent()).toBe('Top-up');
  expect(await page.getByTestId('ledger-delta').first().textContent()).toBe('+1000');
  // The receipt in the inbox, in Chinese and English: what was bought and the amount (issue 41).
  await page.getByTestId('inbox-bell').click();
  const receipt = page.getByTestId('inbox-item').filter({ hasText: 'Payment received' });
  await expect.poll(() => receipt.textContent()).toContain('支付成功');
  expect(await receipt.textContent()).toContain('¥20.00');
  await context.close();
});

it('lets a payment time out, shows it, and scans again with a new order', async () => {
  const { context, page } = await openMember();
  await page.getByTestId('buy-topup-5000').click();
  const payPage = await scan(page);
  await payPage.getByTestId('sandbox-timeout').click();
  await expect.poll(() => payPage.getByTestId('sandbox-result').textContent()).toContain('timed out');

  await expect.poll(() => page.getByTestId('purchase-modal').getAttribute('data-view'), { timeout: 30_000 }).toBe('timedOut');
  expect(await page.getByTestId('purchase-ended').textContent()).toContain('Payment timed out');
  await page.getByTestId('purchase-scan-again').click();
  await expect.poll(() => page.getByTestId('purchase-modal').getAttribute('data-view')).toBe('waiting');
  await page.getByTestId('purchase-qr').waitFor();
  await page.keyboard.press('Escape');
  await expect
    .poll(async () => (await rowStatus(page).allTextContents()).join('|'))
    .toBe('Pending payment (auto-closes)|Payment timeout');
  await expect.poll(() => page.getByTestId('coin-balance').textContent()).toBe('500 coins');
  await context.close();
});

it('cancels an order from the order list and, with one waiting, offers to cancel it and order anew', async () => {
  const { context, page } = await openMember();
  await page.getByTestId('buy-topup-1000').click();
  await page.getByTestId('purchase-qr').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('purchase-modal').waitFor({ state: 'detached' });

  // A second purchase while the first waits: the choice between paying it and ordering anew.
  await page.getByTestId('buy-topup-5000').click();
  await page.getByTestId('pending-order').waitFor();
  expect(await page.getByTestId('pending-order').textContent()).toContain('¥20.00');
  await page.getByTestId('pending-cancel-reorder').click();
  await page.getByTestId('purchase-qr').waitFor();
  expect(await page.getByTestId('purchase-modal').textContent()).toContain('¥95.00');
  await page.keyboard.press('Escape');
  await expect.poll(async () => (await rowStatus(page).allTextContents()).join('|')).toBe('Pending payment (auto-closes)|Closed');

  await page.getByTestId('order-cancel').click();
  await page.getByTestId('order-cancel-confirm').click();
  await expect.poll(async () => (await rowStatus(page).allTextContents()).join('|')).toBe('Closed|Closed');
  expect(await page.getByTestId('order-pay').count()).toBe(0);
  await context.close();
});

it('tells mobile users to top up on the desktop', async () => {
  const { context, page } = await openMember({ mobile: true });
  await page.getByTestId('mobile-topup-notice').waitFor();
  await page.getByTestId('topup-topup-1000').waitFor();
  expect(await page.getByTestId('buy-topup-1000').count()).toBe(0);
  await context.close();
});
