import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../packages/server/src/engines/openai-chat/fake-llm.test-support.ts';
import { call, loggedInContext, loginByApi, newPhone } from './support/api.ts';
import { freshPage, launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * KOS in real Chromium (docs/kos.md): a member's idea goes through review to approved with the
 * reviewer's comment; an operator on a phone picks a persona on the first visit and imports
 * monitoring readings that are charted; a topic plan in its month view changes status; a product-review insight with its quotes (the chat model is
 * a local test double of the OpenAI protocol: the real providers cannot be reached here).
 */
const OPERATOR = '13700000134';
const TENANT = 'kos-e2e';
let server: RunningServer;
let browser: Browser;
let llm: FakeLlm;
let operatorToken: string;

/** The double answers the insight request (a JSON schema answer) with findings that cite texts 1-3. */
function respond(body: Record<string, unknown>): string {
  if (!body.response_format) return '这是模型写的一段文字。';
  return JSON.stringify({
    summary: '保温效果是最大的卖点，盖子漏水是主要槽点。',
    sentiments: ['positive', 'positive', 'negative'],
    themes: [
      { name: '保温效果', sentiment: 'positive', quotes: [1, 2] },
      { name: '密封性', sentiment: 'negative', quotes: [3] },
    ],
    sellingPoints: [{ point: '保温一整天', quotes: [1, 2] }],
    complaints: [{ point: '盖子漏水', quotes: [3] }],
  });
}

const toastText = (page: Page) => page.locator('.semi-toast-content-text').last().textContent();

/** A user of the team tenant with the role, made by the platform operator in the console API. */
async function teamMember(role: 'owner' | 'operator' | 'member') {
  const token = await loginByApi(server, newPhone());
  const me = (await call(server, 'GET', '/api/user/current', { token })).data;
  const made = await call(server, 'PUT', `/api/console/users/${me.user.id}/team`, {
    token: operatorToken,
    json: { role, tenantId: TENANT },
  });
  expect(made.code, made.msg).toBe(0);
  return token;
}

beforeAll(async () => {
  llm = await startFakeLlm({ respond });
  server = await startServer({ OPERATOR_ACCOUNTS: OPERATOR, LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-model' });
  browser = await launchBrowser();
  operatorToken = await loginByApi(server, OPERATOR);
  const created = await call(server, 'POST', '/api/console/tenants', {
    token: operatorToken,
    json: { id: TENANT, name: 'KOS Team', flags: { menuSet: 'enterprise' } },
  });
  expect(created.code, created.msg).toBe(0);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await llm?.close();
});

/**
 * The page of a user just logged in: one per layout for the whole file, its storage emptied first
 * (freshPage; a new context starts a renderer and compiles the app anew). English, as loggedInContext.
 */
const pageAs = (token: string, mobile = false) => freshPage(browser, server.origin, { language: 'en', token, mobile });

it('an idea moves from draft to approved with the reviewer comment', async () => {
  const memberToken = await teamMember('member');
  const reviewerToken = await teamMember('operator');

  const page = await pageAs(memberToken);
  await page.goto(`${server.app}/audit`);
  await page.getByTestId('audit-page').waitFor();
  // A member has no review queue.
  expect(await page.getByTestId('tab-queue').count()).toBe(0);
  await page.getByTestId('review-new').click();
  await page.getByTestId('review-title-input').fill('冬天的第一杯热水');
  await page.getByTestId('review-body-input').fill('用保温杯装满热水，通勤路上也能喝到热茶。');
  await page.getByTestId('review-save').click();
  const detail = page.getByTestId('review-detail');
  await expect.poll(() => detail.getAttribute('data-status')).toBe('draft');
  await page.getByTestId('review-submit').click();
  await expect.poll(() => detail.getAttribute('data-status')).toBe('in_review');
  expect(await page.getByTestId('review-approve').count()).toBe(0);

  // A second user at the same time: a context of their own.
  const reviewerContext = await loggedInContext(browser, reviewerToken);
  const review = await reviewerContext.newPage();
  await review.goto(`${server.app}/audit`);
  await review.getByTestId('tab-queue').click();
  await review.getByTestId('review-row').filter({ hasText: '冬天的第一杯热水' }).click();
  await review.getByTestId('review-comment-input').fill('标题很好，可以发布');
  await review.getByTestId('review-approve').click();
  await expect.poll(() => toastText(review)).toBe('Approved');
  await expect.poll(() => review.getByTestId('review-detail').getAttribute('data-status')).toBe('approved');
  await reviewerContext.close();

  // The author sees the decision and the comment behind it.
  await page.reload();
  await expect.poll(() => page.getByTestId('review-detail').getAttribute('data-status')).toBe('approved');
  const approval = page.getByTestId('review-comment').filter({ hasText: '标题很好，可以发布' });
  await expect.poll(() => approval.textContent()).toContain('In review → Approved');

  // The transitions are in the tenant's audit log.
  const ownerToken = await teamMember('owner');
  const log = await call(server, 'GET', '/api/team/audit-log?pageSize=50', { token: ownerToken });
  const actions = (log.data.list as Array<{ action: string }>).map((r) => r.action);
  expect(actions).toEqual(expect.arrayContaining(['review.create', 'review.submit', 'review.approve']));
});

it('on a phone: the first-visit persona choice, then monitoring readings imported and charted', async () => {
  const token = await teamMember('operator');
  const page = await pageAs(token, true);
  await page.goto(`${server.app}/kos-persona?time=1`);
  await page.getByTestId('persona-welcome').waitFor();
  await page.getByTestId('persona-add').click();
  await page.getByTestId('persona-name').fill('宝妈小林');
  await page.getByTestId('persona-tone').fill('亲切接地气');
  await page.getByTestId('persona-save').click();
  // Chosen at once: the flag is set and the user lands on the home page.
  await page.waitForURL((url) => !url.pathname.endsWith('/kos-persona'));
  const flag = await page.evaluate(() => localStorage.getItem('KOS_PERSONA'));
  expect(Number(flag)).toBeGreaterThan(0);

  await page.goto(`${server.app}/kos-monitoring`);
  await page.getByTestId('monitoring-import').click();
  await page
    .getByTestId('monitoring-paste')
    .fill(
      [
        '平台,账号,作品ID,标题,日期,播放量,点赞',
        '抖音,cup_daily,v1,保温杯开箱,2026/11/20,1.2万,300',
        '抖音,cup_daily,v1,保温杯开箱,2026/11/21,15000,420',
      ].join('\n'),
    );
  await page.getByTestId('monitoring-submit').click();
  await expect.poll(() => page.getByTestId('monitoring-result').textContent()).toContain('Imported 2 readings');
  await page.keyboard.press('Escape');
  await page.getByTestId('tracked-card').filter({ hasText: 'cup_daily' }).click();
  await expect.poll(() => page.getByTestId('chart-tracked').getAttribute('data-ready')).toBe('true');
  await expect.poll(() => page.getByTestId('tracked-post').first().textContent()).toContain('15,000');
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  // The other KOS pages fit the phone too (nothing wider than the screen).
  for (const [path, testId] of [
    ['/kos-account', 'kos-account-page'],
    ['/kos-topic', 'kos-topic-page'],
    ['/kos-personality', 'kos-personality-page'],
    ['/audit', 'audit-page'],
    ['/comment-insight', 'insight-form'],
  ] as [string, string][]) {
    await page.goto(`${server.app}${path}`);
    await page.getByTestId(testId).waitFor();
    expect(await overflow(), path).toBeLessThanOrEqual(0);
  }
});

it('a topic plan for an account on a day shows in its month, and its status changes', async () => {
  const token = await teamMember('operator');
  const account = await call(server, 'POST', '/api/kos/accounts', {
    token,
    json: { platform: 'xiaohongshu', handle: 'topic_plans' },
  });
  expect(account.code, account.msg).toBe(0);
  // A day of next month: saving moves the month view to it.
  const now = new Date();
  const next = new Date(now.getFullYear(), now.getMonth() + 1, 15);
  const month = `${next.getFullYear()}/${String(next.getMonth() + 1).padStart(2, '0')}`;
  const day = `${month}/15`;

  const page = await pageAs(token);
  await page.goto(`${server.app}/kos-topic`);
  await page.getByTestId('topic-add').click();
  const modal = page.locator('.semi-modal');
  await modal.locator('.form-field').filter({ hasText: 'Account' }).locator('.semi-select').click();
  await page.locator('.semi-select-option').filter({ hasText: '@topic_plans' }).click();
  await page.getByTestId('topic-title').fill('冬季保温杯测评');
  const dateInput = modal.locator('.semi-datepicker input');
  await dateInput.click();
  await dateInput.fill(day);
  await dateInput.press('Enter');
  await page.getByTestId('topic-title').click();
  await page.getByTestId('topic-save').click();

  await expect.poll(() => page.getByTestId('topic-month').textContent()).toBe(month);
  const card = page.getByTestId('topic-card').filter({ hasText: '冬季保温杯测评' });
  await expect.poll(() => card.textContent()).toContain('Planned');
  const section = page.locator('section').filter({ has: card });
  expect(await section.locator('.kos-day').textContent()).toBe(day);
  expect(await card.textContent()).toContain('@topic_plans');

  await card.getByRole('button', { name: 'Edit' }).click();
  await modal.locator('.form-field').filter({ hasText: 'Status' }).locator('.semi-select').click();
  await page.locator('.semi-select-option').filter({ hasText: 'Published' }).click();
  await page.getByTestId('topic-save').click();
  await expect.poll(() => card.textContent()).toContain('Published');

  // Kept on the server, in that month and nowhere else.
  const listed = await call(server, 'GET', `/api/kos/topics?month=${encodeURIComponent(month)}`, { token });
  expect(listed.data.map((t: { title: string; planDay: string; status: string }) => [t.title, t.planDay, t.status])).toEqual([
    ['冬季保温杯测评', day, 'published'],
  ]);
});

it('product reviews become themes, sentiment, selling points and complaints with their quotes', async () => {
  const token = await teamMember('operator');
  const page = await pageAs(token);
  await page.goto(`${server.app}/prod-insight`);
  await page.getByTestId('insight-title').fill('保温杯评价');
  await page.getByTestId('insight-text').fill('保温效果很好，一整天都是热的\n保温12小时名不虚传\n盖子有点漏水');
  await expect.poll(() => page.getByTestId('insight-count').textContent()).toContain('3 texts');
  await page.getByTestId('insight-analyse').click();
  await page.getByTestId('insight-result').waitFor();
  await expect.poll(() => page.getByTestId('insight-summary').textContent()).toContain('盖子漏水');
  await expect.poll(() => page.getByTestId('chart-sentiment').getAttribute('data-ready')).toBe('true');
  const complaint = page.getByTestId('insight-complaints').getByTestId('finding').first();
  await complaint.locator('summary').click();
  expect(await complaint.getByTestId('finding-quote').allTextContents()).toEqual(['盖子有点漏水']);
});
