import { QR_SCENES, REFERENCE_BACKGROUNDS, resources } from '@productimage/core';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEA_STYLES } from '../packages/core/src/constants/marketing.ts';
import { ROUTES } from '../packages/web/src/app/routes.ts';
import { call, loggedInContext, loginByApi, newPhone } from './support/api.ts';
import { clientHeaders, launchBrowser, newContext } from './support/browser.ts';
import { phoneProblems } from './support/phone-layout.ts';
import { type RunningServer, sharedServer } from './support/server.ts';

/**
 * A crawl of every route as users see it (zh and en, desktop and mobile, logged in): no uncaught
 * errors, no console errors or failed requests, no raw i18n keys (nor biz_ business types), no two
 * menu entries showing the same page, no Chinese in the English UI nor
 * stray English in the Chinese one, and the translated title. On a phone the same visit also checks
 * the phone layout (tests/support/phone-layout.ts; it was a second crawl in mobile.e2e): a way back
 * and home, no sideways scrolling, nothing cut at the right, and in Chinese "me" offering history,
 * inbox, settings and logout. The app is navigated in place (history + popstate, like its own
 * links) so one page serves a whole language and layout.
 */
let server: RunningServer;
let browser: Browser;
let token: string;
beforeAll(async () => {
  // Custom figure is a global switch, on by default (CUSTOMIZED_IMAGE): its route is crawled like the others.
  server = await sharedServer();
  browser = await launchBrowser();
  token = await loginByApi(server, newPhone());
  // A finished task, so the creation space shows cards (QR art costs nothing and needs no upload).
  const created = await call<{ taskId: string }>(server, 'POST', '/api/tasks', {
    token,
    json: { bizType: 'QR_CODE_ART', params: { content: 'https://shop.example/a', topN: 1 }, inputs: [] },
  });
  expect(created.code, created.msg).toBe(0);
  // The example pictures the tool pages show are drawn by the server at their first request and kept:
  // drawn here, so the crawls' settle measures the page and not that first drawing (over 15 s under
  // CI's load on a server that has not drawn them yet). The crawls still load and check every one.
  await Promise.all(
    [
      ...REFERENCE_BACKGROUNDS.map((name) => `/api/tasks/scenes/reference/${name}`),
      ...QR_SCENES.map((id) => `/api/tasks/scenes/qr/${id}`),
    ].map(async (url) => {
      const res = await fetch(`${server.origin}${url}`, { headers: clientHeaders() });
      expect(res.status, url).toBe(200);
      await res.arrayBuffer();
    }),
  );
  // The worker finishes the task in a moment (expect.poll is for tests, not hooks).
  for (let i = 0; i < 600; i++) {
    const task = await call<{ status: string }>(server, 'GET', `/api/tasks/${created.data.taskId}`, { token });
    if (task.data.status === 'completed') break;
    if (task.data.status === 'failed') throw new Error('the QR art task failed');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The drawings and the task are the server's work: on a machine as loaded as 40 processes per
  // core (measured) they took longer than the project's 180 s for a hook.
}, 360_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Language = 'zh' | 'en';
const routeName = (language: Language, id: string) =>
  `${(resources[language].routes as Record<string, string>)[id]} - ${resources[language].common.appName}`;

/** A concrete path for a route (`:id` params get an id). */
const pathOf = (path: string) => path.replace(/:[^/]+/g, '1');

/**
 * Chinese the English UI may show on purpose: the language switch names itself in its own language,
 * and the idea styles of spec 001 are wire values shown as they are. User data is not among them:
 * this user never entered Chinese (nickname and the rest are server defaults).
 */
const ALLOWED_CHINESE_IN_EN = [resources.en.common.languageZh, ...IDEA_STYLES];

/**
 * Latin words the Chinese UI shows on purpose: the brand-neutral terms and file formats the zh
 * strings use, the language switch naming English, and the NEW badge of spec 000/001. Addresses,
 * colour codes and anything with a digit (MP4, 1080P, 2K) are stripped before the check.
 */
const ALLOWED_LATIN_IN_ZH = new Set([
  'AI',
  'API',
  'ERP',
  'HTTPS',
  'Webhook',
  'Agent',
  'English',
  'NEW',
  'PNG',
  'JPEG',
  'JPG',
  'WebP',
  'GIF',
  'MOV',
  'WEBM',
  'MKV',
  'ZIP',
  // A marketplace's own name (the batch studio's presets; Amazon is 亚马逊 in Chinese).
  'Shopify',
  'KB',
  'MB',
]);

function untranslatedLatin(text: string): string[] {
  const stripped = text.replace(/\S+@\S+|https?:\/\/\S+|#?\b[0-9A-Fa-f]{6}\b|[\w.]*\d[\w.]*/g, ' ');
  return [...new Set(stripped.match(/[A-Za-z][A-Za-z'-]*(?: [A-Za-z][A-Za-z'-]*)*/g) ?? [])].filter(
    (phrase) => !phrase.split(' ').every((word) => ALLOWED_LATIN_IN_ZH.has(word)),
  );
}

/** Namespaces and their top-level keys: a dotted word starting with one of them is a raw key. */
const KEY_HEADS = new Set(
  Object.values(resources.en).flatMap((ns) =>
    Object.entries(ns as Record<string, unknown>).flatMap(([k, v]) => (typeof v === 'object' ? [k] : [])),
  ),
);
const NAMESPACES = new Set(Object.keys(resources.en));

function rawKeys(text: string): string[] {
  return text.split(/[\s,;()"'“”，。：、]+/).filter((token) => {
    const word = token.replace(/[.!?:]+$/, '');
    const nsKey = word.match(/^([a-zA-Z]+):[a-zA-Z]/);
    if (nsKey && NAMESPACES.has(nsKey[1]!)) return true;
    const dotted = word.match(/^([a-zA-Z]+)\.[a-zA-Z]/);
    if (dotted && (KEY_HEADS.has(dotted[1]!) || NAMESPACES.has(dotted[1]!))) return true;
    // A missing flat key shows as itself: an identifier with a capital inside (appName, tool_aiCutout).
    if (/^[a-z][a-zA-Z0-9_]*[A-Z][a-zA-Z0-9_]*$/.test(word)) return true;
    // Unreplaced interpolation ({{count}}) is a broken string too.
    return word.includes('{{');
  });
}

/** What the checks read from a settled page (readPage). */
interface PageState {
  /** The title at the end of the look. */
  title: string;
  /** Whether the page had to be waited for (busy or untitled at the first look). */
  waited: boolean;
  /** What keeps the route from being settled: visible spinners or skeletons, an empty main. */
  busy: string[];
  /** The body's text, then the labels users see or hear (placeholders, titles, aria-labels, alt texts). */
  body: string;
  labels: string[];
  /** main's text, and how many mains there are. */
  main: string;
  mains: number;
  /** Per data-testid asked for: how many, whether one shows, whether the first is marked unavailable. */
  ids: Record<string, { count: number; visible: boolean; unavailable: boolean }>;
}

/**
 * Runs in the page, one evaluate per route: waits (polling every 50 ms, in the page) up to
 * `titleWait` ms for the route's title, then up to `wait` ms for rendered text in main and no
 * visible spinner or skeleton, and answers what every check reads. One round trip instead of one
 * per read: the crawls' reads, each through the test worker, the Playwright server and Chromium,
 * cost more CPU than the reading itself (docs/testing.md, "The route crawls' round trips").
 * Visible as Playwright's `:visible` and isVisible() mean it: not hidden by display, visibility or
 * content-visibility, and a box of some size.
 */
async function readPage(arg: {
  go?: string;
  title: string;
  titleWait: number;
  wait: number;
  /** The data-testids to read; none of the page's text either when left out (a first look). */
  ids?: string[];
}): Promise<PageState> {
  if (arg.go) {
    // In place, as the app's own links move (history + popstate): one page load serves every route.
    window.history.pushState({ usr: null, key: arg.go, idx: window.history.length }, '', arg.go);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }
  const shown = (el: Element) => {
    const box = el.getBoundingClientRect();
    return el.checkVisibility({ visibilityProperty: true }) && box.width > 0 && box.height > 0;
  };
  const busy = () => {
    const spinners = [...document.querySelectorAll('.semi-spin-spinning, .semi-skeleton-item')].filter(shown).length;
    // Every page says something (a form, the coming-soon text, the forbidden page), fallbacks do not.
    const rendered = !!document.querySelector('main')?.innerText.trim();
    return [...(spinners ? [`${spinners} spinner(s)`] : []), ...(rendered ? [] : ['empty main'])];
  };
  let waited = false;
  const until = async (done: () => boolean, ms: number) => {
    for (const end = Date.now() + ms; !done() && Date.now() < end; waited = true)
      await new Promise((resolve) => setTimeout(resolve, 50));
  };
  await until(() => document.title === arg.title, arg.titleWait);
  await until(() => busy().length === 0, arg.wait);
  if (!arg.ids) return { title: document.title, waited, busy: busy(), body: '', labels: [], main: '', mains: 0, ids: {} };
  const labels = [...document.querySelectorAll('[placeholder],[title],[aria-label],img[alt]')]
    .filter((el) => (el as HTMLElement).offsetParent !== null || el === document.activeElement)
    .flatMap((el) => ['placeholder', 'title', 'aria-label', 'alt'].map((a) => el.getAttribute(a) ?? ''));
  const ids: PageState['ids'] = {};
  for (const id of arg.ids) {
    const els = [...document.querySelectorAll(`[data-testid="${id}"]`)];
    ids[id] = { count: els.length, visible: els.some(shown), unavailable: !!els[0]?.hasAttribute('data-unavailable') };
  }
  const mains = document.querySelectorAll('main');
  return {
    title: document.title,
    waited,
    busy: busy(),
    body: document.body.innerText,
    labels,
    main: mains[0]?.innerText ?? '',
    mains: mains.length,
    ids,
  };
}

interface Crawl {
  page: Page;
  problems: string[];
  /** Requests in flight; the route settles at zero. */
  inflight: Set<Request>;
  /** Waiting for the last request in flight to end. */
  drained: Array<() => void>;
  current: string;
}

async function openCrawl(language: Language, mobile: boolean, loggedIn = true): Promise<Crawl> {
  const context = loggedIn
    ? await loggedInContext(browser, token, { language, mobile })
    : await newContext(browser, { language, mobile });
  const page = await context.newPage();
  const crawl: Crawl = { page, problems: [], inflight: new Set(), drained: [], current: '(start)' };
  const ended = (request: Request) => {
    crawl.inflight.delete(request);
    if (!crawl.inflight.size) for (const resolve of crawl.drained.splice(0)) resolve();
  };
  page.on('pageerror', (error) => crawl.problems.push(`${crawl.current}: page error ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error')
      crawl.problems.push(`${crawl.current}: console error ${message.text()} @ ${message.location().url}`);
  });
  page.on('request', (request) => crawl.inflight.add(request));
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  page.on('response', (response) => {
    if (response.status() >= 400) crawl.problems.push(`${crawl.current}: HTTP ${response.status()} ${response.url()}`);
  });
  return crawl;
}

/** Resolves when no request is in flight, or after `ms`. */
const drained = (crawl: Crawl, ms: number) =>
  new Promise<void>((resolve) => {
    if (!crawl.inflight.size || ms <= 0) return resolve();
    const timer = setTimeout(resolve, ms);
    crawl.drained.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Opens a route (`load`: a full load; `move`: in place; `here`: the page as it is) and waits until it settled: the
 * route's title is set (a settled page with another title is reported), the page rendered text, no request
 * is in flight and no spinner or skeleton shows, twice in a row (lazy chunks start requests).
 * Answers what the checks read from the settled page.
 */
async function visit(
  crawl: Crawl,
  language: Language,
  id: string,
  path: string,
  how: 'load' | 'move' | 'here',
  ids: string[] = [],
) {
  const { page } = crawl;
  const title = routeName(language, id);
  crawl.current = path;
  // The settle below waits for every request, pictures included: no need to wait for "load" here too.
  if (how === 'load') await page.goto(`${server.app}${path}`, { waitUntil: 'domcontentloaded' });
  const end = Date.now() + 20_000;
  await page.evaluate(readPage, {
    go: how === 'move' ? `/productimage${path}` : undefined,
    title,
    titleWait: 5_000,
    wait: 15_000,
  });
  // Settled when a second look, after the last request ended, finds the page idle at once. The title
  // is judged there, on the settled page: the first look's wait is a time (5 s), and under CI's load a
  // lazy page's chunk took longer than that to arrive and set a right title.
  for (;;) {
    await drained(crawl, end - Date.now());
    const state = await page.evaluate(readPage, { title, titleWait: 0, wait: Math.max(0, end - Date.now()), ids });
    const busy = [...[...crawl.inflight].map((request) => request.url()), ...state.busy];
    if (!busy.length && !state.waited) {
      // A route that sends elsewhere (/mott opens /mott-recommend) is titled as where it landed.
      const landed = new URL(page.url()).pathname.replace(/^\/productimage(?=\/|$)/, '') || '/';
      const there = ROUTES.find((route) => pathOf(route.path) === landed);
      const expected = there && landed !== path ? routeName(language, there.id) : title;
      if (state.title !== expected) crawl.problems.push(`${path}: title "${state.title}", expected "${expected}"`);
      return state;
    }
    if (Date.now() >= end) expect(busy, `${path} settles`).toEqual([]);
  }
}

function check(crawl: Crawl, language: Language, state: PageState) {
  const { problems, current } = crawl;
  const { title, body } = state;
  const text = [body, ...state.labels].join('\n');
  for (const key of rawKeys(`${text}\n${title}`)) problems.push(`${current}: raw i18n key "${key}"`);
  // A business type without its label shows as biz_<TYPE> (history, ledger, filters).
  for (const key of new Set(`${text}\n${title}`.match(/\bbiz_[A-Z0-9_]+/g) ?? []))
    problems.push(`${current}: raw business type "${key}"`);
  if (language === 'zh') {
    const latin = untranslatedLatin(body);
    if (latin.length) problems.push(`${current}: English in the Chinese UI: ${latin.slice(0, 5).join(' | ')}`);
  }
  if (language === 'en') {
    let rest = text;
    for (const allowed of ALLOWED_CHINESE_IN_EN) rest = rest.split(allowed).join('');
    const chinese = rest.match(/[^\n]*[\u3400-\u9fff\uff00-\uffef][^\n]*/g);
    if (chinese) problems.push(`${current}: Chinese in the English UI: ${chinese.slice(0, 3).join(' | ')}`);
  }
}

/** Menu and side-bar entries of the page's header, each with its "not available" mark (a group of one is a plain link). */
async function menuEntries(page: Page): Promise<Map<string, boolean>> {
  await page.getByTestId('header-menus').waitFor();
  const entries = new Map<string, boolean>();
  // A group of one is a plain link (an anchor) with no list to open; every other group opens its list on
  // hover (waited for without a short limit: under load the menus' code can take seconds to arrive).
  const groups = await page
    .locator('[data-testid^="menu-group-"]')
    .evaluateAll((els) =>
      els.filter((el) => el.tagName !== 'A').map((el) => el.getAttribute('data-testid')!.slice('menu-group-'.length)),
    );
  for (const group of groups) {
    await page.getByTestId(`menu-group-${group}`).hover();
    const list = page.getByTestId(`menu-list-${group}`);
    await list.waitFor();
    for (const [id, marked] of await list
      .locator('[data-testid^="menu-item-"]')
      .evaluateAll((els) =>
        els.map(
          (el) => [el.getAttribute('data-testid')!.slice('menu-item-'.length), el.hasAttribute('data-unavailable')] as const,
        ),
      ))
      entries.set(id, marked || entries.get(id) === true);
    await page.mouse.move(5, 800);
    await list.waitFor({ state: 'hidden' });
  }
  return entries;
}

/** The data-testids checkMenuEntry reads on a menu entry's page (readPage reads them with the page). */
const menuIds = (id: string) => ['forbidden', 'coming-soon', 'engine-missing', `side-item-${id}`];

/**
 * Menus are honest, on the page of a menu entry the crawl has just opened: a page that says "not
 * available" is marked in the menus and the side bar, and only those; no two entries show the same
 * page (issue 31; `seen` maps what a page shows to its path).
 */
function checkMenuEntry(state: PageState, id: string, path: string, marked: boolean, seen: Map<string, string>, wrong: string[]) {
  const { ids } = state;
  // A gate (membership, agent) shows the same explanation wherever it applies: that is not a copy.
  if (!ids.forbidden!.count) {
    if (state.mains !== 1) wrong.push(`${path}: ${state.mains} main elements`);
    const shown = state.main.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
    const other = seen.get(shown);
    if (other) wrong.push(`${path}: renders the same page as ${other}`);
    else seen.set(shown, path);
  }
  // Not available: the coming-soon page, or a built tool that says its engine is missing.
  const unavailable = ids['coming-soon']!.count + ids['engine-missing']!.count > 0;
  if (unavailable !== marked)
    wrong.push(`${path}: page ${unavailable ? 'not available' : 'works'}, menu ${marked ? 'marked' : 'unmarked'}`);
  // The side bar agrees with the menus.
  const side = ids[`side-item-${id}`]!;
  if (side.count > 1) wrong.push(`${path}: ${side.count} side bar entries`);
  if (side.count && !side.unavailable && unavailable) wrong.push(`${path}: side bar entry unmarked`);
}

describe('every route, logged in', () => {
  for (const language of ['zh', 'en'] as const)
    for (const mobile of [false, true]) {
      // The English desktop crawl also checks the menus on the pages it opens anyway (one crawl
      // instead of a second pass over every menu entry); the phone crawls check the phone layout.
      const menus = language === 'en' && !mobile;
      const extra = menus
        ? '; every menu and side-bar entry whose page says "not available" is marked, and only those'
        : mobile
          ? `; a way back and home, no sideways scrolling, nothing cut at the right${language === 'zh' ? ', "me" offers history, inbox, settings and logout' : ''}`
          : '';
      // A crawl of 85 routes took 100-148 s at load 26-33 (40-80 s at 16-20): room above the project's 180 s.
      it(`${language} ${mobile ? 'mobile' : 'desktop'}: no errors, no raw keys, translated titles, no ${language === 'en' ? 'Chinese' : 'stray English'}${extra}`, async () => {
        const crawl = await openCrawl(language, mobile);
        let entries = new Map<string, boolean>();
        const seen = new Map<string, string>();
        const wrong: string[] = [];
        const checked = new Set<string>();
        const phone: string[] = [];
        for (const [i, def] of ROUTES.entries()) {
          const path = pathOf(def.path);
          const state = await visit(crawl, language, def.id, path, i === 0 ? 'load' : 'move', menus ? menuIds(def.id) : []);
          check(crawl, language, state);
          if (mobile) {
            // The creation space has the task's card with its delete icon when it is checked.
            if (path === '/personal-center')
              await expect.poll(() => crawl.page.getByTestId('creation-delete').count()).toBeGreaterThan(0);
            for (const problem of await phoneProblems(crawl.page, def.id, language === 'zh')) phone.push(`${path}: ${problem}`);
          }
          if (!menus) continue;
          if (i === 0) {
            entries = await menuEntries(crawl.page);
            expect(entries.size).toBeGreaterThan(20);
          }
          // Each entry's own page: the first route of its id, unless that one has a parameter.
          if (entries.has(def.id) && def === ROUTES.find((r) => r.id === def.id) && !def.path.includes(':')) {
            checked.add(def.id);
            checkMenuEntry(state, def.id, def.path, entries.get(def.id)!, seen, wrong);
          }
        }
        await crawl.page.context().close();
        expect(crawl.problems).toEqual([]);
        expect(phone).toEqual([]);
        if (!menus) return;
        // Every entry's page was opened (an entry whose first route has a parameter is not a page of its own).
        const missed = [...entries.keys()].filter(
          (id) => !checked.has(id) && !ROUTES.find((r) => r.id === id)?.path.includes(':'),
        );
        expect(missed).toEqual([]);
        // A tool that works is never marked: the local engine's cutout, and a page that is built.
        expect(entries.get('aiCutout')).toBe(false);
        expect(entries.get('tryon')).toBe(true);
        expect(wrong).toEqual([]);
      }, 300_000);
    }
});

describe('anonymous visitors', () => {
  for (const language of ['zh', 'en'] as const)
    it(`${language}: home and a tool page are clean; /member opens the login modal`, async () => {
      const crawl = await openCrawl(language, false, false);
      check(crawl, language, await visit(crawl, language, 'home', '/', 'load'));
      check(crawl, language, await visit(crawl, language, 'aiCutout', '/ai-cutout', 'move'));
      await visit(crawl, language, 'member', '/member', 'move');
      await crawl.page.getByTestId('login-modal').waitFor();
      check(crawl, language, await visit(crawl, language, 'member', '/member', 'here'));
      await crawl.page.context().close();
      expect(crawl.problems).toEqual([]);
    });
});
