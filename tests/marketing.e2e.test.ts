import JSZip from 'jszip';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../packages/server/src/engines/openai-chat/fake-llm.test-support.ts';
import { call, loginByApi, newPhone } from './support/api.ts';
import { freshPage, launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * The marketing journey in Chromium against the real server: an imported hot topic becomes an idea
 * report, an idea becomes posts for Xiaohongshu and Douyin; like, stop with refund, Word export.
 * Once with a chat model (a local test double of the OpenAI protocol: the real providers cannot be
 * reached here) and once with the offline writer, whose drafts carry their label.
 */
let browser: Browser;

/** The double answers JSON requests with ideas and content requests with a post in the prompt's format. */
function respond(body: Record<string, unknown>): string {
  if (body.response_format)
    return JSON.stringify({
      ideas: [1, 2, 3].map((n) => ({ title: `保温杯灵感${n}`, content: `把热点和保温杯结合的创意${n}` })),
    });
  const prompt = JSON.stringify(body.messages);
  // The post's draft makes the advertising-law mistake writers make most (issue 46: marked, replaced in one click).
  if (prompt.includes('内容生成'))
    return `标题：冬天的第一杯热水\n正文：\n全网最低价！${'一整天都是热水，通勤路上也能喝到热茶。'.repeat(6)}`;
  return '这是模型写的一段文字。';
}

const toastText = (page: Page) => page.locator('.semi-toast-content-text').last().textContent();
const coins = async (page: Page) => Number((await page.getByTestId('coin-balance').textContent())?.replace(/\D/g, ''));

async function docxTitle(page: Page, click: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const zip = await JSZip.loadAsync(Buffer.concat(chunks));
  const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
  const settings = xml.match(/<w:pgMar [^>]*>/)?.[0] ?? '';
  expect(settings).toContain('w:top="1440"');
  // The first paragraph is the title.
  const first = xml.match(/<w:p>.*?<\/w:p>|<w:p .*?<\/w:p>/)?.[0] ?? '';
  return [...first.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
}

/** Imports one hot topic through the import dialog and starts an idea report from it. */
async function hotspotToReport(page: Page, app: string, topic: string) {
  await page.goto(`${app}/content-hotspot`);
  await page.getByTestId('open-import').click();
  await page.getByTestId('import-paste').fill(topic);
  await page.getByTestId('import-submit').click();
  await expect.poll(() => toastText(page)).toBe('已导入 1 条');
  // The import lands on the platform tab the merchant is on (issue 41), shown there beside the note
  // that the platform's feed cannot be reached (no feed in this journey).
  await page.getByTestId('hot-unreachable-banner').waitFor();
  const item = page.getByTestId('hot-item').filter({ hasText: topic });
  await item.getByTestId('use-hotspot').click();
  await expect.poll(() => page.getByTestId('idea-source').textContent()).toContain(topic);
  await page.getByTestId('idea-prompt').fill('316不锈钢保温杯，保温12小时');
  await page.getByTestId('idea-submit').click();
  await page.waitForURL(/\/mott-idea\?reportId=/);
  await expect.poll(() => page.getByTestId('report').getAttribute('data-process'), { timeout: 20_000 }).toBe('completed');
  expect(await page.getByTestId('idea-card').count()).toBe(3);
}

/** From the first idea, posts for Xiaohongshu and Douyin (the default platforms). */
async function ideaToContent(page: Page) {
  await page.getByTestId('idea-to-content').first().click();
  await page.waitForURL(/\/mott-content\?/);
  await expect.poll(() => page.getByTestId('content-idea-title').inputValue()).not.toBe('');
  await expect.poll(() => page.getByTestId('content-product').inputValue()).toContain('保温杯');
  await page.getByTestId('content-generate').click();
  const card = page.getByTestId('content-card').first();
  for (const platform of ['xiaohongshu', 'douyin'])
    await expect
      .poll(() => card.getByTestId(`item-${platform}`).getAttribute('data-status'), { timeout: 20_000 })
      .toBe('success');
  return card;
}

/**
 * The Chinese page of a user just logged in on `on`: one for the whole file, its storage emptied
 * first (freshPage; a new context starts a renderer and compiles the app anew).
 */
const pageAs = (on: RunningServer, token: string) => freshPage(browser, on.origin, { language: 'zh', token });

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('marketing with a chat model', () => {
  let server: RunningServer;
  let llm: FakeLlm;
  const llmOptions = { respond, chunkDelayMs: 5 };
  beforeAll(async () => {
    llm = await startFakeLlm(llmOptions);
    server = await startServer({ LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-model', HOTSPOT_FEED_URL: 'off' });
  });
  afterAll(async () => {
    await server?.stop();
    await llm?.close();
  });

  it('goes from an imported hotspot to ideas and posts; like, stop with refund, Word export', async () => {
    const token = await loginByApi(server, newPhone());
    const page = await pageAs(server, token);
    await page.goto(`${server.app}/content-hotspot`);
    const start = await coins(page);
    await hotspotToReport(page, server.app, '冬季通勤保暖指南');
    expect(await page.getByTestId('offline-label').count()).toBe(0);
    // Three image ideas cost 30.
    await expect.poll(() => coins(page)).toBe(start - 30);
    // A picture for the first idea from the poster engine: 10 more.
    await page.getByTestId('idea-picture-make').first().click();
    await expect.poll(() => page.getByTestId('idea-picture').count(), { timeout: 20_000 }).toBe(1);
    // The file loads after the element appears.
    await expect
      .poll(() => page.getByTestId('idea-picture').evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 20_000 })
      .toBe(1024);
    await expect.poll(() => coins(page)).toBe(start - 40);
    const card = await ideaToContent(page);
    await expect.poll(() => coins(page)).toBe(start - 60);
    const xhs = card.getByTestId('item-xiaohongshu');
    expect(await xhs.getByTestId('item-title').textContent()).toBe('冬天的第一杯热水');
    expect(await xhs.getByTestId('title-counter').textContent()).toBe('8/20');
    // The draft says 全网最低价 (issue 46): marked on both posts; the export asks first; one click
    // replaces it with the rules' safe wording, and the Word file then goes out without asking.
    for (const platform of ['xiaohongshu', 'douyin'])
      await expect
        .poll(() => card.getByTestId(`item-${platform}`).getByTestId('compliance-mark').first().textContent())
        .toBe('全网最低价');
    await card.getByTestId('content-export').click();
    await page.getByTestId('compliance-cancel').click();
    for (const platform of ['xiaohongshu', 'douyin']) {
      const item = card.getByTestId(`item-${platform}`);
      await item.getByTestId('compliance-replace').first().click();
      await expect.poll(() => item.getByTestId('compliance-mark').count()).toBe(0);
      expect(await item.getByTestId('item-content').textContent()).toMatch(/^优惠价！/);
    }
    // Like, then the Word file with the idea's title.
    await xhs.getByTestId('item-like').click();
    await expect.poll(() => toastText(page)).toBe('点赞成功');
    await expect.poll(() => xhs.getByTestId('item-like').getAttribute('data-active')).toBe('true');
    const ideaTitle = await page.getByTestId('content-idea-title').inputValue();
    expect(await docxTitle(page, () => card.getByTestId('content-export').click())).toBe(ideaTitle);
    // Edit the post (spec 001 §7 "save marketing material text"): saved on the server, marked as edited.
    await xhs.getByTestId('item-edit').click();
    await page.getByTestId('edit-title').fill('我改过的标题');
    await page.getByTestId('edit-save').click();
    await expect.poll(() => toastText(page)).toBe('保存成功');
    await page.reload();
    await expect.poll(() => xhs.getByTestId('item-title').textContent()).toBe('我改过的标题');
    expect(await xhs.getByTestId('item-edited').textContent()).toBe('已编辑');
    expect(await xhs.getByTestId('title-counter').textContent()).toBe('6/20');
    // A slow answer, stopped: the points come back.
    llmOptions.chunkDelayMs = 300;
    const before = await coins(page);
    await page.getByTestId('content-generate').click();
    const running = page.getByTestId('content-card').first();
    await expect.poll(() => running.getByTestId('item-douyin').getAttribute('data-status')).toBe('loading');
    await expect.poll(() => coins(page), { timeout: 10_000 }).toBe(before - 20);
    await running.getByTestId('content-stop').click();
    await expect.poll(() => toastText(page)).toBe('停止生成，灵石已返还');
    await expect.poll(() => running.getByTestId('item-douyin').getAttribute('data-status')).toBe('stop');
    await expect.poll(() => coins(page)).toBe(before);
    // 继续生成 (spec 001 §4 continue_generating): the stopped posts are written again, charged again.
    llmOptions.chunkDelayMs = 5;
    await running.getByTestId('content-continue').click();
    await expect.poll(() => coins(page), { timeout: 10_000 }).toBe(before - 20);
    await expect.poll(() => running.getByTestId('item-douyin').getAttribute('data-status'), { timeout: 20_000 }).toBe('success');
    await expect.poll(() => running.getByTestId('content-generation').textContent()).toBe('已完成');
  });
});

describe('marketing with the offline writer', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ HOTSPOT_FEED_URL: 'off' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('makes free, labelled drafts along the same journey', async () => {
    const token = await loginByApi(server, newPhone());
    const page = await pageAs(server, token);
    await page.goto(`${server.app}/content-hotspot`);
    // With no feed the page says so and offers import.
    await page.getByTestId('platform-douyin').click();
    await expect.poll(() => page.getByTestId('hot-unreachable').count()).toBe(1);
    const start = await coins(page);
    await hotspotToReport(page, server.app, '秋冬露营季');
    expect(await page.getByTestId('offline-label').first().textContent()).toBe('模板草稿：未配置 AI 模型');
    const card = await ideaToContent(page);
    expect(await card.getByTestId('offline-label').textContent()).toBe('模板草稿：未配置 AI 模型');
    const title = await card.getByTestId('item-xiaohongshu').getByTestId('item-title').textContent();
    expect([...(title ?? '')].length).toBeLessThanOrEqual(20);
    expect(await coins(page)).toBe(start);
    await card.getByTestId('item-xiaohongshu').getByTestId('item-dislike').click();
    await page.getByRole('radio', { name: '文案风格不搭' }).click();
    await page.getByTestId('dislike-submit').filter({ visible: true }).click();
    await expect.poll(() => toastText(page)).toBe('点踩成功');
    // A picture for the result (poster engine), shown with it beside the post's own picture: wait
    // for the one made now, not for any picture (the post's own is there from the start).
    const images = card.getByTestId('item-xiaohongshu').getByTestId('item-image');
    const before = await images.count();
    await card.getByTestId('item-xiaohongshu').getByTestId('item-picture').click();
    await expect.poll(() => images.count(), { timeout: 20_000 }).toBe(before + 1);
    expect(await card.getByTestId('item-xiaohongshu').locator('.mkt-result-images .semi-spin').count()).toBe(0);
    const ideaTitle = await page.getByTestId('content-idea-title').inputValue();
    expect(await docxTitle(page, () => card.getByTestId('content-export').click())).toBe(ideaTitle);
    // Delete the picture (spec 001 §8: 删除成功); it stays deleted after a reload.
    // (Every picture of the post: the one made and any that did not come out.)
    const deletes = card.getByTestId('item-xiaohongshu').getByTestId('item-image-delete');
    const pictures = await deletes.count();
    for (let left = pictures - 1; left >= 0; left--) {
      await deletes.first().click();
      await expect.poll(() => toastText(page)).toBe('删除成功');
      await expect.poll(() => deletes.count()).toBe(left);
    }
    await page.reload();
    await expect.poll(() => card.getByTestId('item-xiaohongshu').getAttribute('data-status')).toBe('success');
    expect(await card.getByTestId('item-xiaohongshu').getByTestId('item-image').count()).toBe(0);
    expect(await deletes.count()).toBe(0);
    const res = await call(server, 'GET', '/api/content', { token });
    expect(res.data.list[0].engine).toBe('offline-writer');
  });
});
