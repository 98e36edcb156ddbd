import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loggedInContext, loginByApi, newPhone } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, sharedServer } from './support/server.ts';

/**
 * The open API as a merchant sets it up (docs/open-api.md): in personal settings a key is created and
 * shown once, the merchant's system uses it, and revoking it in the page refuses the next call.
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

const openCall = (key: string) => fetch(`${server.origin}/api/open/v1/tasks`, { headers: { authorization: `Bearer ${key}` } });

it('creates a key shown once, uses it from outside, and revokes it from the settings page', async () => {
  const token = await loginByApi(server, newPhone());
  const context = await loggedInContext(browser, token, { language: 'en' });
  const page = await context.newPage();
  await page.goto(`${server.app}/personal-setting`);
  const keys = page.getByTestId('open-api-keys');
  await expect.poll(() => keys.getByText('No API keys yet').isVisible(), { timeout: 30_000 }).toBe(true);

  await page.getByTestId('open-api-key-name').fill('Shop ERP');
  await page.getByTestId('open-api-key-create').click();
  const secret = page.getByTestId('open-api-secret');
  await secret.waitFor();
  const key = (await secret.textContent())?.trim() ?? '';
  expect(key).toMatch(/^isk_/);
  await page.getByText('I have saved it').click();

  // The list names the key by its first characters only, never the whole key.
  const list = page.getByTestId('open-api-key-list');
  await expect.poll(() => list.textContent(), { timeout: 10_000 }).toContain('Shop ERP');
  expect(await list.textContent()).toContain(key.slice(0, 10));
  expect(await list.textContent()).not.toContain(key);

  expect((await openCall(key)).status).toBe(200);
  await page.reload();
  await expect.poll(() => list.textContent(), { timeout: 10_000 }).toContain('127.0.0.1');

  await list.getByTestId('open-api-key-revoke').click();
  await page.getByTestId('open-api-confirm-yes').click();
  await expect.poll(() => keys.getByText('No API keys yet').isVisible(), { timeout: 10_000 }).toBe(true);
  expect((await openCall(key)).status).toBe(401);

  // The reference page of the open surface is served by the product.
  const docs = await fetch(`${server.origin}/api/open/v1/openapi.json`);
  expect(Object.keys((await docs.json()).paths)).toContain('/api/open/v1/tasks');
  await context.close();

  // ... under its own name and mark, in the reader's language (issue 41: English only, the framework's).
  for (const [language, title, operation] of [
    ['zh', 'InspoShot 开放接口', '创建任务，与网页端一致'],
    ['en', 'InspoShot Open API', 'Creates a task as the web app does'],
  ] as const) {
    const reader = await loggedInContext(browser, token, { language });
    const reference = await reader.newPage();
    await reference.goto(`${server.origin}/api/open/v1/docs/`);
    await expect.poll(() => reference.locator('.info .title').textContent(), { timeout: 30_000 }).toContain(title);
    expect(await reference.locator('.opblock-summary-description').allTextContents()).toContainEqual(
      expect.stringContaining(operation),
    );
    expect(await reference.title()).toBe('InspoShot Open API · 开放接口');
    expect(await reference.locator('.topbar img').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await reader.close();
  }
});
