import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocx } from '../packages/server/src/content/knowledge/test-files.test-support.ts';
import { call, loginByApi, newPhone } from './support/api.ts';
import { freshPage, launchBrowser } from './support/browser.ts';
import { type RunningServer, sharedServer } from './support/server.ts';

/**
 * Knowledge and notes in Chromium against the real server: a Word file about a product is uploaded,
 * processed and found by a search with its source; the notes list pages and keeps favourites; the
 * vip-only product library is refused to a free user and works for a member.
 */
let browser: Browser;
let server: RunningServer;
let app: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // The run's shared server: each test with its own fresh users (the idea report below uses the
  // custom idea, not a hot list, so the hot-list feed's setting does not matter here).
  server = await sharedServer();
  app = `${server.origin}/productimage`;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Pages load lazily and lists after a request: allow them a while. */
const poll = <T>(fn: () => T | Promise<T>, options: { timeout?: number } = {}) =>
  expect.poll(fn, { timeout: 15_000, ...options });
const toastText = (page: Page) => page.locator('.semi-toast-content-text').last().textContent();

/**
 * The page of a user just logged in: one per layout for the whole file, its storage emptied first
 * (freshPage; a new context starts a renderer and compiles the app anew).
 */
const pageFor = (token: string, mobile = false) => freshPage(browser, server.origin, { language: 'zh', token, mobile });

