import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testImage } from '../packages/server/src/studio/uploads/test-images.test-support.ts';
import { call, loginByApi, newPhone } from './support/api.ts';
import { freshPage, launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * The shell's forms in real Chromium against the real server: feedback with an image (picked and
 * pasted), the custom-model and HOT enquiries with their validation, the mobile consultant form, and
 * the personal settings page (name, e-mail binding with captcha and code, password, log out everywhere).
 */
const OPERATOR = '13700000002';
let server: RunningServer;
let browser: Browser;
let operatorToken: string;
beforeAll(async () => {
  server = await startServer({ OPERATOR_ACCOUNTS: OPERATOR });
  browser = await launchBrowser();
  operatorToken = await loginByApi(server, OPERATOR);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const toastText = (page: Page) => page.locator('.semi-toast-content-text').last().textContent();

describe('feedback', () => {
  it('asks anonymous visitors to log in first', async () => {
    const page = await freshPage(browser, server.origin, { language: 'en' });
    await page.goto(`${server.app}/hot-notes`);
    await page.getByTestId('helper-feedback').click();
    await page.getByTestId('login-modal').waitFor();
    expect(await page.getByTestId('feedback-form').count()).toBe(0);
  });

  it('needs title and content, refuses other images, takes one png or a pasted jpeg, then resets and closes', async () => {
    const token = await loginByApi(server, newPhone());
    const page = await freshPage(browser, server.origin, { language: 'en', token });
    await page.goto(`${server.app}/hot-notes`);
    await page.getByTestId('helper-feedback').click();
    await page.getByTestId('feedback-form').waitFor();
    expect(await page.getByTestId('feedback-submit').isDisabled()).toBe(true);
    await page.getByTestId('feedback-title').fill('Cutout edge');
    expect(await page.getByTestId('feedback-submit').isDisabled()).toBe(true);
    await page.getByTestId('feedback-content').fill('The hair edge looks rough on dark backgrounds.');
    expect(await page.getByTestId('feedback-submit').isDisabled()).toBe(false);

    // A gif is refused in the browser with the spec's message.
    const gif = await testImage('gif');
    await page.getByTestId('feedback-file').setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: gif });
    await expect.poll(() => toastText(page)).toBe('Please upload an image within 20M');
    expect(await page.getByTestId('feedback-image').count()).toBe(0);

    const png = await testImage('png', 16);
    await page.getByTestId('feedback-file').setInputFiles({ name: 'edge.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('feedback-image').waitFor();
    const firstUrl = await page.getByTestId('feedback-image').getAttribute('src');

    // A pasted image replaces it (one image at a time).
    const jpeg = (await testImage('jpeg', 16)).toString('base64');
    await page.getByTestId('feedback-content').evaluate((el, data) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'paste.jpg', { type: 'image/jpeg' }));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    }, jpeg);
    await expect.poll(() => page.getByTestId('feedback-image').getAttribute('src')).not.toBe(firstUrl);
    const pastedUrl = await page.getByTestId('feedback-image').getAttribute('src');

    await page.getByTestId('feedback-submit').click();
    await page.getByTestId('feedback-form').waitFor({ state: 'hidden' });
    await expect.poll(() => toastText(page)).toBe('Submitted');

    const stored = (await call(server, 'GET', '/api/operator/feedback?pageNum=1&pageSize=10', { token: operatorToken })).data
      .list[0];
    expect(stored.title).toBe('Cutout edge');
    expect(stored.content).toBe('The hair edge looks rough on dark backgrounds.');
    expect(stored.attachments).toHaveLength(1);
    expect(new URL(stored.attachments[0].url, server.origin).pathname).toBe(new URL(pastedUrl!, server.origin).pathname);

    // Opening it again shows an empty form.
    await page.getByTestId('helper-feedback').click();
    await page.getByTestId('feedback-form').waitFor();
    expect(await page.getByTestId('feedback-title').inputValue()).toBe('');
    expect(await page.getByTestId('feedback-image').count()).toBe(0);
  });
});

