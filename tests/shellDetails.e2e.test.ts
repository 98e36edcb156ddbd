import { resources } from '@productimage/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPhoto } from '../packages/server/src/engines/local/test-fixtures.test-support.ts';
import { call, loggedInContext, loginByApi, newPhone } from './support/api.ts';
import { launchBrowser, newContext } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Desktop details of issue 15 as a merchant meets them: gated pages say why and how to get in, an
 * external tool without its link opens nothing, /ai-video-single shows only its own entry, the home
 * page shows real engine-made pictures and links only to tools that work, modals keep their bottom
 * margin and the floating helper stays off the tool's results.
 */
let server: RunningServer;
let browser: Browser;
let token: string;
beforeAll(async () => {
  // No EXTERNAL_VIDEO_URLS: the external video tools are not available in this deployment. Its own
  // server (the default env would do): the GIF test's render waited 103 s (of its 120) behind the other
  // journeys' tasks on the shared server under load, 48 s on its own.
  server = await startServer({ EXTERNAL_VIDEO_URLS: '' });
  browser = await launchBrowser();
  token = await loginByApi(server, newPhone());
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const en = resources.en;
/**
 * The logged-in English desktop page the desktop details share: each test starts with a full load
 * (page.goto), so it starts from a fresh app with the same user. One page instead of a context and
 * page per test: a new page starts a renderer and compiles the app anew (about 2 s of CPU; a load
 * in a page that has run the app about 0.5 s).
 */
let shared: Page | undefined;
async function desktop(): Promise<Page> {
  if (!shared || shared.isClosed()) shared = await (await loggedInContext(browser, token, { language: 'en' })).newPage();
  return shared;
}

const boxOf = async (page: Page, selector: string) => {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} has no box`);
  return box;
};
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('shell details on the desktop', () => {
  it('offers the working image-to-video tool in the menu and opens it (it was shown disabled)', async () => {
    const page = await desktop();
    await page.goto(`${server.app}/`);
    await page.getByTestId('menu-group-aiLab').hover();
    const entry = page.getByTestId('menu-item-aiVideo');
    await entry.waitFor();
    // The browser asks for reduced motion (support/browser.ts): the menu opens without its zoom. With
    // it, on a busy machine the zoom could start between the press and the release, moving the next
    // entry under the pointer: the click went to the list and the page stayed home (shared/motion.ts).
    expect(await entry.evaluate((el) => el.closest('.semi-dropdown-wrapper')?.getAnimations().length)).toBe(0);
    expect(await entry.getAttribute('aria-disabled')).not.toBe('true');
    expect(await entry.getAttribute('data-unavailable')).toBeNull();
    await entry.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/productimage/ai-video');
  });

  it('gated pages tell a free user why and lead to what grants access', async () => {
    const page = await desktop();
    for (const [path, reason] of [
      ['/goods', 'vip'],
      ['/mott-knowledge', 'vip'],
      ['/mott-agent', 'chat'],
    ] as const) {
      await page.goto(`${server.app}${path}`);
      const forbidden = page.getByTestId('forbidden');
      await forbidden.waitFor();
      expect(await forbidden.getAttribute('data-reason')).toBe(reason);
      const text = await forbidden.innerText();
      expect(text).toContain(en.shell[`${reason}NeededTitle`]);
      expect(text).not.toContain(en.common.forbiddenTitle);
      if (reason === 'chat') {
        // The agent is a tenant grant operators switch on: an enquiry, not an upgrade (issue 31).
        expect(await page.getByTestId('forbidden-benefits').count()).toBe(0);
        await page.getByTestId('forbidden-request-access').click();
        await page.getByTestId('lead-form').waitFor();
        await page.keyboard.press('Escape');
        continue;
      }
      await page.getByTestId('forbidden-benefits').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/productimage/member');
    }
  });

  it('an external tool without its link is marked, opens no tab and says it is not available', async () => {
    const page = await desktop();
    await page.goto(`${server.app}/`);
    await page.getByTestId('menu-group-aiLab').hover();
    const item = page.getByTestId('menu-item-aiMixedCutting');
    await item.waitFor();
    expect(await item.getAttribute('data-unavailable')).toBe('external');
    let popups = 0;
    const popup = () => popups++;
    page.context().on('page', popup);
    await item.click();
    await page.getByTestId('coming-soon').waitFor();
    expect(await page.getByTestId('coming-soon').getAttribute('data-reason')).toBe('external');
    // The way on is a tool that works.
    await page.getByTestId('coming-soon-nearest').click();
    await expect.poll(() => page.getByTestId('coming-soon').count()).toBe(0);
    expect(popups).toBe(0);
    page.context().off('page', popup);
  });

  it('/ai-video-single shows only its own side-bar entry and no header menus', async () => {
    const page = await desktop();
    await page.goto(`${server.app}/ai-video-single`);
    await page.getByTestId('side-bar').waitFor();
    expect(await page.locator('[data-testid^="side-item-"]').count()).toBe(1);
    expect(await page.getByTestId('side-item-aiVideoSingle').count()).toBe(1);
    expect(await page.locator('[data-testid^="menu-group-"]').count()).toBe(0);
  });

  it('home shows real before/after pictures, sized, lazy and in modern formats, and links only to working tools', async () => {
    const page = await desktop();
    await page.goto(`${server.app}/`);
    await page.getByTestId('home-showcase').waitFor();
    const images = await page.locator('[data-testid="home-showcase"] img').evaluateAll((els) =>
      els.map((el) => ({
        src: (el as HTMLImageElement).currentSrc || (el as HTMLImageElement).src,
        loading: el.getAttribute('loading'),
        width: el.getAttribute('width'),
        height: el.getAttribute('height'),
        avif: !!el.parentElement?.querySelector('source[type="image/avif"]'),
      })),
    );
    expect(images.length).toBeGreaterThanOrEqual(4);
    for (const image of images) {
      expect(image.loading).toBe('lazy');
      expect(Number(image.width)).toBeGreaterThan(0);
      expect(Number(image.height)).toBeGreaterThan(0);
      expect(image.avif).toBe(true);
      expect(image.src).toMatch(/\.(avif|webp)$/);
    }
    // The pictures are served by this deployment (made at build time, never fetched from elsewhere).
    const first = await page.request.get(images[0]!.src);
    expect(first.status()).toBe(200);
    expect(first.headers()['content-type']).toMatch(/image\/(avif|webp)/);
    const tools = await page
      .locator('[data-testid^="home-tool-"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!.slice('home-tool-'.length)));
    expect(tools).toContain('aiCutout');
    expect(tools).not.toContain('tryon');
    expect(tools).not.toContain('humanFigureImage');
    expect(tools).not.toContain('aiMixedCutting');
    expect(await page.getByTestId('home-member').innerText()).toContain(en.home.memberTitle);
  });

  it('modals keep their bottom margin and the floating helper stays off the results', async () => {
    const page = await desktop();
    await page.goto(`${server.app}/ai-cutout`);
    await page.getByTestId('floating-helper').waitFor();
    const helper = await boxOf(page, '[data-testid="floating-helper"]');
    expect(overlaps(helper, await boxOf(page, '.tool-main'))).toBe(false);
    // The enterprise-service form: its submit button sits inside the modal with room below it.
    await page.getByTestId('enterprise-service').click();
    await page.getByTestId('lead-submit').waitFor();
    // Measured once the modal's opening animation has settled.
    await expect
      .poll(async () => {
        const content = await boxOf(page, '.semi-modal-content');
        const submit = await boxOf(page, '[data-testid="lead-submit"]');
        return content.y + content.height - (submit.y + submit.height);
      })
      .toBeGreaterThanOrEqual(16);
    await page.keyboard.press('Escape');
    await page.getByTestId('lead-submit').waitFor({ state: 'hidden' });
    // The tutorial: its closing line is not flush with the modal's edge either.
    await page.getByTestId('helper-tutorial').click();
    const body = page.locator('.semi-modal-body').last();
    await body.waitFor();
    await expect
      .poll(async () => {
        const tutorial = await boxOf(page, '.semi-modal-content >> nth=-1');
        const text = await body.boundingBox();
        return text ? tutorial.y + tutorial.height - (text.y + text.height) : -1;
      })
      .toBeGreaterThanOrEqual(16);
  });

  it('a membership price never breaks inside the amount, on a narrow desktop or a phone', async () => {
    for (const mobile of [false, true]) {
      const context = await loggedInContext(browser, token, { language: 'zh', mobile });
      const page = await context.newPage();
      if (!mobile) await page.setViewportSize({ width: 1024, height: 800 });
      await page.goto(`${server.app}/member`);
      await page.locator('.member-price .price').first().waitFor();
      const lines = await page.locator('.member-price .price').evaluateAll((els) =>
        els.map((el) => {
          // One line: no taller than a line of its own font.
          const lines = el.getBoundingClientRect().height / (Number.parseFloat(getComputedStyle(el).fontSize) * 1.6);
          return `${el.textContent}: ${Math.ceil(lines)}`;
        }),
      );
      expect(lines.length).toBeGreaterThan(1);
      for (const line of lines) expect(line).toMatch(/: 1$/);
      await context.close();
    }
  });

  it('the agreement page is titled by the document it shows', async () => {
    const page = await desktop();
    await page.goto(`${server.app}/user-agreement?file=privacyPolicy`);
    await expect.poll(() => page.title()).toBe(`${en.agreement.privacyPolicy.title} - ${en.common.appName}`);
    await page.getByTestId('agreement-tab-three').click();
    await expect.poll(() => page.title()).toBe(`${en.agreement.three.title} - ${en.common.appName}`);
  });

  it('a login field error clears once the field is right; the agreement hint stays on its tab', async () => {
    const context = await newContext(browser, { language: 'en' });
    const page = await context.newPage();
    await page.goto(`${server.app}/?login=1`);
    await page.getByTestId('account-input').fill('12345');
    await page.getByTestId('send-code').click();
    await page.getByTestId('account-error').waitFor();
    await page.getByTestId('account-input').fill(newPhone());
    await expect.poll(() => page.getByTestId('account-error').count()).toBe(0);
    // Unticked agreement: the hint shows, and does not follow to the password tab.
    await page.getByTestId('code-input').fill('123456');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('agreement-hint').waitFor();
    await page.getByTestId('tab-password').click();
    await expect.poll(() => page.getByTestId('agreement-hint').isVisible()).toBe(false);
    await context.close();
  });
});

describe('creation space', () => {
  it('a GIF video result shows as a picture thumbnail', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await productPhoto())], { type: 'image/png' }), 'photo.png');
    const uploaded = (await (
      await fetch(`${server.origin}/api/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form })
    ).json()) as { data: string[] };
    const created = await call<{ taskId: string }>(server, 'POST', '/api/tasks', {
      token,
      json: { bizType: 'IMG_2_VEDIO', params: { format: 'gif', genNum: 1 }, inputs: [uploaded.data[0]] },
    });
    expect(created.code, created.msg).toBe(0);
    await expect
      .poll(
        async () => (await call<{ status: string }>(server, 'GET', `/api/tasks/${created.data.taskId}`, { token })).data.status,
        {
          timeout: 120_000,
        },
      )
      .toBe('completed');
    const page = await desktop();
    await page.goto(`${server.app}/personal-center`);
    const thumb = page.getByTestId('creation-item').first().locator('.task-thumb');
    await thumb.locator('img').waitFor();
    expect(await thumb.locator('video').count()).toBe(0);
    await expect.poll(() => thumb.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  });
});

