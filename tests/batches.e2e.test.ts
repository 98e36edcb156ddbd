import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { productPhoto } from '../packages/server/src/engines/local/test-fixtures.test-support.ts';
import { call, loggedInContext, loginByApi, newPhone } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, sharedServer } from './support/server.ts';

/**
 * The batch studio (/batch, issue 33) in Chromium against the real server and local engine: a free
 * account sees what it does and the membership prompt; a member drops two product photos, sees the
 * whole cost, starts the batch (cut-out on white), watches the grid fill with before/after pairs and
 * downloads the ZIP with its manifest, then picks an earlier result and a product of the library for
 * the next batch, where background reproduction waits for its one reference picture and an AI
 * photography recipe without a provider says so before anything is charged.
 */
let server: RunningServer;
let browser: Browser;
let dir: string;
const photos: string[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-batch-'));
  for (const seed of [1, 2]) {
    const file = path.join(dir, `bottle-${seed}.png`);
    fs.writeFileSync(file, await productPhoto(1024, 1024, 'png', seed));
    photos.push(file);
  }
  server = await sharedServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('free accounts see the upgrade path; members run a batch and download its ZIP', async () => {
  const free = await loginByApi(server, newPhone());
  let context = await loggedInContext(browser, free);
  let page = await context.newPage();
  await page.goto(`${server.app}/batch`);
  await page.getByTestId('batch-upgrade').waitFor();
  await expect
    .poll(() => page.getByTestId('membership-message').textContent())
    .toBe('Batch studio is a paid-membership benefit.');
  expect(await page.getByTestId('batch-form').count()).toBe(0);
  await context.close();

  const token = await loginByApi(server, newPhone());
  const order = await call(server, 'POST', '/api/orders', { token, json: { productId: 'basic-monthly' } });
  const payUrl = new URL(order.data.payUrl as string);
  const paid = await fetch(`${server.origin}${payUrl.pathname}/pay${payUrl.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ result: 'success' }),
  });
  expect(paid.status).toBe(200);
  context = await loggedInContext(browser, token);
  page = await context.newPage();
  await page.goto(`${server.app}/batch`);
  await page.getByTestId('batch-form').waitFor();
  await page.getByTestId('batch-files').setInputFiles(photos);
  await expect.poll(() => page.getByTestId('batch-cost').textContent()).toContain('Cost: 20 coins (2 × 10)');
  await page.getByTestId('batch-start').click();
  await page.getByTestId('batch-detail').waitFor();
  await expect.poll(() => page.getByTestId('batch-status').textContent(), { timeout: 240_000, interval: 1000 }).toBe('Completed');
  await expect.poll(() => page.locator('[data-testid="batch-item"][data-status="completed"]').count()).toBe(2);
  expect(await page.locator('[data-testid="batch-item"] img').count()).toBe(4);
  expect(await page.getByTestId('batch-history-item').count()).toBe(1);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('batch-zip').click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const zip = await JSZip.loadAsync(Buffer.concat(chunks));
  expect(Object.keys(zip.files).sort()).toEqual(['001_bottle-1.jpg', '002_bottle-2.jpg', 'manifest.csv']);
  const manifest = (await zip.file('manifest.csv')!.async('string'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(manifest).toHaveLength(3);
  // Source name, status, file, size and bytes, then every check (quoted: details hold commas) and the failing ones.
  expect(manifest[1]).toMatch(/^bottle-1\.png,completed,001_bottle-1\.jpg,2000,2000,\d+,"size:ok .*background:ok .*",/);

  // A next batch can start from earlier results (the batch's own outputs are among them).
  await page.getByTestId('batch-new').click();
  await page.getByTestId('batch-from-results').click();
  await page.locator('.batch-pick').first().click();
  await page.locator('.semi-modal-footer button').last().click();
  await expect.poll(() => page.getByTestId('batch-cost').textContent()).toContain('Cost: 10 coins (1 × 10)');

  // ... and from the product library: a product whose picture is one the member uploaded.
  const [{ batchId }] = (await call(server, 'GET', '/api/batches', { token })).data;
  const first = (await call(server, 'GET', `/api/batches/${batchId}`, { token })).data.items[0].input[0];
  await call(server, 'POST', '/api/goods', { token, json: { name: 'Bottle', images: [first] } });
  await page.getByTestId('batch-from-goods').click();
  await page.getByTestId('batch-goods-item').filter({ hasText: 'Bottle (1)' }).click();
  await page.getByTestId('batch-goods-add').click();
  await expect.poll(() => page.getByTestId('batch-cost').textContent()).toContain('Cost: 20 coins (2 × 10)');

  // Background reproduction takes one reference picture for the whole set: the batch waits for it.
  await page.getByTestId('batch-recipe').click();
  await page.getByRole('option', { name: 'Background reproduction: each product in your reference picture' }).click();
  await expect.poll(() => page.getByTestId('batch-missing').textContent()).toContain('2 pictures still need this');
  expect(await page.getByTestId('batch-start').isDisabled()).toBe(true);
  await page.getByTestId('batch-second-files').setInputFiles(photos[1]!);
  await page.getByTestId('batch-second-chosen').waitFor();
  expect(await page.getByTestId('batch-missing').count()).toBe(0);
  await expect.poll(() => page.getByTestId('batch-cost').textContent()).toContain('Cost: 20 coins (2 × 10)');
  expect(await page.getByTestId('batch-start').isDisabled()).toBe(false);

  // An AI photography recipe whose tool has no provider here says so, and the batch cannot start.
  await page.getByTestId('batch-recipe').click();
  await page.getByRole('option', { name: 'AI photography: Product image (needs a provider)' }).click();
  await expect
    .poll(() => page.getByTestId('batch-no-engine').textContent())
    .toContain('Product image needs an AI provider, and none is connected on this server yet');
  expect(await page.getByTestId('batch-start').isDisabled()).toBe(true);
  await context.close();
});

it("a member's house look (model, expression, scene) pre-fills three model tools and a batch (issue 47)", async () => {
  const token = await loginByApi(server, newPhone());
  const order = await call(server, 'POST', '/api/orders', { token, json: { productId: 'basic-monthly' } });
  const payUrl = new URL(order.data.payUrl as string);
  await fetch(`${server.origin}${payUrl.pathname}/pay${payUrl.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ result: 'success' }),
  });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(fs.readFileSync(photos[0]!))], { type: 'image/png' }), 'me.png');
  const uploaded = await fetch(`${server.origin}/api/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const picture = ((await uploaded.json()) as { data: string[] }).data[0];
  const model = await call(server, 'POST', '/api/model-library', { token, json: { name: 'House model', picture } });
  expect(model.code, model.msg).toBe(0);
  const saved = await call(server, 'PUT', '/api/model-library/house-look', {
    token,
    json: { modelId: model.data.modelId, expression: 'smile', sceneId: 'street', customScene: '' },
  });
  expect(saved.code, saved.msg).toBe(0);

  const context = await loggedInContext(browser, token);
  const page = await context.newPage();
  const pressed = (testId: string) => page.getByTestId(testId).getAttribute('aria-pressed');
  for (const path of ['/model-photo-new', '/human-figure-image', '/tryon']) {
    await page.goto(`${server.app}${path}`);
    await expect.poll(() => page.getByTestId('model-chosen').textContent(), { timeout: 20_000 }).toContain('House model');
    expect({ path, smile: await pressed('expression-smile'), street: await pressed('scene-street') }).toEqual({
      path,
      smile: 'true',
      street: 'true',
    });
  }
  await page.goto(`${server.app}/batch`);
  await page.getByTestId('batch-form').waitFor();
  await page.getByTestId('batch-recipe').click();
  await page.getByRole('option', { name: /AI photography: Model photo/ }).click();
  await expect.poll(() => page.getByTestId('model-chosen').textContent(), { timeout: 20_000 }).toContain('House model');
  expect(await pressed('expression-smile')).toBe('true');
  await context.close();
});
