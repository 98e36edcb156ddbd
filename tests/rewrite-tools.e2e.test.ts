import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ffmpegPath } from '../packages/server/src/engines/local/ffmpeg.ts';
import { productPhoto } from '../packages/server/src/engines/local/test-fixtures.test-support.ts';
import { type FakeLlm, startFakeLlm } from '../packages/server/src/engines/openai-chat/fake-llm.test-support.ts';
import {
  type FakeImagesApi,
  startFakeImagesApi,
} from '../packages/server/src/engines/openai-images/fake-images-api.test-support.ts';
import { loggedInContext, loginByApi, newPhone } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * The picture and video-script rewrites (/rewrite-image, /rewrite-video) in real Chromium against the
 * real server. The remote providers cannot run here: the chat model is the OpenAI-protocol double and
 * the images API the OpenAI images double; ffmpeg (the product's own) reads a three-shot video.
 */
let server: RunningServer;
let browser: Browser;
let llm: FakeLlm;
let images: FakeImagesApi;

const script = JSON.stringify({
  title: '保温杯的一天',
  shots: [
    { shot: 1, picture: '清晨桌上的保温杯', line: '早上第一口热水', duration: 2 },
    { shot: 2, picture: '通勤路上握着杯子', line: '一路都是暖的', duration: 2 },
    { shot: 3, picture: '晚上倒出还冒热气', line: '十二小时还烫嘴', duration: 2 },
  ],
});

function threeShotVideo(): Buffer {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'rewrite-e2e-')), 'v.mp4');
  execFileSync(ffmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'color=c=red:s=320x240:d=2'],
    ...['-f', 'lavfi', '-i', 'color=c=blue:s=320x240:d=2'],
    ...['-f', 'lavfi', '-i', 'testsrc=s=320x240:d=2'],
    ...['-filter_complex', '[0][1][2]concat=n=3:v=1:a=0', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', file],
  ]);
  return readFileSync(file);
}

beforeAll(async () => {
  llm = await startFakeLlm({ respond: () => script });
  images = await startFakeImagesApi();
  server = await startServer({
    LLM_BASE_URL: llm.url,
    LLM_MODEL: 'fake-model',
    LLM_MAX_RETRIES: '0',
    IMAGE_API_BASE_URL: images.url,
    IMAGE_API_MODEL: 'gpt-image-1',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await llm?.close();
  await images?.close();
});

it('rewrites a picture with the product picture into two new pictures priced 10 coins each, regenerates one', async () => {
  const token = await loginByApi(server, newPhone());
  const context = await loggedInContext(browser, token, { language: 'zh' });
  const page = await context.newPage();
  await page.goto(`${server.app}/rewrite-image`);
  await page
    .getByTestId('rewrite-picture-upload-input')
    .setInputFiles({ name: 'cup.png', mimeType: 'image/png', buffer: await productPhoto() });
  await page.getByTestId('rewrite-picture-upload-preview').waitFor();
  // The product picture (issue 30: the page used to keep it on screen and never send it).
  await page
    .getByTestId('rewrite-product-upload-input')
    .setInputFiles({ name: 'my-cup.png', mimeType: 'image/png', buffer: await productPhoto(1024, 1024, 'png', 5) });
  await page.getByTestId('rewrite-product-upload-preview').waitFor();
  const sentBefore = images.requests.length;
  await page.getByTestId('rewrite-pic-desc').fill('白色桌面上居中摆放一只红色杯子');
  await page.getByTestId('rewrite-product').fill('316 不锈钢保温杯');
  // genNum 2 by default (spec 001 §9): the button says 20 coins before anything is charged.
  expect(await page.getByTestId('rewrite-cost').textContent()).toContain('20');
  await page.getByTestId('rewrite-submit').click();

  const batch = page.getByTestId('rewrite-batch');
  await expect.poll(() => batch.getAttribute('data-state'), { timeout: 60_000 }).toBe('done');
  const items = page.getByTestId('rewrite-item');
  expect(await items.count()).toBe(2);
  await expect.poll(() => page.getByTestId('rewrite-item-picture').count()).toBe(2);
  // The submit carried both pictures: every edit the images API received had the original and the product.
  const edits = images.requests.slice(sentBefore).filter((r) => r.path.endsWith('/images/edits'));
  expect(edits).toHaveLength(2);
  for (const edit of edits) expect(edit.files['image[]']).toBe(2);
  // The pictures are real images the browser decoded.
  const widths = await page
    .getByTestId('rewrite-item-picture')
    .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth));
  for (const w of widths) expect(w).toBeGreaterThan(0);

  const secondTask = await items.nth(1).getAttribute('data-task-id');
  await items.nth(1).getByTestId('rewrite-regenerate').click();
  await expect.poll(() => items.nth(1).getAttribute('data-task-id')).not.toBe(secondTask);
  await expect.poll(() => batch.getAttribute('data-state'), { timeout: 60_000 }).toBe('done');
  await expect.poll(() => page.getByTestId('rewrite-item-picture').count()).toBe(2);
  await context.close();
});

it('reads a video with ffmpeg, writes shot-by-shot scripts, dislikes one with a script reason, and fits a phone', async () => {
  const token = await loginByApi(server, newPhone());
  const context = await loggedInContext(browser, token, { language: 'zh', mobile: true });
  const page = await context.newPage();
  await page.goto(`${server.app}/rewrite-video`);
  await page
    .getByTestId('rewrite-video-input')
    .setInputFiles({ name: 'hot.mp4', mimeType: 'video/mp4', buffer: threeShotVideo() });
  const shots = page.getByTestId('rewrite-video-shots');
  await shots.waitFor();
  expect(await shots.textContent()).toContain('3 个镜头');
  expect(await shots.locator('img').count()).toBe(3);
  await page.getByTestId('rewrite-product').fill('316 不锈钢保温杯');
  await page.getByTestId('rewrite-submit').click();

  const batch = page.getByTestId('rewrite-batch');
  await expect.poll(() => batch.getAttribute('data-state'), { timeout: 60_000 }).toBe('done');
  const items = page.getByTestId('rewrite-item');
  expect(await items.count()).toBe(2);
  expect(await items.nth(0).getByTestId('rewrite-script-shot').count()).toBe(3);
  expect(await items.nth(0).getByTestId('rewrite-script').textContent()).toContain('早上第一口热水');
  expect(await page.getByTestId('rewrite-original-shots').locator('img').count()).toBe(3);

  await items.nth(0).getByTestId('rewrite-dislike').click();
  expect(await page.getByTestId('dislike-reason-3').textContent()).toBe('脚本与原视频无关');
  await page.getByTestId('dislike-reason-3').click();
  await page.getByTestId('rewrite-dislike-ok').click();
  await expect.poll(() => items.nth(0).getByTestId('rewrite-dislike-reason').textContent()).toBe('脚本与原视频无关');

  // Nothing overflows the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // A reload returns to this tool's batch.
  const batchId = await batch.getAttribute('data-batch-id');
  await page.reload();
  await expect.poll(() => page.getByTestId('rewrite-batch').getAttribute('data-batch-id')).toBe(batchId);
  await context.close();
});
