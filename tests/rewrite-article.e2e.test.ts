import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../packages/server/src/engines/openai-chat/fake-llm.test-support.ts';
import { loggedInContext, loginByApi, newPhone } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Hot-article rewrite (/rewrite-article) in real Chromium against the real server; the chat model is
 * the OpenAI-protocol double (the remote provider cannot run here), streaming slowly enough that a
 * reload lands while the rewrite runs.
 */
let server: RunningServer;
let browser: Browser;
let llm: FakeLlm;
let n = 0;

beforeAll(async () => {
  llm = await startFakeLlm({
    respond: () => `标题：保温杯的冬天${++n}\n正文：${'早上灌满热水，下班还是温的。'.repeat(6)}`,
    chunkDelayMs: 120,
    charsPerChunk: 6,
  });
  server = await startServer({ LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-model', LLM_MAX_RETRIES: '0' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await llm?.close();
});

it('rewrites pasted text into two items, returns to the running batch after a reload, regenerates one and dislikes with a reason', async () => {
  const token = await loginByApi(server, newPhone());
  const context = await loggedInContext(browser, token, { language: 'zh' });
  const page = await context.newPage();
  await page.goto(`${server.app}/rewrite-article`);
  await page.getByTestId('rewrite-article').fill('冬天喝热水的十个好处：暖胃、提神、护嗓……');
  await page.getByTestId('rewrite-product').fill('316 不锈钢保温杯，12 小时保温');
  await page.getByTestId('rewrite-count-2').click();
  await page.getByTestId('rewrite-submit').click();

  const batch = page.getByTestId('rewrite-batch');
  await expect.poll(() => batch.getAttribute('data-state')).toBe('running');
  const batchId = await batch.getAttribute('data-batch-id');
  expect(batchId).toMatch(/^[0-9a-f-]{36}$/);

  // Reload while it runs: the page returns to the open batch (its id is kept locally).
  await page.reload();
  await expect.poll(() => page.getByTestId('rewrite-batch').getAttribute('data-batch-id')).toBe(batchId);
  await expect.poll(() => page.getByTestId('rewrite-batch').getAttribute('data-state'), { timeout: 60_000 }).toBe('done');
  const items = page.getByTestId('rewrite-item');
  await expect.poll(() => items.count()).toBe(2);
  const titles = await page.getByTestId('rewrite-item-title').allTextContents();
  expect(titles).toHaveLength(2);
  for (const title of titles) expect(title).toMatch(/^保温杯的冬天\d+$/);

  // Regenerate the second item only.
  const firstTask = await items.nth(0).getAttribute('data-task-id');
  const secondTask = await items.nth(1).getAttribute('data-task-id');
  await items.nth(1).getByTestId('rewrite-regenerate').click();
  await expect.poll(() => items.nth(1).getAttribute('data-task-id')).not.toBe(secondTask);
  await expect.poll(() => page.getByTestId('rewrite-batch').getAttribute('data-state'), { timeout: 60_000 }).toBe('done');
  expect(await items.nth(0).getAttribute('data-task-id')).toBe(firstTask);
  expect(await items.nth(1).getByTestId('rewrite-item-title').textContent()).not.toBe(titles[1]);

  // Dislike the first with one of the spec's reasons.
  await items.nth(0).getByTestId('rewrite-dislike').click();
  await page.getByTestId('dislike-reason-3').click();
  await page.getByTestId('rewrite-dislike-ok').click();
  await expect.poll(() => page.locator('.semi-toast-content-text').last().textContent()).toContain('感谢您的反馈');
  await expect.poll(() => items.nth(0).getByTestId('rewrite-dislike-reason').textContent()).toBe('文案风格不搭');

  // A new rewrite starts from the placeholder; the batch stays listed on the server.
  await page.getByTestId('rewrite-new').click();
  await page.getByTestId('rewrite-form').waitFor();
  await page.reload();
  await page.getByTestId('rewrite-form').waitFor();
  await context.close();
});
