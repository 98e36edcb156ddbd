import { type Language, type Namespace, resources } from '@productimage/core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_NAMESPACES } from '../packages/web/src/app/i18nFirstScreen.ts';
import { loggedInContext, loginByApi, newPhone } from './support/api.ts';
import { closeRouted, launchBrowser, newContext } from './support/browser.ts';
import { type RunningServer, sharedServer } from './support/server.ts';

/**
 * i18n on demand (issue 16, docs/performance.md): the web app loads only the current language, and
 * before its first render only the first screen's namespaces. Here every other namespace is held
 * back until the home page shows, which proves the first screen needs nothing else; then the login
 * modal, a language switch, a lazy page and a deep link. The app reports every key that shows raw
 * (missing, or its namespace not loaded) on the console, and no such report may appear.
 */
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await sharedServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const NAMESPACES = Object.keys(resources.zh) as Namespace[];
const other = (language: Language): Language => (language === 'en' ? 'zh' : 'en');

/** Which language's namespace a built chunk is (each namespace file is its own chunk, named after it). */
function namespaceOf(url: string, body: string): { language: Language; ns: Namespace } | null {
  const name = new URL(url).pathname
    .split('/')
    .pop()!
    .replace(/-[\w-]{8}\.js$/, '');
  if (!(NAMESPACES as string[]).includes(name)) return null;
  const module = /^var (\w+)=(\{[\s\S]*\});export\{\1 as default\};?\s*$/.exec(body);
  if (!module) return null;
  let value: unknown;
  try {
    value = new Function(`return ${module[2]}`)();
  } catch {
    return null;
  }
  const ns = name as Namespace;
  for (const language of ['zh', 'en'] as const) {
    if (JSON.stringify(value) === JSON.stringify(resources[language][ns])) return { language, ns };
  }
  return null;
}

interface Watched {
  page: Page;
  /** Namespaces delivered to the page, as "language:namespace". */
  delivered: Set<string>;
  /** Console reports of keys shown raw, and page errors. */
  problems: string[];
  /** Lets the held namespaces through. */
  release(): void;
}

/** A page whose namespace chunks are recorded and, until `release`, held back unless `pass` lets them. */
async function watch(context: BrowserContext, pass: (ns: Namespace) => boolean): Promise<Watched> {
  const page = await context.newPage();
  const delivered = new Set<string>();
  const problems: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  page.on('console', (message) => {
    if (message.text().includes('i18n')) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch();
    const found = namespaceOf(route.request().url(), await response.text());
    if (found && !pass(found.ns)) await released;
    if (found) delivered.add(`${found.language}:${found.ns}`);
    await route.fulfill({ response });
  });
  return { page, delivered, problems, release };
}

const all = (language: Language) => NAMESPACES.map((ns) => `${language}:${ns}`).sort();
const first = (language: Language) => FIRST_SCREEN_NAMESPACES.map((ns) => `${language}:${ns}`).sort();

/** Any "namespace:key" left in the visible text. */
const rawKeys = (page: Page) =>
  page.evaluate(
    (names) => document.body.innerText.match(new RegExp(`\\b(${names.join('|')}):[A-Za-z_.]+`, 'g')) ?? [],
    NAMESPACES,
  );