describe('knowledge base', () => {
  it('uploads a docx about a product, processes it and finds it with its source', async () => {
    const token = await loginByApi(server, newPhone());
    const page = await pageFor(token);
    await page.goto(`${app}/modi-knowledge`);
    await poll(() => page.getByTestId('datasets-empty').textContent()).toContain('还没有知识库');

    await page.getByTestId('new-dataset').click();
    await page.getByTestId('dataset-name').fill('云朵保温杯资料');
    await page.getByTestId('dataset-create').click();
    // The dialog closes with the new dataset already in the side list, and opened.
    await poll(() => page.getByTestId('dataset-name').isVisible()).toBe(false);
    expect(await page.getByTestId('dataset-item').allTextContents()).toEqual([expect.stringContaining('云朵保温杯资料')]);
    await poll(() => page.getByTestId('dataset-title').textContent()).toBe('云朵保温杯资料');
    await poll(() => page.getByTestId('collections-empty').isVisible()).toBe(true);

    // Folders group datasets; a new folder shows in the side panel.
    await page.getByTestId('new-folder').click();
    await page.getByTestId('folder-name').fill('新品');
    await page.getByTestId('folder-create').click();
    await poll(() => page.getByTestId('folder').textContent()).toContain('新品');

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'know-e2e-'));
    const file = path.join(dir, '云朵保温杯说明书.docx');
    fs.writeFileSync(
      file,
      await makeDocx([
        '云朵保温杯产品说明书',
        '云朵保温杯采用316不锈钢内胆，真空断热，保温时间长达12小时。',
        '杯盖一键弹开，单手即可操作，适合通勤和户外。',
        '建议零售价129元，首发期间买二送一。',
      ]),
    );
    await page.getByTestId('add-data').click();
    await page.getByTestId('data-file').setInputFiles(file);
    await page.getByTestId('add-data-submit').click();
    await poll(() => toastText(page)).toBe('已添加，开始处理');
    const row = page.getByTestId('collection-row').filter({ hasText: '云朵保温杯说明书.docx' });
    await poll(() => row.getAttribute('data-status'), { timeout: 20_000 }).toBe('ready');
    expect(await row.textContent()).toContain('已就绪');

    await page.getByTestId('search-input').fill('保温杯能保温多久');
    await page.getByTestId('search-run').click();
    const hit = page.getByTestId('search-hit').first();
    await poll(() => hit.textContent()).toContain('保温时间长达12小时');
    expect(await hit.getByTestId('search-hit-source').textContent()).toBe('来源：云朵保温杯说明书.docx');
    // The matched terms are highlighted.
    expect(await hit.getByTestId('search-hit-snippet').locator('mark').allTextContents()).toContain('保温杯');

    // Content generation draws on the dataset and lists the chunks it used as sources (the offline
    // writer here: no chat model is configured in this run).
    await page.goto(`${app}/mott-content`);
    await page.getByTestId('content-product').fill('云朵保温杯，保温12小时');
    await page.getByTestId('knowledge-picker').click();
    await page.getByRole('option', { name: '云朵保温杯资料' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('content-generate').click();
    const source = page.getByTestId('content-source').first();
    await poll(() => source.textContent(), { timeout: 30_000 }).toBe('云朵保温杯说明书.docx');
    expect(await source.getAttribute('title')).toContain('保温时间长达12小时');
    expect(await page.getByTestId('content-source-snippet').first().locator('mark').allTextContents()).toContain('云朵保温杯');
    // An idea report (custom idea) draws on it too and lists the same source.
    await page.goto(`${app}/content-hotspot`);
    await page.getByRole('tab', { name: '自定义创意' }).click();
    await page.getByTestId('idea-topic').fill('冬季通勤');
    await page.getByTestId('idea-prompt').fill('云朵保温杯，保温12小时');
    await page.getByTestId('knowledge-picker').click();
    await page.getByRole('option', { name: '云朵保温杯资料' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('idea-submit').click();
    await page.waitForURL(/\/mott-idea\?reportId=/);
    await poll(() => page.getByTestId('report-source').first().textContent(), { timeout: 30_000 }).toBe('云朵保温杯说明书.docx');
    await page.goto(`${app}/modi-knowledge`);
    await poll(() => page.getByTestId('collection-row').count()).toBe(1);

    // A renamed file is refused with a clear message and nothing is added.
    const fake = path.join(dir, 'fake.pdf');
    fs.writeFileSync(fake, 'not a pdf at all');
    await page.getByTestId('add-data').click();
    await page.getByTestId('data-file').setInputFiles(fake);
    await page.getByTestId('add-data-submit').click();
    await poll(() => toastText(page)).toBe('文件无法读取，请确认文件内容与扩展名一致');
    expect(await page.getByTestId('collection-row').count()).toBe(1);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('notes', () => {
  it('pages the note list by 10 with load-more, searches, and keeps favourites', async () => {
    const token = await loginByApi(server, newPhone());
    for (let i = 1; i <= 23; i++) {
      const res = await call(server, 'POST', '/api/notes', {
        token,
        json: { title: `夏日笔记${String(i).padStart(2, '0')}`, content: i === 7 ? '防晒霜测评' : '日常分享', tags: ['夏天'] },
      });
      expect(res.code).toBe(0);
    }
    const page = await pageFor(token);
    await page.goto(`${app}/modi-note-base`);
    const cards = page.getByTestId('note-card');
    await poll(() => cards.count()).toBe(10);
    expect(await cards.first().textContent()).toContain('夏日笔记23');
    await page.getByTestId('notes-load-more').click();
    await poll(() => cards.count()).toBe(20);
    await page.getByTestId('notes-load-more').click();
    await poll(() => cards.count()).toBe(23);
    await poll(() => page.getByTestId('notes-no-more').textContent()).toBe('没有更多了');

    // Favourite the second note; the star stays after a reload and the favourites tab lists it.
    const second = cards.nth(1);
    await second.getByTestId('note-favorite').click();
    await poll(() => second.getByTestId('note-favorite').getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await poll(() => cards.nth(1).getByTestId('note-favorite').getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('tab', { name: '收藏' }).click();
    await poll(() => cards.count()).toBe(1);
    expect(await cards.first().textContent()).toContain('夏日笔记22');

    // Search by containment, then clearing returns to the first tab with the full list.
    await page.getByTestId('notes-search').fill('防晒');
    await page.getByTestId('notes-search-run').click();
    await page.getByRole('tab', { name: '我的笔记' }).click();
    await poll(() => cards.count()).toBe(1);
    expect(await cards.first().textContent()).toContain('夏日笔记07');
    await page.getByTestId('notes-search').fill('没有这种笔记');
    await page.getByTestId('notes-search-run').click();
    await poll(() => page.getByTestId('notes-empty').textContent()).toContain('没有包含“没有这种笔记”的笔记');
    await page.getByRole('button', { name: '清空' }).click();
    await poll(() => cards.count()).toBe(10);

    // A note opens on its own page.
    await cards.first().getByTestId('note-title-link').click();
    await poll(() => page.getByTestId('note-detail').textContent()).toContain('夏日笔记23');

    // On a phone the list loads the next page when its scroll container reaches the bottom.
    const mobile = await pageFor(token, true);
    await mobile.goto(`${app}/modi-note-base`);
    const mobileCards = mobile.getByTestId('note-card');
    await poll(() => mobileCards.count()).toBe(10);
    await mobile.getByTestId('notes-scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await poll(() => mobileCards.count()).toBe(20);
    // An unknown note says so inside the page, without a failing request.
    const failed: string[] = [];
    mobile.on('response', (response) => {
      if (response.status() >= 400) failed.push(response.url());
    });
    await mobile.goto(`${app}/modi-note-base/999999`);
    await poll(() => mobile.getByTestId('note-not-found').textContent()).toContain('这条笔记不存在或已删除');
    expect(failed).toEqual([]);
  });
});

describe('product library', () => {
  it('is refused to a free user and works for a member, with the keyword filter over name and intro', async () => {
    const freeToken = await loginByApi(server, newPhone());
    const free = await pageFor(freeToken);
    await free.goto(`${app}/goods`);
    await poll(() => free.getByTestId('forbidden').isVisible()).toBe(true);
    expect(await free.getByTestId('goods-page').count()).toBe(0);
    await free.goto(`${app}/mott-knowledge`);
    await poll(() => free.getByTestId('forbidden').isVisible()).toBe(true);
    const api = await call(server, 'GET', '/api/goods', { token: freeToken });
    expect(api.status).toBe(403);

    const memberToken = await loginByApi(server, newPhone());
    const order = await call<{ orderNo: string; payUrl: string }>(server, 'POST', '/api/orders', {
      token: memberToken,
      json: { productId: 'basic-monthly' },
    });
    const pay = new URL(order.data.payUrl);
    const paid = await call(server, 'POST', `${pay.pathname.replace(/\/?$/, '')}/pay${pay.search}`, {
      json: { result: 'success' },
    });
    expect(paid.code, paid.msg).toBe(0);
    const page = await pageFor(memberToken);
    await page.goto(`${app}/goods`);
    await poll(() => page.getByTestId('goods-empty').textContent()).toContain('还没有商品');
    for (const [name, intro] of [
      ['云朵保温杯', '316不锈钢内胆，保温12小时'],
      ['星空饭盒', '三层分隔，可微波加热'],
    ]) {
      await page.getByTestId('goods-new').click();
      await page.getByTestId('goods-name').fill(name!);
      await page.getByTestId('goods-intro').fill(intro!);
      await page.getByTestId('goods-save').click();
      await poll(() => page.getByTestId('goods-card').filter({ hasText: name! }).count()).toBe(1);
    }
    await page.getByTestId('goods-keyword').fill('不锈钢');
    await poll(() => page.getByTestId('goods-card').count()).toBe(1);
    expect(await page.getByTestId('goods-card').textContent()).toContain('云朵保温杯');
    await page.getByTestId('goods-keyword').fill('饭盒');
    await poll(() => page.getByTestId('goods-card').textContent()).toContain('星空饭盒');
  });
});
