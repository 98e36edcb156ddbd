import JSZip from 'jszip';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testImage } from '../packages/server/src/studio/uploads/test-images.test-support.ts';
import { call, loggedInContext, loginByApi, newPhone, paidMemberByApi } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * The marketing plan pages with real data (issue 31): a merchant with a product, imported hot
 * items naming their authors and a dozen idea reports walks through recommendations, hotspot
 * marketing, the publishing plan (a post written, exported as its platform's zip, a picture
 * deleted, marked published), the hot-item publishers and the idea list's paging, filter and
 * selection modal. The offline writer writes (free); the shared feed is off.
 */
let browser: Browser;
let server: RunningServer;
let token: string;
const OPERATOR = newPhone();

async function downloadZip(page: Page, click: () => Promise<void>): Promise<JSZip> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return JSZip.loadAsync(Buffer.concat(chunks));
}

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer({ HOTSPOT_FEED_URL: 'off', OPERATOR_ACCOUNTS: OPERATOR });
  // A membership (the product library is for members), paid on the sandbox pay page.
  token = await paidMemberByApi(server);
  const goods = await call(server, 'POST', '/api/goods', {
    token,
    json: {
      name: '云朵保温杯',
      intro: '316不锈钢内胆，降温天气随身带热水',
      sellingPoints: ['保温12小时', '一键开盖'],
      price: '129',
    },
  });
  expect(goods.code, goods.msg).toBe(0);
  const imported = await call(server, 'POST', '/api/hotspots/import', {
    token,
    json: {
      platform: 'xiaohongshu',
      items: [
        { title: '寒潮降温 保温杯怎么选', hot: '120万', author: '杯子测评君' },
        { title: '秋冬通勤穿搭', hot: '30万', author: '穿搭小林' },
        { title: '保温杯不锈钢内胆清洁技巧', hot: '8万', author: '杯子测评君' },
      ],
    },
  });
  expect(imported.code, imported.msg).toBe(0);
  for (let i = 1; i <= 12; i++) {
    const report = await call(server, 'POST', '/api/ideas/reports', {
      token,
      json: {
        hotspotSourceType: 'CUSTOM_INSPIRATION',
        socialType: ['image'],
        reportTitle: i === 12 ? '圣诞保温杯礼盒' : `冬季选题${i}`,
      },
    });
    expect(report.code, report.msg).toBe(0);
  }
});
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

