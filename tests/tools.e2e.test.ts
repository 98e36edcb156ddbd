import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInContext, loginByApi, newPhone } from './shellSupport.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * The generation tools in real Chromium against the real server and the built-in local engines:
 * upload a product photo to /ai-cutout, generate, watch the progress, get a transparent cutout,
 * download it, rate it and find it in the creation space; make a video on /ai-video-single.
 */
let server: RunningServer;
let browser: Browser;
let dir: string;
let photo: string;
let tinyPhoto: string;

/** A 1024x1024 JPEG of a red box with a blue ball on a light grey ground; noise makes it > 500 KB. */
async function productPhoto(): Promise<Buffer> {
  const size = 1024;
  const noise = await sharp({
    create: { width: size, height: size, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 0, sigma: 30 } },
  })
    .png()
    .toBuffer();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="#e8ecf2"/><rect x="330" y="260" width="360" height="520" rx="60" fill="#d23b3b"/><circle cx="512" cy="300" r="90" fill="#2352d8"/></svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: 'add' }])
    .jpeg({ quality: 97 })
    .toBuffer();
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-tools-'));
  const data = await productPhoto();
  expect(data.length).toBeGreaterThan(500 * 1024);
  photo = path.join(dir, 'product.jpg');
  fs.writeFileSync(photo, data);
  tinyPhoto = path.join(dir, 'tiny.png');
  fs.writeFileSync(
    tinyPhoto,
    await sharp({ create: { width: 600, height: 600, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const toastText = (page: Page) => page.locator('.semi-toast-content-text').last().textContent();
const coins = (page: Page) => page.getByTestId('coin-balance').textContent();

async function openTool(route: string, language: 'en' | 'zh' = 'en') {
  const token = await loginByApi(server, newPhone());
  const context = await loggedInContext(browser, token, { language });
  const page = await context.newPage();
  await page.goto(`${server.app}${route}`);
  return { context, page };
}

/** The alpha of the shown result's top-left pixel and its centre, read in the page. */
function resultAlpha(page: Page) {
  return page.getByTestId('result-image').evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const canvas = Object.assign(document.createElement('canvas'), { width: img.naturalWidth, height: img.naturalHeight });
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const at = (x: number, y: number) => ctx.getImageData(x, y, 1, 1).data[3];
    return { corner: at(2, 2), centre: at(img.naturalWidth / 2, img.naturalHeight / 2), width: img.naturalWidth };
  });
}

describe('one-click cutout', () => {
  it('refuses a too-small file with the server message, then cuts out a photo with progress, download, rating and history', async () => {
    const { context, page } = await openTool('/ai-cutout');
    await page.getByTestId('tool-aiCutout').waitFor();
    await expect.poll(() => page.getByTestId('tool-instructions').textContent()).toContain('mask editor');
    await expect.poll(() => page.getByTestId('generate-cost').textContent()).toBe('5 coins');
    await expect.poll(() => coins(page)).toContain('500');

    await page.getByTestId('image-upload-input').setInputFiles(tinyPhoto);
    await expect
      .poll(() => page.getByTestId('image-upload-error').textContent())
      .toBe('The image must not be smaller than 500KB');
    expect(await page.getByTestId('generate').isDisabled()).toBe(true);

    await page.getByTestId('image-upload-input').setInputFiles(photo);
    await page.getByTestId('image-upload-preview').waitFor();
    await page.getByTestId('generate').click();

    // Progress shows while the engine works (the model loads on the first cutout), then the result.
    await page.getByTestId('task-progress').waitFor();
    await expect
      .poll(() => page.getByTestId('task-progress-text').textContent())
      .toMatch(/Waiting in the queue|Generating… \d+%/);
    await page.getByTestId('result-image').waitFor({ timeout: 120_000 });
    const alpha = await resultAlpha(page);
    expect(alpha.corner).toBe(0);
    expect(alpha.centre).toBe(255);
    await expect.poll(() => coins(page)).toContain('495');

    // Standard download for everyone: a PNG whose short side is 1080 px, still transparent.
    await page.getByTestId('download').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-1080P').click()]);
    expect(download.suggestedFilename()).toMatch(/1080P\.png$/);
    const saved = path.join(dir, download.suggestedFilename());
    await download.saveAs(saved);
    const meta = await sharp(saved).metadata();
    expect(Math.min(meta.width!, meta.height!)).toBe(1080);
    expect(meta.hasAlpha).toBe(true);

    // 2K is for paid members: a free account is told so.
    await page.getByTestId('download').click();
    await page.getByTestId('download-2K').click();
    await expect.poll(() => toastText(page)).toContain('2K download requires membership');

    // Rating dialog: score and reasons.
    await page.getByTestId('rating-stars').getByRole('radio').nth(1).click();
    await page.getByTestId('rating-dialog').waitFor();
    await page.getByTestId('rating-reason-edges').click();
    await page.getByTestId('rating-submit').click();
    await expect.poll(() => toastText(page)).toBe('Submitted');

    // The history list of the tool and the creation space both hold it.
    await expect.poll(() => page.getByTestId('history-item').count()).toBe(1);
    await page.goto(`${server.app}/personal-center`);
    await page.getByTestId('creation-list').waitFor();
    await expect.poll(() => page.getByTestId('creation-item').count()).toBe(1);
    await expect.poll(() => page.getByTestId('creation-item').first().textContent()).toContain('Cutout');
    await context.close();
  });
});

describe('image to video', () => {
  it('makes a 2.5 s video on /ai-video-single, which shows no tool tabs, in Chinese', async () => {
    const { context, page } = await openTool('/ai-video-single', 'zh');
    await page.getByTestId('tool-aiVideoSingle').waitFor();
    expect(await page.getByTestId('tool-tabs').count()).toBe(0);
    await expect.poll(() => page.getByTestId('generate-cost').textContent()).toBe('80 灵石');

    await page.getByTestId('image-upload-input').setInputFiles(photo);
    await page.getByTestId('image-upload-preview').waitFor();
    await page.getByTestId('len-I').click();
    await page.getByTestId('generate').click();
    await page.getByTestId('result-video').waitFor({ timeout: 120_000 });
    const duration = await page.getByTestId('result-video').evaluate(
      (video: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          if (video.readyState >= 1) resolve(video.duration);
          else video.addEventListener('loadedmetadata', () => resolve(video.duration), { once: true });
        }),
    );
    expect(duration).toBeGreaterThan(2.3);
    expect(duration).toBeLessThan(2.7);
    await expect.poll(() => coins(page)).toContain('420');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download').click()]);
    expect(download.suggestedFilename()).toMatch(/\.mp4$/);

    // The full video page keeps its tabs.
    await page.goto(`${server.app}/ai-video`);
    await page.getByTestId('tool-aiVideo').waitFor();
    await page.getByTestId('tool-tabs').waitFor();
    await context.close();
  });
});
