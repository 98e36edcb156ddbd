import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grainyPhoto } from '../packages/server/src/engines/local/test-fixtures.test-support.ts';
import { type FakeLlm, startFakeLlm } from '../packages/server/src/engines/openai-chat/fake-llm.test-support.ts';
import {
  type FakeImagesApi,
  startFakeImagesApi,
} from '../packages/server/src/engines/openai-images/fake-images-api.test-support.ts';
import { call, loggedInContext, loginByApi, newPhone } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { expectEveryTargetMade, generateInEveryTarget, postWriter, providerEnv } from './support/hand-offs.ts';
import { type RunningServer, SELF, startServer } from './support/server.ts';

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
let llm: FakeLlm;
let images: FakeImagesApi;

/** A 1024x1024 JPEG of a red box with a blue ball on a light grey ground; noise makes it > 500 KB. */
async function productPhoto(): Promise<Buffer> {
  const size = 1024;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="#e8ecf2"/><rect x="330" y="260" width="360" height="520" rx="60" fill="#d23b3b"/><circle cx="512" cy="300" r="90" fill="#2352d8"/></svg>`;
  return grainyPhoto(svg, size);
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
  // The production configuration in both passes: absolute file URLs (PUBLIC_URL), issue 41; the chat
  // and images doubles stand for the remote providers the hand-off journey's targets use.
  llm = await startFakeLlm({ respond: postWriter });
  images = await startFakeImagesApi();
  server = await startServer({ PUBLIC_URL: SELF, ...providerEnv(llm, images) });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await llm?.close();
  await images?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const toastText = (page: Page) => page.locator('.semi-toast-content-text').last().textContent();
const coins = (page: Page) => page.getByTestId('coin-balance').textContent();

async function openTool(route: string, language: 'en' | 'zh' = 'en') {
  const token = await loginByApi(server, newPhone());
  const context = await loggedInContext(browser, token, { language });
  const page = await context.newPage();
  await page.goto(`${server.app}${route}`);
  return { context, page, token };
}

/**
 * 'ready' once the tool's controls are enabled again after a run; otherwise what keeps them busy, as
 * the page and the server each see it (a failed wait prints it: issue 28's busy-again tool page).
 */
async function toolState(page: Page, token: string, bizType: string): Promise<string> {
  const onPage = await page.evaluate(() => ({
    countDisabled: (document.querySelector('[data-testid="count"]') as HTMLFieldSetElement | null)?.disabled,
    progress: document.querySelector('[data-testid="task-progress-text"]')?.textContent ?? null,
    remembered: localStorage.getItem('TOOL_TASKS:aiVideoSingle'),
    // useTaskRun's busyState: 'running', 'starting' (a create not answered yet) or 'changing' (the 3 s lock)
    busy: (document.querySelector('.tool-page') as HTMLElement | null)?.dataset.busy ?? null,
  }));
  if (onPage.countDisabled === false) return 'ready';
  const { data } = await call<{ list: { taskId: string; status: string }[] }>(
    server,
    'GET',
    `/api/tasks?bizType=${bizType}&pageNum=1&pageSize=10`,
    { token },
  );
  return JSON.stringify({ ...onPage, server: data.list.map((task) => `${task.taskId.slice(0, 8)}:${task.status}`) });
}

/** The scaled pass hands files out as S3 presigned URLs of the bucket (tests/support/server.ts). */
const SCALED = process.env.E2E_TOPOLOGY === 'scaled';
/** A file URL the server answers: its own `/files/` under PUBLIC_URL, or in the scaled pass the bucket's presigned URL. */
function expectFileUrl(url: string | null) {
  if (SCALED) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/(outputs|uploads)\/[^?]+\?.*X-Amz-Signature=\w+/);
  else
    expect(url).toMatch(new RegExp(`^${server.origin.replace(/[.]/g, '\\.')}/files/(outputs|uploads)/[^?]+\\?e=\\d+&s=[\\w-]+$`));
  expect(new URL(url!).origin === server.origin).toBe(!SCALED);
}
/** The storage key in a file URL of either form. */
const fileKey = (url: string) => new URL(url).pathname.replace(/^\/(files|media)\//, '');

/** The alpha of the shown result's top-left pixel and its centre, read in the page. */
function resultAlpha(page: Page) {
  return page.getByTestId('result-image').evaluate(async (shown: HTMLImageElement) => {
    // Read with CORS: in the scaled pass the picture is the bucket's (another origin).
    const img = Object.assign(new Image(), { crossOrigin: 'anonymous', src: shown.src });
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
      .toBe(
        'The image must not be smaller than 500KB: upload the original photo (not a thumbnail or screenshot); results made here can be used as they are',
      );
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

    // Standard download for everyone: the cutout as made (1024 px is within 1080: never enlarged),
    // still transparent; the menu states the file's real size.
    await page.getByTestId('download').click();
    await expect.poll(() => page.getByTestId('download-size-1080P').textContent()).toBe('1024 × 1024 px');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-1080P').click()]);
    expect(download.suggestedFilename()).toMatch(/1080P\.png$/);
    const saved = path.join(dir, download.suggestedFilename());
    await download.saveAs(saved);
    const meta = await sharp(saved).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 1024]);
    expect(meta.hasAlpha).toBe(true);

    // A 1024 px result is not offered as 2K (issue 30: 2K is a 2048 px file, never an enlargement).
    await page.getByTestId('download').click();
    await page.getByTestId('download-2K-unavailable').waitFor();
    expect(await page.getByTestId('download-2K').count()).toBe(0);
    await page.keyboard.press('Escape');

    // Rating dialog: score and reasons.
    await page.getByTestId('rating-stars').getByRole('radio').nth(1).click();
    await page.getByTestId('rating-dialog').waitFor();
    await page.getByTestId('rating-reason-edges').click();
    await page.getByTestId('rating-submit').click();
    await expect.poll(() => toastText(page)).toBe('Submitted');

    // The mask editor: nothing painted is refused; an erase stroke runs the precise cutout.
    await page.getByTestId('open-mask-editor').click();
    await page.getByTestId('mask-canvas').waitFor();
    await page.getByTestId('mask-submit').click();
    await expect.poll(() => toastText(page)).toBe('Mask Cannot Be Empty');
    const box = (await page.getByTestId('mask-canvas').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.5);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.5, { steps: 12 });
    await page.mouse.up();
    await page.getByTestId('mask-submit').click();
    await page.getByTestId('mask-editor').waitFor({ state: 'hidden' });
    await page.getByTestId('result-image').waitFor({ timeout: 120_000 });
    // The erased band through the middle is now transparent; undo shows the first cutout again.
    await expect.poll(async () => (await resultAlpha(page)).centre).toBe(0);
    // Refining one's own cutout costs nothing more.
    await expect.poll(() => coins(page)).toContain('495');
    await page.getByTestId('undo').click();
    await expect.poll(async () => (await resultAlpha(page)).centre).toBe(255);

    // The history list of the tool and the creation space both hold them.
    await expect.poll(() => page.getByTestId('history-item').count()).toBe(2);

    // The cutout goes on to the background tool as its input.
    await page.getByTestId('to-product-bg').click();
    await page.getByTestId('tool-productBg').waitFor();
    // "去换背景" with the deployment's absolute URL (PUBLIC_URL, issue 41), freshly signed for its owner;
    // in the scaled pass an S3 presigned URL of the bucket.
    expectFileUrl(await page.getByTestId('image-upload-preview').getAttribute('src'));
    await page.goto(`${server.app}/personal-center`);
    await page.getByTestId('creation-list').waitFor();
    await expect.poll(() => page.getByTestId('creation-item').count()).toBe(2);
    await expect.poll(() => page.getByTestId('creation-item').first().textContent()).toContain('Cutout');
    // Deleting one leaves the other.
    await page.getByTestId('creation-delete').first().click();
    await page.locator('.semi-popconfirm').getByRole('button').last().click();
    await expect.poll(() => toastText(page)).toBe('Deleted');
    await expect.poll(() => page.getByTestId('creation-item').count()).toBe(1);
    await context.close();
  });
});

// The hand-off journey with S3 presigned URLs (issue 41): the main pass runs it in
// picture-chain.e2e.test.ts under PUBLIC_URL; here the scaled pass, where every file URL is the bucket's.
describe.runIf(SCALED)('hand-offs with S3 presigned URLs', () => {
  it('a cutout goes on with one click each: "去换背景" and every "use in…" target open with it, each generates from it', {
    timeout: 600_000,
  }, async () => {
    const { context, page, token } = await openTool('/ai-cutout');
    await page.getByTestId('image-upload-input').setInputFiles(photo);
    await page.getByTestId('image-upload-preview').waitFor();
    await page.getByTestId('generate').click();
    await page.getByTestId('result-image').waitFor({ timeout: 120_000 });
    const tasks = await call<{ list: { taskId: string; outputs: { url: string }[] }[] }>(
      server,
      'GET',
      '/api/tasks?bizType=MATTING_IMAGE&pageNum=1&pageSize=1',
      { token },
    );
    const cut = tasks.data.list[0]!;
    expectFileUrl(cut.outputs[0]!.url);
    const key = fileKey(cut.outputs[0]!.url);

    // "去换背景": the background tool opens with the cutout (resolved for its owner, presigned afresh) and generates.
    await page.getByTestId('to-product-bg').click();
    await page.getByTestId('tool-productBg').waitFor();
    await page.locator(`[data-testid="image-upload-preview"][src*="${key}"]`).waitFor({ timeout: 60_000 });
    expectFileUrl(await page.getByTestId('image-upload-preview').getAttribute('src'));
    await page.getByTestId('generate').click();
    await page.getByTestId('result-image').waitFor({ timeout: 120_000 });

    // Every other "use in…" target opens with it and generates from it.
    await generateInEveryTarget(page, { server, taskId: cut.taskId, key, images });
    await expectEveryTargetMade(server, token);
    await context.close();
  });
});

// Not in the scaled pass: there the hand-off journey above already generates a product background from
// a cutout on the cluster (upload to the bucket, a worker, the result presigned); what this test adds,
// the members' colours and the 2K 16:9 render, does not depend on the topology (session 14: one 2K
// render and a page fewer in the scaled pass).
describe.skipIf(SCALED)('product background', () => {
  it('keeps custom colours for members and places the product on a preset colour at 16:9', async () => {
    const { context, page } = await openTool('/product-bg');
    await page.getByTestId('tool-productBg').waitFor();
    await page.getByTestId('custom-color').click();
    await expect.poll(() => page.getByTestId('membership-message').textContent()).toBe('Custom colours need a paid membership');
    await page.keyboard.press('Escape');

    await page.getByTestId('image-upload-input').setInputFiles(photo);
    await page.getByTestId('image-upload-preview').waitFor();
    await page.getByTestId('preset-color').nth(5).click();
    await page.getByTestId('ratio-16:9').click();
    await expect.poll(() => page.getByTestId('generate-cost').textContent()).toBe('10 coins');
    await page.getByTestId('generate').click();
    await page.getByTestId('result-image').waitFor({ timeout: 120_000 });
    const size = await page.getByTestId('result-image').evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    });
    // 16:9 rendered at 2048 px on the long side (the real 2K, issue 30).
    expect(size).toEqual([2048, 1170]);
    await expect.poll(() => coins(page)).toContain('490');
    await context.close();
  });
});

describe('image to video', () => {
  // The page once stayed busy after its first video ('changing': Semi's progress animation cleared the
  // 3 s lock's timer, patches/@douyinfe+semi-animation+*.patch; docs/architecture.md "The busy-again
  // tool page"). No retry of its own: a pass on a retry would be that defect back.
  it('makes a 2.5 s video on /ai-video-single, which shows no tool tabs, in Chinese', { timeout: 480_000 }, async () => {
    const { context, page, token } = await openTool('/ai-video-single', 'zh');
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
    // Its length is read: the looping preview need not keep Chromium decoding while four more are made.
    await page.getByTestId('result-video').evaluate((video: HTMLVideoElement) => video.pause());
    await expect.poll(() => coins(page)).toContain('420');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download').click()]);
    expect(download.suggestedFilename()).toMatch(/\.mp4$/);
    // The scaled pass ends here: a video made on a worker plays and downloads from the bucket. What
    // follows (two at once, a refusal for the balance, the full page's tabs) is billing and the page,
    // the same on any topology, and cost two more renders there (session 14).
    if (SCALED) {
      await context.close();
      return;
    }

    // Two videos at once cost 160 of the 420 left; four more (320) are refused for the balance. (Two,
    // not four: the same proof with two renders fewer, for the CI's time.) The controls are back as
    // soon as the result shows (issue 28: a read that left before the end once made a finished page
    // busy again, taskCache.ts); a wait that runs out says what kept it busy.
    await expect.poll(() => toolState(page, token, 'IMG_2_VEDIO')).toBe('ready');
    await page.getByTestId('count-2').click();
    await expect.poll(() => page.getByTestId('generate-cost').textContent()).toBe('160 灵石');
    await page.getByTestId('generate').click();
    await expect.poll(() => page.locator('.result-thumb').count(), { timeout: 150_000 }).toBe(2);
    await expect.poll(() => coins(page)).toContain('260');
    await expect.poll(() => toolState(page, token, 'IMG_2_VEDIO')).toBe('ready');
    await page.getByTestId('count-4').click();
    await expect.poll(() => page.getByTestId('generate-cost').textContent()).toBe('320 灵石');
    await page.getByTestId('generate').click();
    await page.getByTestId('insufficient-coins').waitFor();
    await expect.poll(() => coins(page)).toContain('260');

    // The full video page keeps its tabs.
    await page.goto(`${server.app}/ai-video`);
    await page.getByTestId('tool-aiVideo').waitFor();
    await page.getByTestId('tool-tabs').waitFor();
    await context.close();
  });
});

describe('when the server cannot generate right now', () => {
  it('keeps a queued task across a reload and stops it with the coins returned (no workers running)', async () => {
    const queueOnly = await startServer({ API_WORKERS: 'false' });
    try {
      const token = await loginByApi(queueOnly, newPhone());
      const context = await loggedInContext(browser, token, { language: 'en' });
      const page = await context.newPage();
      await page.goto(`${queueOnly.app}/ai-cutout`);
      await page.getByTestId('image-upload-input').setInputFiles(photo);
      await page.getByTestId('image-upload-preview').waitFor();
      await page.getByTestId('generate').click();
      await expect.poll(() => page.getByTestId('task-progress-text').textContent()).toBe('Waiting in the queue…');
      // The header reads the balance again once the create settles (through the balancer in the scaled pass).
      await expect.poll(() => coins(page), { timeout: 10_000 }).toContain('495');

      // A reload finds the running task again.
      await page.reload();
      await expect.poll(() => page.getByTestId('task-progress-text').textContent()).toBe('Waiting in the queue…');

      await page.getByTestId('task-stop').click();
      await page.locator('.semi-popconfirm').getByRole('button').last().click();
      await expect.poll(() => toastText(page)).toBe('Generation stopped, coins returned');
      await page.getByTestId('task-failed').waitFor();
      await expect.poll(() => coins(page), { timeout: 10_000 }).toContain('500');
      await context.close();
    } finally {
      await queueOnly.stop();
    }
  });

  // Not in the scaled pass: a banner from the API's own engine configuration proves nothing about the
  // topology, and there it cost a whole cluster of its own (2 API + 2 worker processes); the main
  // pass keeps it.
  it.skipIf(process.env.E2E_TOPOLOGY === 'scaled')('says so before anyone pays when no engine is configured', async () => {
    const noEngine = await startServer({ ENGINES: 'comfyui=http://127.0.0.1:9' });
    try {
      const token = await loginByApi(noEngine, newPhone());
      const context = await loggedInContext(browser, token, { language: 'zh' });
      const page = await context.newPage();
      await page.goto(`${noEngine.app}/ai-qr-code`);
      await expect.poll(() => page.getByTestId('engine-missing').textContent()).toContain('需要管理员配置引擎');
      await page.getByTestId('qr-content').fill('https://shop.example.com');
      expect(await page.getByTestId('generate').isDisabled()).toBe(true);
      await context.close();
    } finally {
      await noEngine.stop();
    }
  });
});
