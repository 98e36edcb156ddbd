import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { corpusScene } from '../packages/server/src/engines/local/photo-corpus.test-support.ts';
import { productPhoto } from '../packages/server/src/engines/local/test-fixtures.test-support.ts';
import { call, loggedInContext, loginByApi, newPhone, paidMemberByApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, sharedServer } from './support/server.ts';

/**
 * The batch studio (/batch, issue 33) in Chromium against the real server and local engine: a free
 * account sees what it does and the membership prompt; a member drops two product photos (Semi's
 * upload: thumbnails before the start), sees the whole cost, starts the batch (cut-out on white),
 * watches the grid fill with before/after pairs and downloads the ZIP with its manifest; the records
 * tell what happened (issue 41: one ledger line naming the batch and its tool, one history card that
 * opens to the items, the tool in the history filter, the inbox receipt in Chinese and English), and
 * on a 390 px phone in Chinese the finished batch reads final statuses without sideways scroll; then
 * the member picks an earlier result and a product of the library for the next batch, where
 * background reproduction waits for its one reference picture and an AI photography recipe without a
 * provider says so before anything is charged. A busy photo (a mug beside a floor lamp, issue 44)
 * offers its keep/drop choices on the product background and on a batch, with the mask editor one
 * click away, and the batch's redo runs the picture with the choice.
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

/** A member's token (basic monthly, paid in the sandbox). */
const memberToken = () => paidMemberByApi(server);

/** The page's width against the screen's, and how many lines the ZIP button's label takes (when shown). */
function phoneFits(page: Page) {
  return page.evaluate(() => {
    const label = document.querySelector('[data-testid="batch-zip"] .semi-button-content');
    const range = document.createRange();
    if (label) range.selectNodeContents(label);
    const lines = label ? new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size : 0;
    return { scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth, zipLines: lines };
  });
}