describe('lead forms', () => {
  it('validates the custom-model enquiry and stores it for the tenant operators', async () => {
    const page = await freshPage(browser, server.origin, { language: 'en' });
    await page.goto(`${server.app}/`);
    await page.getByTestId('enterprise-service').click();
    await page.getByTestId('lead-modal').waitFor();
    await expect.poll(() => page.getByTestId('lead-modal').getAttribute('data-shown')).toBe('true');
    const submit = page.getByTestId('lead-submit');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByTestId('lead-name').fill('Li Lei');
    await page.getByTestId('lead-companyName').fill('Spring Apparel');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByTestId('lead-phone').fill('23800000000');
    await page.getByTestId('lead-email').fill('not-an-address');
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await expect.poll(() => page.getByTestId('lead-error-phone').textContent()).toBe('Please enter a correct phone number');
    expect(await page.getByTestId('lead-error-email').textContent()).toBe('Please enter a correct email');
    // Inputs stop at the limits (30 characters, 100 for the requirement).
    await page.getByTestId('lead-address').fill('x'.repeat(40));
    expect((await page.getByTestId('lead-address').inputValue()).length).toBe(30);
    await page.getByTestId('lead-description').fill('y'.repeat(120));
    expect((await page.getByTestId('lead-description').inputValue()).length).toBe(100);

    await page.getByTestId('lead-phone').fill('13812345678');
    await page.getByTestId('lead-email').fill('li@spring.example');
    await page.getByTestId('lead-address').fill('Operations lead');
    await page.getByTestId('lead-description').fill('Two Asian female models for summer dresses');
    await submit.click();
    await page.getByTestId('lead-modal').waitFor({ state: 'detached' });
    await expect.poll(() => toastText(page)).toBe('Submitted successfully, we will contact you soon');

    const lead = (await call(server, 'GET', '/api/operator/leads?pageNum=1&pageSize=10', { token: operatorToken })).data.list[0];
    expect(lead).toMatchObject({
      type: 'custom_model',
      name: 'Li Lei',
      companyName: 'Spring Apparel',
      phone: '13812345678',
      email: 'li@spring.example',
      address: 'Operations lead',
      webSource: 'header-enterprise-service',
    });
  });

  it('asks hot-topic visitors for no phone (HOT type)', async () => {
    const page = await freshPage(browser, server.origin, { language: 'en' });
    await page.goto(`${server.app}/hot-notes?referrer=travel-club`);
    await page.getByTestId('menu-group-hotTopics').waitFor();
    await page.getByTestId('enterprise-service').click();
    await expect.poll(() => page.getByTestId('lead-form').getAttribute('data-type')).toBe('HOT');
    expect(await page.getByTestId('lead-phone').count()).toBe(0);
    await page.getByTestId('lead-name').fill('Wang Fang');
    await page.getByTestId('lead-companyName').fill('Lakeside Travel');
    await page.getByTestId('lead-submit').click();
    await page.getByTestId('lead-modal').waitFor({ state: 'detached' });
  });

  it('takes the mobile consultant form and shows the tips afterwards', async () => {
    const page = await freshPage(browser, server.origin, { language: 'en', mobile: true });
    await page.goto(`${server.app}/ai-cutout`);
    await page.getByTestId('mobile-consult').click();
    await page.getByTestId('consultant-sheet').waitFor();
    expect(await page.getByTestId('lead-submit').isDisabled()).toBe(true);
    await page.getByTestId('lead-name').fill('Zhao Min');
    await page.getByTestId('lead-companyName').fill('Min Wigs');
    await page.getByTestId('lead-description').fill('Wig photos for 40 products');
    await page.getByTestId('lead-submit').click();
    await page.getByTestId('consultant-tips').waitFor();
    const lead = (
      await call(server, 'GET', '/api/operator/leads?pageNum=1&pageSize=10&type=consultant', { token: operatorToken })
    ).data.list[0];
    expect(lead).toMatchObject({
      type: 'consultant',
      name: 'Zhao Min',
      companyName: 'Min Wigs',
      phone: '-',
      email: '-',
      address: '-',
    });
  });
});