describe('i18n on demand', () => {
  for (const language of ['zh', 'en'] as const) {
    it(`${language}: the home page shows with the first screen's namespaces only; login, switch and a lazy page follow`, async () => {
      const context = await newContext(browser, { language });
      const { page, delivered, problems, release } = await watch(context, (ns) => FIRST_SCREEN_NAMESPACES.includes(ns));
      await page.goto(`${server.app}/`);
      await expect
        .poll(() => page.getByTestId('home-page').getByRole('heading').first().textContent())
        .toBe(resources[language].home.heroTitle);
      await expect(page.getByTestId('login-button').textContent()).resolves.toBe(resources[language].shell.loginOrRegister);
      expect(await page.locator('html').getAttribute('lang')).toBe(language);
      // Everything else was held back: the first screen showed with these alone, one language only.
      expect([...delivered].sort()).toEqual(first(language));
      expect(problems).toEqual([]);
      expect(await rawKeys(page)).toEqual([]);

      // The rest of the language follows right after, and only that language.
      release();
      await expect.poll(() => [...delivered].sort()).toEqual(all(language));

      // The login modal (its own lazy chunk) speaks the language.
      await page.getByTestId('login-button').click();
      await page.getByTestId('login-modal').waitFor();
      await expect.poll(() => page.getByRole('dialog').textContent()).toContain(resources[language].auth.subtitle);
      expect(await rawKeys(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByTestId('login-modal').waitFor({ state: 'hidden' });

      // Switching loads the other language first, then shows it.
      const next = other(language);
      await page.getByTestId('language-switch').click();
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(next);
      expect([...delivered].filter((entry) => entry.startsWith(`${next}:`)).sort()).toEqual(all(next));
      await expect
        .poll(() => page.getByTestId('home-page').getByRole('heading').first().textContent())
        .toBe(resources[next].home.heroTitle);

      // A lazy page, reached inside the app.
      await page.evaluate(() => {
        window.history.pushState({}, '', '/productimage/user-agreement');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.getByTestId('agreement-page').waitFor();
      const title = resources[next].agreement.userAgreement.title;
      await expect.poll(() => page.title()).toBe(`${title} - ${resources[next].common.appName}`);
      expect(await page.getByTestId('agreement-page').textContent()).toContain(title);
      expect(await rawKeys(page)).toEqual([]);
      expect(problems).toEqual([]);
      await closeRouted(context);
    });
  }

  it('logged in, the header (coins, inbox, user menu) also needs only the first screen namespaces', async () => {
    const token = await loginByApi(server, newPhone());
    const context = await loggedInContext(browser, token, { language: 'zh' });
    const { page, delivered, problems, release } = await watch(context, (ns) => FIRST_SCREEN_NAMESPACES.includes(ns));
    await page.goto(`${server.app}/home`);
    await page.getByTestId('home-page').waitFor();
    await page.getByTestId('benefits-link').waitFor();
    expect([...delivered].sort()).toEqual(first('zh'));
    expect(await rawKeys(page)).toEqual([]);
    expect(problems).toEqual([]);
    release();
    await closeRouted(context);
  });

  it('on a phone, the home page needs only the first screen namespaces', async () => {
    const context = await newContext(browser, { language: 'en', mobile: true });
    const { page, delivered, problems, release } = await watch(context, (ns) => FIRST_SCREEN_NAMESPACES.includes(ns));
    await page.goto(`${server.app}/`);
    await expect
      .poll(() => page.getByTestId('home-page').getByRole('heading').first().textContent())
      .toBe(resources.en.home.heroTitle);
    expect([...delivered].sort()).toEqual(first('en'));
    expect(await rawKeys(page)).toEqual([]);
    expect(problems).toEqual([]);
    release();
    await closeRouted(context);
  });

  it('a page reached before the rest of the language arrives is titled when it does, never with a raw key', async () => {
    const context = await newContext(browser, { language: 'en' });
    const { page, problems, release } = await watch(context, (ns) => FIRST_SCREEN_NAMESPACES.includes(ns));
    await page.goto(`${server.app}/`);
    await expect
      .poll(() => page.getByTestId('home-page').getByRole('heading').first().textContent())
      .toBe(resources.en.home.heroTitle);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/productimage/user-agreement');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(await page.title()).not.toMatch(/agreement:/);
    release();
    await page.getByTestId('agreement-page').waitFor();
    const title = resources.en.agreement.userAgreement.title;
    await expect.poll(() => page.title()).toBe(`${title} - ${resources.en.common.appName}`);
    expect(problems).toEqual([]);
    await closeRouted(context);
  });

  it('a deep link waits for its namespaces and shows no raw key', async () => {
    const context = await newContext(browser, { language: 'en' });
    const { page, delivered, problems } = await watch(context, () => true);
    await page.goto(`${server.app}/user-agreement?file=privacyPolicy`);
    await page.getByTestId('agreement-page').waitFor();
    await expect.poll(() => page.title()).toBe(`${resources.en.agreement.privacyPolicy.title} - ${resources.en.common.appName}`);
    expect([...delivered].sort()).toEqual(all('en'));
    expect(await rawKeys(page)).toEqual([]);
    expect(problems).toEqual([]);
    await closeRouted(context);
  });
});
