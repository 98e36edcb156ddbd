import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DashScopeDouble,
  startDashScopeDouble,
} from '../packages/server/src/engines/ai-photo/dashscope/dashscope-double.test-support.ts';
import { type FashnDouble, startFashnDouble } from '../packages/server/src/engines/ai-photo/fashn/fashn-double.test-support.ts';
import { ciede2000, srgbToLab } from '../packages/server/src/engines/local/image-metrics.ts';
import { grainyPhoto } from '../packages/server/src/engines/local/test-fixtures.test-support.ts';
import { call, loggedInContext, loginByApi, newPhone } from './support/api.ts';
import { freshPage, launchBrowser } from './support/browser.ts';
import { type RunningServer, SHARED_OPERATORS, sharedServer, startServer } from './support/server.ts';

/**
 * AI photography through the fashion providers in real Chromium, against the providers' protocol
 * doubles: a try-on made by FASHN, and a mannequin-to-model routed by an operator to Alibaba Cloud
 * Model Studio (DashScope), which fetches the picture by its signed URL and answers it re-coloured in
 * place; the page names the engine and shows "Garment locked", and the garment's pixels are the
 * upload's own (mean CIEDE2000 <= 1 inside it).
 */
let fashn: FashnDouble;
let dashscope: DashScopeDouble;
let server: RunningServer;
let browser: Browser;
let dir: string;
const operatorPhone = newPhone();
let bareOperator: Promise<string> | undefined;
const files = { person: '', garment: '' };
/** The garment's rectangle in the photos, inset from its edges. */
const INSIDE = { left: 340, top: 240, width: 340, height: 560 };