describe('personal settings', () => {
  it('changes the name, binds an e-mail with captcha and code, sets a password and logs out everywhere', async () => {
    const phone = newPhone();
    const token = await loginByApi(server, phone);
    const page = await freshPage(browser, server.origin, { language: 'en', token });
    await page.goto(`${server.app}/personal-setting`);
    await page.getByTestId('personal-setting').waitFor();

    await page.getByTestId('settings-username').fill('Studio Li');
    await page.getByTestId('settings-profile-save').click();
    await expect
      .poll(async () => (await call(server, 'GET', '/api/user/current', { token })).data.user.userName)
      .toBe('Studio Li');

    const mail = `li.${Date.now()}@studio.example`;
    expect(await page.getByTestId('settings-email-value').textContent()).toBe('Not bound');
    await page.getByTestId('settings-email-edit').click();
    await page.getByTestId('settings-email-input').fill('wrong');
    await page.getByTestId('send-code').click();
    await expect.poll(() => page.getByTestId('settings-email-error').textContent()).toBe('Please enter a correct email');
    await page.getByTestId('settings-email-input').fill(mail);
    const started = Date.now() - 1;
    await page.getByTestId('send-code').click();
    await page.getByTestId('captcha-image').locator('img').waitFor();
    let captcha = '';
    await expect
      .poll(async () => {
        captcha = (await server.outbox(mail)).find((m) => m.channel === 'captcha' && m.sentAt >= started)?.code ?? '';
        return captcha;
      })
      .not.toBe('');
    await page.getByTestId('captcha-input').fill(captcha);
    await page.getByTestId('captcha-confirm').click();
    let code = '';
    await expect
      .poll(async () => {
        code = (await server.outbox(mail)).find((m) => m.channel === 'mail')?.code ?? '';
        return code;
      })
      .toMatch(/^\d{6}$/);
    await page.getByTestId('code-input').fill(code);
    await page.getByTestId('settings-email-submit').click();
    await expect.poll(() => page.getByTestId('settings-email-value').textContent()).toBe(mail);

    // No password yet: setting one needs no old password; the two entries must match.
    expect(await page.getByTestId('settings-old-password').count()).toBe(0);
    await page.getByTestId('settings-new-password').fill('secret-123');
    await page.getByTestId('settings-confirm-password').fill('secret-124');
    await page.getByTestId('settings-password-save').click();
    await expect
      .poll(() => page.getByTestId('settings-confirm-password-error').textContent())
      .toBe('The two passwords do not match');
    await page.getByTestId('settings-confirm-password').fill('secret-123');
    await page.getByTestId('settings-password-save').click();
    await page.getByTestId('settings-old-password').waitFor();
    const byPassword = await call(server, 'POST', '/api/auth/login', {
      form: { loginType: '', username: mail, password: 'secret-123' },
    });
    expect(byPassword.code).toBe(0);

    await page.getByTestId('settings-logout-all').click();
    await page.getByTestId('settings-logout-all-yes').click();
    await page.getByTestId('login-button').waitFor();
    expect((await call(server, 'GET', '/api/user/current', { token })).status).toBe(401);
    expect((await call(server, 'GET', '/api/user/current', { token: byPassword.data.access_token })).status).toBe(401);
  });
});

describe('profile-completion prompt', () => {
  it('asks users who came through a referrer that wants it for their company, once saved never again', async () => {
    const token = await loginByApi(server, newPhone());
    const page = await freshPage(browser, server.origin, { language: 'en', token });
    // Without such a referrer nobody is asked.
    await page.goto(`${server.app}/hot-notes`);
    await page.getByTestId('coin-balance').waitFor();
    expect(await page.getByTestId('profile-prompt').count()).toBe(0);

    await page.goto(`${server.app}/hot-notes?referrer=miniprogram`);
    await page.getByTestId('profile-prompt').waitFor();
    expect(await page.getByTestId('profile-prompt-save').isDisabled()).toBe(true);
    await page.getByTestId('profile-prompt-company').fill('Spring Apparel');
    await page.getByTestId('profile-prompt-save').click();
    await page.getByTestId('profile-prompt').waitFor({ state: 'detached' });
    expect((await call(server, 'GET', '/api/user/current', { token })).data.user.companyName).toBe('Spring Apparel');
    await page.reload();
    await page.getByTestId('coin-balance').waitFor();
    expect(await page.getByTestId('profile-prompt').count()).toBe(0);
  });
});