// Two real cutouts, then the records and a phone page: beside other journeys on two cores it can
// outlast the journeys' 180 s.
it('free accounts see the upgrade path; members run a batch and download its ZIP', { timeout: 360_000 }, async () => {
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

  const token = await memberToken();
  context = await loggedInContext(browser, token);
  page = await context.newPage();
  await page.goto(`${server.app}/batch`);
  await page.getByTestId('batch-form').waitFor();
  // Semi's upload (issue 41: it was the browser's own control): each picture a thumbnail before the start.
  await page.getByTestId('batch-files').locator('input[type="file"]').first().setInputFiles(photos);
  await expect.poll(() => page.getByTestId('batch-cost').textContent()).toContain('Cost: 20 coins (2 × 10)');
  await expect.poll(() => page.getByTestId('batch-files').locator('.semi-upload-picture-file-card img').count()).toBe(2);
  expect(await page.getByTestId('batch-files').locator('.semi-upload-picture-file-card-uploading').count()).toBe(0);
  await page.getByTestId('batch-start').click();
  await page.getByTestId('batch-detail').waitFor();
  await expect.poll(() => page.getByTestId('batch-status').textContent(), { timeout: 240_000, interval: 1000 }).toBe('Completed');
  await expect.poll(() => page.locator('[data-testid="batch-item"][data-status="completed"]').count()).toBe(2);
  // Each item's before and after (a region choice's crop, issue 44, is a picture of its own beside them).
  expect(await page.locator('[data-testid="batch-item"] .batch-pair img').count()).toBe(4);
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

  // What the records say (issue 41), each on a page of its own beside the batch studio.
  const [{ batchId: madeId }] = (await call(server, 'GET', '/api/batches', { token })).data;
  const records = await context.newPage();
  // The history beside the batch reads its final status.
  await expect.poll(() => page.getByTestId('batch-history-item').first().textContent()).toContain('Completed');
  // The points history: one line for the batch's charges, naming the batch and its tool.
  await records.goto(`${server.app}/member`);
  await records.getByTestId('history-tab').click();
  await expect
    .poll(() => records.getByTestId('ledger-reason').first().textContent())
    .toBe(`Generation · Batch Product background × 2 (batch ${madeId.slice(0, 8)})`);
  expect(await records.getByTestId('ledger-delta').first().textContent()).toBe('-20');
  // The creation space: the batch is one card that opens to its two items; the tool filter lists the tool used.
  await records.goto(`${server.app}/personal-center`);
  await expect.poll(() => records.getByTestId('creation-item').count()).toBe(1);
  expect(await records.getByTestId('creation-batch').textContent()).toBe('Batch · Product background × 2');
  await records.getByTestId('filter-tool').click();
  await expect.poll(() => records.locator('.semi-select-option').allTextContents()).toEqual(['All tools', 'Product background']);
  await records.keyboard.press('Escape');
  await records.getByTestId('creation-batch-expand').click();
  await records.getByTestId('creation-batch-bar').waitFor();
  await expect.poll(() => records.getByTestId('creation-item').count()).toBe(2);
  // The inbox: one receipt for the finished batch, in Chinese and English, with its counts.
  await records.getByTestId('inbox-bell').click();
  const receipt = records.getByTestId('inbox-item').filter({ hasText: 'Batch finished' });
  await expect.poll(() => receipt.count()).toBe(1);
  expect(await receipt.textContent()).toContain('批量任务已完成');
  await receipt.click();
  await expect.poll(() => records.getByTestId('inbox-detail').textContent()).toContain('2 done, 0 failed, 0 stopped');
  expect(await records.getByTestId('inbox-detail').textContent()).toContain('2 张完成，0 张失败，0 张已停止');
  await records.close();

  // On a phone, in Chinese: final statuses, nothing wider than the screen, the ZIP button's label on one line.
  const phone = await loggedInContext(browser, token, { language: 'zh', mobile: true });
  const small = await phone.newPage();
  await small.goto(`${server.app}/batch?id=${madeId}`);
  await expect.poll(() => small.getByTestId('batch-status').textContent()).toBe('已完成');
  expect(await small.getByTestId('batch-history-item').first().textContent()).toContain('已完成');
  expect(await small.locator('[data-testid="batch-item"] .semi-tag').allTextContents()).not.toContain('进行中');
  // (The unread receipt's badge on the header's "me" button once made it 391.)
  expect(await phoneFits(small)).toEqual({ scrollWidth: 390, innerWidth: 390, zipLines: 1 });
  await small.getByTestId('batch-new').click();
  await small.getByTestId('batch-files').waitFor();
  // (The recipe select, 400 px wide, once made it 412.)
  expect((await phoneFits(small)).scrollWidth).toBe(390);
  await phone.close();

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
  await page.getByTestId('batch-second-files').locator('input[type="file"]').first().setInputFiles(photos[1]!);
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
  const token = await memberToken();
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

// Two region look-ups and two cuts of one busy photo (the model's masks cached after the first).
it('a busy photo offers its keep/drop choices on the product background and on a batch (issue 44)', {
  timeout: 360_000,
}, async () => {
  const token = await memberToken();
  // A mug beside a floor lamp (the photo corpus's scene 28), as PNG: uploads weigh 500 KB at least.
  const busy = path.join(dir, 'mug-lamp.png');
  fs.writeFileSync(
    busy,
    await sharp((await corpusScene(28)).photo)
      .png()
      .toBuffer(),
  );
  const context = await loggedInContext(browser, token);
  const page = await context.newPage();
  await page.goto(`${server.app}/product-bg`);
  await page.getByTestId('image-upload-input').setInputFiles(busy);
  await page.getByTestId('image-upload-preview').waitFor();
  // Before anything is charged: the lamp as a one-click choice, and the mask editor one click away.
  await page.getByTestId('region-choices').waitFor({ timeout: 180_000 });
  expect(await page.locator('[data-testid="region-choice"], [data-testid="region-kept"]').count()).toBeGreaterThanOrEqual(1);
  await page.getByTestId('region-mask-editor').click();
  await page.getByTestId('tool-aiCutout').waitFor();
  await page.getByTestId('image-upload-preview').waitFor();

  // A batch of that photo: the finished picture says what else its cut left or kept, with the same choices.
  await page.goto(`${server.app}/batch`);
  await page.getByTestId('batch-files').locator('input[type="file"]').first().setInputFiles(busy);
  await expect.poll(() => page.getByTestId('batch-cost').textContent()).toContain('(1 × 10)');
  await page.getByTestId('batch-start').click();
  await page.getByTestId('batch-detail').waitFor();
  await expect.poll(() => page.getByTestId('batch-status').textContent(), { timeout: 240_000, interval: 1000 }).toBe('Completed');
  const choices = page.getByTestId('batch-item-choices');
  await choices.waitFor();
  expect(await choices.locator('[data-testid="batch-item-kept"], [data-testid="batch-item-left-out"]').count()).toBe(1);
  expect(await choices.getByTestId('region-mask-editor').getAttribute('href')).toContain('/ai-cutout?genOriginImgUrl=');
  const redo = page.getByTestId('batch-item-redo-choices');
  expect(await redo.isDisabled()).toBe(true);
  const region = choices.locator('[data-testid="region-choice"], [data-testid="region-kept"]').first();
  const wasPressed = await region.getAttribute('aria-pressed');
  await region.click();
  expect(await region.getAttribute('aria-pressed')).not.toBe(wasPressed);
  await redo.click();
  // The picture runs again (charged as one) with the choice, as the batch now says.
  const [{ batchId }] = (await call(server, 'GET', '/api/batches', { token })).data;
  await expect
    .poll(async () => (await call(server, 'GET', `/api/batches/${batchId}`, { token })).data.items[0].choices, {
      timeout: 20_000,
    })
    .toMatchObject(wasPressed === 'true' ? { drop: [expect.any(Array)] } : { keep: [expect.any(Array)] });
  await expect.poll(() => page.getByTestId('batch-status').textContent(), { timeout: 240_000, interval: 1000 }).toBe('Completed');
  await context.close();

  // On a 390 px phone in Chinese: the choices fit the screen.
  const phone = await loggedInContext(browser, token, { language: 'zh', mobile: true });
  const small = await phone.newPage();
  await small.goto(`${server.app}/batch?id=${batchId}`);
  await small.getByTestId('batch-item-choices').waitFor();
  expect(await small.getByTestId('batch-item-choices').textContent()).toContain('按所选重做');
  expect((await phoneFits(small)).scrollWidth).toBe(390);
  await phone.close();
});