describe('a deployment without image engines', () => {
  let bare: RunningServer;
  beforeAll(async () => {
    // An engine name this build does not have: no business type can be made.
    bare = await startServer({ ENGINES: 'comfyui' });
  });
  afterAll(async () => {
    await bare?.stop();
  });

  it('marks the engine tools not available, says why on their pages and keeps them off home', async () => {
    const context = await newContext(browser, { language: 'en' });
    const page = await context.newPage();
    await page.goto(`${bare.app}/`);
    await page.getByTestId('menu-group-aiPhotography').hover();
    const cutout = page.getByTestId('menu-item-aiCutout');
    await cutout.waitFor();
    expect(await cutout.getAttribute('data-unavailable')).toBe('engine');
    expect(await page.getByTestId('home-tool-aiCutout').count()).toBe(0);
    expect(await page.getByTestId('home-showcase').count()).toBe(0);
    await cutout.click();
    // The tool opens and says what it needs; its generate button stays disabled, so nothing is charged.
    await expect.poll(() => page.getByTestId('engine-missing').textContent()).toContain(en.errors.engineNotConfigured);
    expect(await page.getByTestId('generate').isDisabled()).toBe(true);
    expect(await page.getByTestId('coming-soon').count()).toBe(0);
    await context.close();
  });
});
