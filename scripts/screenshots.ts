/**
 * Takes the README screenshots from the real product: starts the server on a fresh DATA_DIR, logs a
 * user in through the dev outbox, and captures the home page (zh and en) and a cutout result.
 * Usage: npm run screenshots (the web app must be built: npm run build; Chinese text needs Debian's
 * fonts-noto-cjk, `apt-get install fonts-noto-cjk`).
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { loggedInContext, loginByApi, newPhone } from '../tests/support/api.ts';
import { launchBrowser } from '../tests/support/browser.ts';
import { startServer } from '../tests/support/server.ts';

const out = path.resolve(import.meta.dirname, '../docs/images');
const server = await startServer();
const browser = await launchBrowser();
try {
  const token = await loginByApi(server, newPhone());
  for (const language of ['zh', 'en'] as const) {
    const context = await loggedInContext(browser, token, { language });
    const page = await context.newPage();
    await page.goto(`${server.app}/`);
    await page.getByTestId('coin-balance').waitFor();
    // The home page's before/after pictures (made by the engine at build time) are lazy: load them
    // all for the full-page picture, and wait until every one has decoded.
    await page.getByTestId('home-showcase').waitFor();
    await page.evaluate(async () => {
      const images = [...document.querySelectorAll('img')];
      for (const image of images) image.loading = 'eager';
      await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    });
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(out, `home-${language}.png`), fullPage: true });
    await context.close();
  }
  // A product photo drawn with sharp, cut out by the real local engine.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><rect width="100%" height="100%" fill="#e8ecf2"/><rect x="330" y="260" width="360" height="520" rx="60" fill="#d23b3b"/><circle cx="512" cy="300" r="90" fill="#2352d8"/></svg>`;
  const noise = await sharp(Buffer.from(Array.from({ length: 1024 * 1024 * 3 }, () => Math.floor(Math.random() * 24))), {
    raw: { width: 1024, height: 1024, channels: 3 },
  })
    .png()
    .toBuffer();
  const photo = path.join(server.dataDir, 'product.jpg');
  fs.writeFileSync(
    photo,
    await sharp(Buffer.from(svg))
      .composite([{ input: noise, blend: 'add' }])
      .jpeg({ quality: 97 })
      .toBuffer(),
  );
  const context = await loggedInContext(browser, token, { language: 'en' });
  const page = await context.newPage();
  await page.goto(`${server.app}/ai-cutout`);
  await page.getByTestId('image-upload-input').setInputFiles(photo);
  await page.getByTestId('image-upload-preview').waitFor();
  await page.getByTestId('generate').click();
  await page.getByTestId('result-image').waitFor({ timeout: 120_000 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(out, 'cutout-en.png') });
  await context.close();
  console.log(`screenshots written to ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