async function photo(fill: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><rect width="100%" height="100%" fill="#eef0f4"/><rect x="300" y="200" width="420" height="640" rx="40" fill="${fill}"/><text x="512" y="520" font-size="90" text-anchor="middle" fill="#fff">LOGO</text></svg>`;
  return grainyPhoto(svg);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function meanDeltaEInside(a: Buffer, b: Buffer): Promise<number> {
  const raw = (x: Buffer) => sharp(x).resize(1024, 1024, { fit: 'fill' }).extract(INSIDE).removeAlpha().raw().toBuffer();
  const [x, y] = [await raw(a), await raw(b)];
  let sum = 0;
  for (let i = 0; i < x.length; i += 3)
    sum += ciede2000(srgbToLab(x[i]!, x[i + 1]!, x[i + 2]!), srgbToLab(y[i]!, y[i + 1]!, y[i + 2]!));
  return sum / (x.length / 3);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-fashion-'));
  files.person = path.join(dir, 'person.jpg');
  files.garment = path.join(dir, 'garment.jpg');
  fs.writeFileSync(files.person, await photo('#c77d4a'));
  fs.writeFileSync(files.garment, await photo('#2352d8'));
  fashn = await startFashnDouble();
  dashscope = await startDashScopeDouble({
    // DashScope fetches the handed-over picture by its URL and answers it re-coloured, the garment in place.
    picture: async (body) => {
      const res = await fetch(body.input.base_image_url);
      expect(res.status).toBe(200);
      return sharp(Buffer.from(await res.arrayBuffer()))
        .modulate({ hue: 12, brightness: 1.05 })
        .png()
        .toBuffer();
    },
  });
  const port = await freePort();
  server = await startServer({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    FASHN_API_KEY: 'fashn-test-key',
    FASHN_BASE_URL: fashn.base,
    DASHSCOPE_API_KEY: 'sk-dashscope-test',
    DASHSCOPE_BASE_URL: dashscope.url,
    OPERATOR_ACCOUNTS: operatorPhone,
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fashn?.close();
  await dashscope?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * The English page of a user just logged in on `on`: one for the whole file, its storage emptied
 * first (freshPage; a new context starts a renderer and compiles the app anew).
 */
const pageAs = (on: RunningServer, token: string) => freshPage(browser, on.origin, { language: 'en', token });

describe('AI photography through the fashion providers', () => {
  it('makes a try-on with FASHN and names it on the page', async () => {
    const token = await loginByApi(server, newPhone());
    const page = await pageAs(server, token);
    await page.goto(`${server.app}/tryon`);
    await page.getByTestId('tool-tryon').waitFor();
    expect(await page.getByTestId('engine-missing').count()).toBe(0);
    await page.getByTestId('upload-person-input').setInputFiles(files.person);
    await page.getByTestId('upload-person-preview').waitFor();
    await page.getByTestId('upload-top-input').setInputFiles(files.garment);
    await page.getByTestId('upload-top-preview').waitFor();
    await page.getByTestId('generate').click();
    await page.getByTestId('result-image').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId('result-engine').textContent()).toContain('Made by FASHN · tryon-v1.6');
    // The history names the engine too.
    await expect.poll(() => page.getByTestId('history-engine').first().textContent()).toBe('FASHN');
    expect(fashn.runs.at(-1)!.model_name).toBe('tryon-v1.6');
    // Inputs reached FASHN as signed URLs of our storage (PUBLIC_URL is set).
    expect(String(fashn.runs.at(-1)!.inputs.model_image)).toMatch(/\/files\/handover\/.+\?e=\d+&s=/);
  });

  it('without any provider key keeps the honest explanation, and tells operators which keys to set', async () => {
    // The run's shared server has no provider key (its own operator phone for this file).
    const bare = await sharedServer();
    // Once per file: a retry within the code's resend interval would be refused a new code.
    bareOperator ??= loginByApi(bare, SHARED_OPERATORS.fashionProviders);
    const token = await bareOperator;
    const page = await pageAs(bare, token);
    await page.goto(`${bare.app}/human-figure-image`);
    await page.getByTestId('engine-missing').waitFor();
    await expect
      .poll(() => page.getByTestId('engine-keys').textContent())
      .toBe(
        'Operators: set any one of these to turn this tool on: FASHN_API_KEY / DASHSCOPE_API_KEY / FAL_KEY / IMAGE_API_BASE_URL + IMAGE_API_MODEL',
      );
    await bare.stop();
  });

  it('routes mannequin-to-model to DashScope from the console and shows the garment locked', async () => {
    const operator = await loginByApi(server, operatorPhone);
    const routed = await call(server, 'PUT', '/api/console/ai-photo/routes/MANNEQUIN_IMAGE', {
      token: operator,
      json: { provider: 'dashscope', model: '', params: {}, unitCost: null },
    });
    expect(routed.code, routed.msg).toBe(0);
    const token = await loginByApi(server, newPhone());
    const page = await pageAs(server, token);
    await page.goto(`${server.app}/human-figure-image`);
    await page.getByTestId('tool-humanFigureImage').waitFor();
    await page.getByTestId('upload-subject-input').setInputFiles(files.garment);
    await page.getByTestId('upload-subject-preview').waitFor();
    await page.getByTestId('count-1').click();
    await page.getByTestId('generate').click();
    await page.getByTestId('result-image').waitFor({ timeout: 120_000 });
    await expect.poll(() => page.getByTestId('result-engine').textContent()).toContain('Made by Alibaba Cloud Model Studio');
    await page.getByTestId('garment-locked').waitFor();
    expect(await page.getByTestId('garment-locked').textContent()).toBe('Garment locked');
    await expect
      .poll(() => page.getByTestId('history-engine').first().textContent())
      .toBe('Alibaba Cloud Model Studio · Garment locked');
    expect(dashscope.created.at(-1)!.body.model).toBe('wanx2.1-imageedit');
    // The operator's engines tab names engines and tools as people say them, not by their codes
    // (a second user while the first's page stays open: a context of their own).
    const consoleContext = await loggedInContext(browser, operator, { language: 'en' });
    const panel = await consoleContext.newPage();
    await panel.goto(`${server.app}/console`);
    await panel.getByRole('tab', { name: 'Engines' }).click();
    await panel.getByTestId('console-engines').waitFor();
    const engines = (await panel.getByTestId('console-engines').textContent()) ?? '';
    expect(engines).toContain('AI photography providers (FASHN, Model Studio, fal.ai)');
    expect(engines).toContain('Mannequin image');
    expect(engines).not.toMatch(/\bMANNEQUIN_IMAGE\b|\bai-photo\b/);
    expect(await panel.getByTestId('ai-photo-route-MANNEQUIN_IMAGE').textContent()).toContain('Mannequin image');
    await consoleContext.close();
    // The shown picture keeps the upload's garment pixels, though DashScope re-coloured them.
    const src = await page.getByTestId('result-image').getAttribute('src');
    const shown = Buffer.from(await (await page.request.get(new URL(src!, server.origin).toString())).body());
    const upload = fs.readFileSync(files.garment);
    const recoloured = await sharp(upload).modulate({ hue: 12, brightness: 1.05 }).png().toBuffer();
    expect(await meanDeltaEInside(upload, recoloured)).toBeGreaterThan(3);
    expect(await meanDeltaEInside(upload, shown)).toBeLessThanOrEqual(1);
    // The toggle switched off shows what DashScope made before the lock: its re-coloured garment.
    await page.getByTestId('garment-lock-toggle').click();
    await page.getByTestId('provider-original').waitFor();
    const originalSrc = await page.getByTestId('provider-original').getAttribute('src');
    const original = Buffer.from(await (await page.request.get(new URL(originalSrc!, server.origin).toString())).body());
    expect(await meanDeltaEInside(upload, original)).toBeGreaterThan(3);
  });
});
