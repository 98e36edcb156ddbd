import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loggedInContext, loginByApi, newPhone } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, sharedServer } from './support/server.ts';

/**
 * Poster creation (/poster-create, PLACARD_GEN) in real Chromium against the real server and the
 * local poster engine: type a title and text, pick a ratio and layouts, generate, see the posters,
 * download one and check it is a poster of the asked size.
 */
let server: RunningServer;
let browser: Browser;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-posters-'));
  server = await sharedServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('makes posters in two layouts at 9:16, charges 10 points each and downloads one', async () => {
  const token = await loginByApi(server, newPhone());
  const context = await loggedInContext(browser, token, { language: 'zh' });
  const page = await context.newPage();
  await page.goto(`${server.app}/poster-create`);
  await expect.poll(() => page.getByTestId('generate').isDisabled()).toBe(true);
  await page.getByTestId('poster-title').fill('夏日清爽补水面霜，限时尝鲜价');
  await page.getByTestId('poster-subtitle').fill('Hydra Boost 敏感肌也能放心用');
  await page.getByTestId('poster-body').fill('一抹化水，清透不黏腻。Buy 2 get 1 free, while stocks last!');
  await page.getByTestId('poster-ratio-9-16').click();
  await page.getByTestId('poster-layouts-2').click();
  await page.getByTestId('poster-scene-night').click();
  await expect.poll(() => page.getByTestId('generate-cost').textContent()).toContain('20');
  const before = Number((await page.getByTestId('coin-balance').textContent())?.replace(/\D/g, ''));
  await page.getByTestId('generate').click();
  const image = page.getByTestId('result-image');
  await image.waitFor({ timeout: 60_000 });
  const natural = await image.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  });
  expect(natural).toEqual([1080, 1920]);
  await expect
    .poll(async () => Number((await page.getByTestId('coin-balance').textContent())?.replace(/\D/g, '')))
    .toBe(before - 20);

  await page.getByTestId('download').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-1080P').click()]);
  const saved = path.join(dir, download.suggestedFilename());
  await download.saveAs(saved);
  // The standard download fits 1080 px on the long side (docs/engines.md "Output sizes"): still 9:16.
  const meta = await sharp(saved).metadata();
  expect([meta.width, meta.height, meta.format]).toEqual([608, 1080, 'png']);
  await context.close();
});
