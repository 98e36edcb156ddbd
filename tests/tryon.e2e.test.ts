import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeComfy, startFakeComfy } from '../packages/server/src/engines/comfyui/fake-comfyui.test-support.ts';
import { grainyPhoto } from '../packages/server/src/engines/local/test-fixtures.test-support.ts';
import { call, loggedInContext, loginByApi, newPhone } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * AI fitting (/tryon) in real Chromium. With a ComfyUI server configured (the protocol double of
 * the contract tests, since no GPU runs here) a mix-and-match try-on charges 20 points and shows the
 * four pictures the workflow saved; its settings saved as a template fill the page again from the
 * template library. Without an image engine the page says so and charges nothing.
 */
let comfy: FakeComfy;
let withEngine: RunningServer;
let withoutEngine: RunningServer;
let browser: Browser;
let dir: string;
const files: Record<'person' | 'top', string> = { person: '', top: '' };

/** A 1024x1024 JPEG over 500 KB (the upload rules): a coloured shape on noise. */
async function photo(fill: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><rect width="100%" height="100%" fill="#eef0f4"/><rect x="300" y="200" width="420" height="640" rx="80" fill="${fill}"/></svg>`;
  return grainyPhoto(svg);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pi-tryon-'));
  for (const [name, fill] of [
    ['person', '#c77d4a'],
    ['top', '#2352d8'],
  ] as const) {
    files[name] = path.join(dir, `${name}.jpg`);
    fs.writeFileSync(files[name], await photo(fill));
  }
  comfy = await startFakeComfy();
  [withEngine, withoutEngine] = await Promise.all([startServer({ ENGINES: `local,comfyui=${comfy.url}` }), startServer()]);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await withEngine?.stop();
  await withoutEngine?.stop();
  await comfy?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const coins = (page: Page) => page.getByTestId('coin-balance').textContent();

async function openTryOn(server: RunningServer) {
  const token = await loginByApi(server, newPhone());
  const context = await loggedInContext(browser, token, { language: 'en' });
  const page = await context.newPage();
  await page.goto(`${server.app}/tryon`);
  await page.getByTestId('tool-tryon').waitFor();
  return { context, page, token };
}

describe('AI fitting', () => {
  it('dresses a person in a top on ComfyUI (mix and match): 20 points, four pictures', async () => {
    const { context, page, token } = await openTryOn(withEngine);
    await expect.poll(() => page.getByTestId('tool-instructions').textContent()).toContain('Mix and match');
    await expect.poll(() => page.getByTestId('generate-cost').textContent()).toBe('20 coins');
    await expect.poll(() => coins(page)).toContain('500');
    expect(await page.getByTestId('tryon-split').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('engine-missing').count()).toBe(0);

    // The person alone is not enough: the top is missing.
    await page.getByTestId('upload-person-input').setInputFiles(files.person);
    await page.getByTestId('upload-person-preview').waitFor();
    expect(await page.getByTestId('generate').isDisabled()).toBe(true);
    await page.getByTestId('upload-top-input').setInputFiles(files.top);
    await page.getByTestId('upload-top-preview').waitFor();
    await page.getByTestId('scene-beach').click();

    // A painted redraw area needs a workflow that takes a mask; the shipped try-on has none, so the
    // task is refused before anything is charged. Cleared, the try-on runs.
    await page.getByTestId('redraw-mask-open').click();
    const canvas = page.getByTestId('redraw-mask-canvas');
    await expect.poll(async () => (await canvas.boundingBox())?.height ?? 0).toBeGreaterThan(50);
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.4);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.5, { steps: 8 });
    await page.mouse.up();
    await page.getByTestId('redraw-mask-save').click();
    await page.getByTestId('redraw-mask-set').waitFor();
    await page.getByTestId('generate').click();
    await expect
      .poll(() => page.locator('.semi-toast-content-text').last().textContent())
      .toBe('This tool’s image engine cannot redraw a painted area; generate without the mask');
    await expect.poll(() => coins(page)).toContain('500');
    await page.getByTestId('redraw-mask').getByRole('button', { name: 'Clear' }).click();
    await page.getByTestId('redraw-mask-set').waitFor({ state: 'detached' });
    await page.getByTestId('generate').click();

    await page.getByTestId('result-image').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.locator('.result-thumb').count()).toBe(4);
    await expect.poll(() => coins(page)).toContain('480');
    // The shown picture is one ComfyUI saved, stored and served by the product.
    const src = await page.getByTestId('result-image').getAttribute('src');
    const file = await page.request.get(new URL(src!, withEngine.origin).toString());
    expect(file.status()).toBe(200);

    // What reached ComfyUI: both pictures uploaded, four pictures asked for, the scene as the prompt.
    expect(comfy.uploads).toHaveLength(2);
    const prompt = comfy.prompts.at(-1)!.prompt;
    expect(prompt['7']!.inputs.amount).toBe(4);
    expect(String(prompt['4']!.inputs.text)).toContain('beach');
    const ledger = await call(withEngine, 'GET', '/api/points/ledger?pageNum=1&pageSize=10', { token });
    expect(ledger.data.list.map((row: { delta: number }) => row.delta)).toContain(-20);
    await context.close();
  });

  it('saves the settings as a template and fills them again from the template library', async () => {
    const { context, page } = await openTryOn(withEngine);
    await page.getByTestId('tryon-set').click();
    await page.getByTestId('scene-garden').click();
    await page.getByTestId('template-save-open').click();
    await page.getByTestId('template-name').fill('Garden outfit');
    await page.getByTestId('template-save').click();
    await expect.poll(() => page.locator('.semi-toast-content-text').last().textContent()).toBe('Template saved');

    await page.goto(`${withEngine.app}/template`);
    const card = page.getByTestId('template-card').filter({ hasText: 'Garden outfit' });
    await card.waitFor();
    expect(await card.textContent()).toContain('AI fitting');
    await card.getByTestId('template-use').click();
    await page.getByTestId('tool-tryon').waitFor();
    await expect.poll(() => page.getByTestId('tryon-set').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('scene-garden').getAttribute('aria-pressed')).toBe('true');
    expect(new URL(page.url()).searchParams.get('template')).toBeNull();
    await context.close();
  });

  it('says the engine is missing and charges nothing when no image engine is configured', async () => {
    const { context, page, token } = await openTryOn(withoutEngine);
    await page.getByTestId('engine-missing').waitFor();
    await expect
      .poll(() => page.getByTestId('engine-missing').textContent())
      .toBe('Awaiting setup: the site operator has not set up an engine for this tool yet');
    await page.getByTestId('upload-person-input').setInputFiles(files.person);
    await page.getByTestId('upload-top-input').setInputFiles(files.top);
    await page.getByTestId('upload-top-preview').waitFor();
    expect(await page.getByTestId('generate').isDisabled()).toBe(true);
    await expect.poll(() => coins(page)).toContain('500');
    const tasks = await call(withoutEngine, 'GET', '/api/tasks?pageNum=1&pageSize=10', { token });
    expect(tasks.data.list).toEqual([]);
    await context.close();
  });
});