describe('marketing plan pages', () => {
  it('recommends, matches, plans, exports, tracks publishers and pages the idea list', async () => {
    const context = await loggedInContext(browser, token, { language: 'zh' });
    const page = await context.newPage();

    // /mott opens today's recommendations: hot items about the product first, with the product.
    await page.goto(`${server.app}/mott`);
    await page.waitForURL(/\/mott-recommend/);
    const first = page.getByTestId('recommendation').first();
    await expect.poll(() => first.textContent(), { timeout: 20_000 }).toContain('保温杯');
    expect(await first.textContent()).toContain('适合产品：云朵保温杯');
    expect(await page.locator('[data-testid="recommendation"][data-kind="calendar"]').count()).toBeGreaterThan(0);
    await first.getByTestId('recommendation-make').click();
    await expect.poll(() => page.getByTestId('idea-prompt').inputValue()).toContain('云朵保温杯');
    await page.keyboard.press('Escape');

    // /marketing-hotspot: the item that fits, then the product with its angles.
    await page.goto(`${server.app}/marketing-hotspot`);
    await page.getByTestId('match-hotspot').first().click();
    await page.waitForURL(/hotspotId=/);
    const product = page.getByTestId('match-product').first();
    await expect.poll(() => product.textContent()).toContain('云朵保温杯');
    expect(await product.getByTestId('angle').count()).toBe(3);
    expect(await product.getByTestId('angle').first().textContent()).toContain('借势');
    // The hot item's default picture (spec 001 §3, HOTSPOT_MARKETING_PIC): the imported item's hot list (xiaohongshu), loaded.
    const pic = page.getByTestId('hotspot-pic');
    expect(await pic.getAttribute('data-category')).toBe('HOTSPOT_MARKETING_PIC');
    expect(await pic.getAttribute('src')).toMatch(/hotspot\/xiaohongshu\.svg$/);
    await expect.poll(() => pic.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);

    // /hotspot-publisher: the imported items' authors, the one with two items first.
    await page.goto(`${server.app}/hotspot-publisher`);
    await expect.poll(() => page.getByTestId('publisher-name').first().textContent()).toBe('杯子测评君');
    await page.getByTestId('publishers-douyin').click();
    await page.getByTestId('publishers-empty').waitFor();
    // Its "import hot items" imports onto the tab the merchant is on (issue 41: it opened on 我的导入).
    await page.getByTestId('publishers-empty').getByRole('button').click();
    await page.waitForURL(/content-hotspot\?platform=douyin/);
    await page.getByTestId('open-import').click();
    await expect.poll(() => page.getByTestId('import-platform').textContent()).toBe('抖音');
    await page.keyboard.press('Escape');

    // /content-publishing: a post written with a picture and tags, exported, its picture deleted.
    await page.goto(`${server.app}/content-publishing`);
    await page.getByTestId('plan-week').waitFor();
    await page.getByTestId('post-new').click();
    await page.getByTestId('post-title').fill('冬天的第一杯热水');
    await expect.poll(() => page.locator('.mkt-counter').textContent()).toBe('8/20');
    await page.getByTestId('post-content').fill('一整天都是热水，通勤路上也能喝到热茶。');
    const tagInput = page.getByTestId('post-tags').locator('input');
    await tagInput.fill('保温杯');
    await tagInput.press('Enter');
    await page.getByTestId('post-upload').setInputFiles({
      name: 'cup.png',
      mimeType: 'image/png',
      buffer: await testImage('png', 64),
    });
    await expect.poll(() => page.getByTestId('post-image-remove').count()).toBe(1);
    await page.getByTestId('post-save').click();
    const post = page.getByTestId('post').first();
    await expect.poll(() => post.getByTestId('post-card-title').textContent()).toBe('冬天的第一杯热水');
    const zip = await downloadZip(page, () => post.getByTestId('post-export').click());
    expect(await zip.file('post.txt')?.async('string')).toContain('#保温杯');
    expect(Object.keys(zip.files).some((n) => n.startsWith('pictures/01.'))).toBe(true);
    await post.getByTestId('post-edit').click();
    await page.getByTestId('post-image-remove').click();
    await page.getByTestId('post-save').click();
    await expect.poll(() => post.locator('.mkt-post-thumbs img').count()).toBe(0);
    await post.getByTestId('post-published').click();
    await expect.poll(() => post.getByTestId('post-status-tag').textContent()).toBe('已发布');

    // /mott-idea: ten a page, the name filter, and ?source=HOT opens the selection modal.
    await page.goto(`${server.app}/mott-idea`);
    await expect.poll(() => page.getByTestId('report-row').count()).toBe(10);
    expect(await page.getByTestId('report-total').textContent()).toBe('共 12 份');
    await page.getByTestId('report-filter').fill('圣诞');
    await expect.poll(() => page.getByTestId('report-row').count()).toBe(1);
    expect(await page.getByTestId('report-row').textContent()).toContain('圣诞保温杯礼盒');
    // The creative-type filter (spec 001 §3 idea list type): the reports made image ideas only.
    await expect
      .poll(async () => (await call(server, 'GET', '/api/ideas/reports?type=SOCIAL_MEDIA_CREATIVE_SCHEME', { token })).data.total)
      .toBeGreaterThan(0);
    expect((await call(server, 'GET', '/api/ideas/reports?type=VIDEO_CREATIVE_SCHEME', { token })).data.total).toBe(0);
    await page.getByTestId('report-type').click();
    await page.getByRole('option', { name: '视频创意' }).click();
    await expect.poll(() => page.getByTestId('report-row').count()).toBe(0);
    await page.goto(`${server.app}/mott-idea?source=HOT`);
    await page.getByTestId('hot-list').waitFor();
    expect(await page.locator('.semi-modal').getByTestId('hot-list').count()).toBe(1);

    // /content-hotspot?source=CALENDAR: the calendar tab and its selection modal (spec 001 §2); a day opens the idea form.
    await page.goto(`${server.app}/content-hotspot?source=CALENDAR`);
    const select = page.locator('.semi-modal').getByTestId('select-modal');
    await select.waitFor();
    expect(await select.getAttribute('data-source')).toBe('CALENDAR');
    await select.locator('.mkt-calendar-cell:has(.mkt-entry)').first().click();
    await select.getByTestId('use-day').click();
    await page.getByTestId('idea-form').waitFor();
    await context.close();
  });

  it('the lite tenant reaches the idea form by no link and no API call (issue 47)', async () => {
    const operator = await loginByApi(server, OPERATOR);
    const lite = await loginByApi(server, newPhone());
    const me = (await call(server, 'GET', '/api/user/current', { token: lite })).data;
    const moved = await call(server, 'PUT', `/api/console/users/${me.user.id}/team`, {
      token: operator,
      json: { role: 'member', tenantId: 'lite' },
    });
    expect(moved.code, moved.msg).toBe(0);
    const imported = await call(server, 'POST', '/api/hotspots/import', {
      token: lite,
      json: { platform: 'xiaohongshu', items: [{ title: '秋冬通勤穿搭', hot: '30万' }] },
    });
    expect(imported.code, imported.msg).toBe(0);
    // The API behind the form and the pages that lead to it: 403 with the permission message.
    for (const [method, path] of [
      ['POST', '/api/ideas/reports'],
      ['GET', '/api/marketing/recommendations'],
      ['GET', '/api/marketing/hotspot-matches'],
      ['GET', '/api/publishing/posts'],
    ] as const) {
      const res = await call(server, method, path, { token: lite, json: method === 'POST' ? {} : undefined });
      expect({ path, code: res.code, msg: res.msg }).toEqual({ path, code: 1003, msg: '没有权限' });
    }

    const context = await loggedInContext(browser, lite, { language: 'zh' });
    const page = await context.newPage();
    // The hot list is there to read: no "use it", no custom-idea tab, no selection modal.
    await page.goto(`${server.app}/content-hotspot?source=HOT`);
    await page.getByTestId('platform-xiaohongshu').click();
    await expect.poll(() => page.getByTestId('hot-item').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('use-hotspot').count()).toBe(0);
    expect(await page.getByRole('tab', { name: '自定义创意' }).count()).toBe(0);
    expect(await page.getByTestId('select-modal').count()).toBe(0);
    // Each page that opened the form is closed as a route.
    for (const path of ['/mott', '/mott-recommend', '/marketing-hotspot', '/content-publishing', '/mott-idea']) {
      await page.goto(`${server.app}${path}`);
      await page.getByTestId('not-found').waitFor();
      expect(await page.getByTestId('idea-form').count()).toBe(0);
    }
    await context.close();
  });
});
