import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, loggedInContext, loginByApi, newPhone } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, sharedServer } from './support/server.ts';

/**
 * The membership reminder (spec 000 §4): a member whose package ends within 3 days is told once,
 * with the days left; the flag keeps it from opening again. A free user is never reminded.
 * The package is bought through the real sandbox payment; only the passing of time is simulated, by
 * moving the package's end in the server's database.
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

async function buyBasicMonthly(token: string) {
  const order = await call<{ orderNo: string }>(server, 'POST', '/api/orders', { token, json: { productId: 'basic-monthly' } });
  expect(order.code, order.msg).toBe(0);
  const paid = await call(server, 'POST', `/api/payments/sandbox/${order.data.orderNo}/pay`, {
    token,
    json: { result: 'success' },
  });
  expect(paid.code, paid.msg).toBe(0);
  await expect
    .poll(async () => (await call<{ status: number }>(server, 'GET', `/api/orders/${order.data.orderNo}`, { token })).data.status)
    .toBe(1);
}

/** Two days and a bit from now: the reminder says 3 (the ceiling of the days left). */
function endPackageSoon(userId: string) {
  const db = new SQLite(path.join(server.dataDir, 'productimage.db'));
  try {
    db.prepare("update subscriptions set end_at = ? where user_id = ? and status = 'active'").run(
      Date.now() + 2.5 * 24 * 3600 * 1000,
      userId,
    );
  } finally {
    db.close();
  }
}

it('reminds a member once, with the days left, when the package ends within 3 days', async () => {
  const token = await loginByApi(server, newPhone());
  await buyBasicMonthly(token);
  const me = await call<{ user: { id: string } }>(server, 'GET', '/api/user/current', { token });
  endPackageSoon(me.data.user.id);

  const context = await loggedInContext(browser, token, { language: 'en' });
  const page = await context.newPage();
  await page.goto(`${server.app}/`);
  const reminder = page.getByTestId('membership-reminder');
  await reminder.waitFor();
  expect(await reminder.textContent()).toContain('3');
  await reminder.getByTestId('reminder-go-member').click();
  await page.getByTestId('member-page').waitFor();

  // The flag is set: it does not open again.
  await page.goto(`${server.app}/`);
  await page.getByTestId('coin-balance').waitFor();
  await page.getByTestId('home-page').waitFor();
  // The reminder opens right after the user loads; once the page is idle it would be there.
  await page.waitForLoadState('networkidle');
  expect(await page.getByTestId('membership-reminder').count()).toBe(0);
  await context.close();
});

it('never reminds a free user', async () => {
  const token = await loginByApi(server, newPhone());
  const context = await loggedInContext(browser, token, { language: 'en' });
  const page = await context.newPage();
  await page.goto(`${server.app}/`);
  await page.getByTestId('coin-balance').waitFor();
  await page.getByTestId('home-page').waitFor();
  // The reminder opens right after the user loads; once the page is idle it would be there.
  await page.waitForLoadState('networkidle');
  expect(await page.getByTestId('membership-reminder').count()).toBe(0);
  await context.close();
});
