import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { productPhoto } from '../../packages/server/src/engines/local/test-fixtures.test-support.ts';
import type { FakeLlm } from '../../packages/server/src/engines/openai-chat/fake-llm.test-support.ts';
import type { FakeImagesApi } from '../../packages/server/src/engines/openai-images/fake-images-api.test-support.ts';
import { call } from './api.ts';
import type { RunningServer } from './server.ts';

/**
 * The hand-off journey's second half (issue 41), shared by both passes: the main pass runs it in
 * picture-chain.e2e.test.ts (PUBLIC_URL: absolute file URLs of the server), the scaled pass in
 * tools.e2e.test.ts (S3 presigned URLs of the bucket). From a cutout's result page every "use in…"
 * target opens with the cutout and GENERATES from it: the local engines (new background, QR art, a
 * video by ffmpeg) and the remote kinds through the doubles of their providers' public protocols
 * (the picture rewrite through the OpenAI images double, the content posts through the OpenAI chat
 * double). The server must run with `providerEnv` of those doubles.
 */

/** The env a server needs for the remote targets: the chat and images doubles. */
export function providerEnv(llm: FakeLlm, images: FakeImagesApi): Record<string, string> {
  return {
    LLM_BASE_URL: llm.url,
    LLM_MODEL: 'fake-model',
    LLM_MAX_RETRIES: '0',
    IMAGE_API_BASE_URL: images.url,
    IMAGE_API_MODEL: 'gpt-image-1',
  };
}

/** The chat double's answer: a post in the content prompt's format, plain words otherwise. */
export function postWriter(body: Record<string, unknown>): string {
  if (JSON.stringify(body.messages).includes('内容生成'))
    return `标题：随手一拍也好看\n正文：\n${'白底抠图换了新背景，挂在店里干净利落。'.repeat(5)}`;
  return '一件蓝色衬衫，干净的白底。';
}

/** The user's tasks all completed, one of each target's kind among them (beside the cutout). */
export async function expectEveryTargetMade(server: RunningServer, token: string): Promise<void> {
  const made = await call<{ list: { bizType: string; status: string }[] }>(server, 'GET', '/api/tasks?pageNum=1&pageSize=30', {
    token,
  });
  const tasks = made.data.list.map((t) => `${t.bizType}:${t.status}`);
  expect(tasks.filter((t) => !t.endsWith(':completed'))).toEqual([]);
  for (const kind of TARGET_TASKS) expect(tasks).toContain(kind);
}
/** The kinds of task the cutout and the targets make. */
const TARGET_TASKS = [
  'MATTING_IMAGE:completed',
  'PRODUCT_REPLACE_IMAGE:completed',
  'QR_CODE_ART:completed',
  'IMG_2_VEDIO:completed',
  'HOT_PIC_REWRITE:completed',
];

/**
 * From the cutout task's result page, every "use in…" target: it shows the cutout (its storage
 * `key`) as its input and generates from it. Each generation is waited for on the page.
 */
export async function generateInEveryTarget(
  page: Page,
  o: { server: RunningServer; taskId: string; key: string; images: FakeImagesApi },
): Promise<void> {
  const open = async (target: string) => {
    await page.goto(`${o.server.app}/ai-cutout?genOriginState=${o.taskId}`);
    await page.getByTestId('result-image').waitFor();
    await page.getByTestId('use-in').click();
    await page.getByTestId(`use-in-${target}`).click();
    // The handed picture is shown (resolved by the server for its owner, signed afresh).
    await page.locator(`img[src*="${o.key}"]`).first().waitFor({ timeout: 60_000 });
  };

  // The background reproduction and QR art (local engines).
  await open('rewriteBackground');
  await page.getByTestId('generate').click();
  await page.getByTestId('result-image').waitFor({ timeout: 180_000 });
  await open('aiQrCode');
  await page.getByTestId('qr-content').fill('https://shop.example.com');
  await page.getByTestId('generate').click();
  await page.getByTestId('result-image').waitFor({ timeout: 180_000 });

  // A video of the cutout (the local engine, ffmpeg), at the small size: a real, playable file.
  await open('aiVideo');
  await page.getByTestId('resolution-480p').click();
  await page.getByTestId('generate').click();
  await page.getByTestId('result-video').waitFor({ timeout: 180_000 });
  const video = await page.getByTestId('result-video').evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number[]>((resolve) => {
        const done = () => resolve([v.duration, Math.max(v.videoWidth, v.videoHeight)]);
        if (v.readyState >= 1) done();
        else v.addEventListener('loadedmetadata', done, { once: true });
      }),
  );
  expect(video[0]).toBeGreaterThan(2);
  // 480p: fitted into 854x480 (turned for a portrait picture).
  expect(video[1]).toBeGreaterThan(0);
  expect(video[1]).toBeLessThanOrEqual(854);
  await page.getByTestId('result-video').evaluate((v: HTMLVideoElement) => v.pause());

  // The picture rewrite: the cutout is the product picture the images API receives beside the original.
  await open('rewriteImage');
  await page
    .getByTestId('rewrite-picture-upload-input')
    .setInputFiles({ name: 'hot.png', mimeType: 'image/png', buffer: await productPhoto() });
  await page.getByTestId('rewrite-picture-upload-preview').waitFor();
  await page.getByTestId('rewrite-product').fill('蓝色纯棉衬衫');
  const sent = o.images.requests.length;
  await page.getByTestId('rewrite-submit').click();
  await expect.poll(() => page.getByTestId('rewrite-batch').getAttribute('data-state'), { timeout: 60_000 }).toBe('done');
  await expect.poll(() => page.getByTestId('rewrite-item-picture').count()).toBeGreaterThan(0);
  const edits = o.images.requests.slice(sent).filter((r) => r.path.endsWith('/images/edits'));
  expect(edits.length).toBeGreaterThan(0);
  for (const edit of edits) expect(edit.files['image[]']).toBe(2);

  // Content posts: the cutout is the product each post's picture shows.
  await open('mottContent');
  await page.getByTestId('content-product').fill('蓝色纯棉衬衫，透气不皱');
  await page.getByTestId('content-generate').click();
  const card = page.getByTestId('content-card').first();
  for (const platform of ['xiaohongshu', 'douyin'])
    await expect
      .poll(() => card.getByTestId(`item-${platform}`).getAttribute('data-status'), { timeout: 60_000 })
      .toBe('success');
}
