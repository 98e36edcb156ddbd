import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The phone layout's checks on a rendered page (390 x 844, an iPhone user agent), run by the
 * crawl of every route on a phone (routes.e2e.test.ts): a way back and home, nothing making the page
 * scroll sideways, nothing cut off at the right, and "me" opening history, inbox, settings and logout.
 * Each read is one evaluate (a round trip per element cost the crawls more CPU than the reading).
 * Visible as Playwright's isVisible() means it: not hidden by display, visibility or
 * content-visibility, and a box of some size.
 */

/** Read in the page: sideways scrolling, what is cut at the right, and which phone controls show. */
function readLayout() {
  const shown = (el: Element | null) => {
    const box = el?.getBoundingClientRect();
    return !!el?.checkVisibility({ visibilityProperty: true }) && !!box && box.width > 0 && box.height > 0;
  };
  // Controls, pictures and icons that stick out past the right edge of the screen, or of a box
  // that clips them (a card with overflow hidden). Inside a sideways-scrolling strip they are reachable.
  const cut: string[] = [];
  const selector = 'button, a[href], input, textarea, [role="button"], [role="combobox"], img, svg, video, .semi-tag';
  for (const el of document.querySelectorAll<HTMLElement>(selector)) {
    if (el.parentElement?.closest('svg')) continue;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const box = el.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) continue;
    let limit = window.innerWidth;
    let scrolls = false;
    for (let a = el.parentElement; a && a !== document.body && !scrolls; a = a.parentElement) {
      const overflow = getComputedStyle(a).overflowX;
      // Inside a strip that scrolls sideways the rest is a swipe away, not cut.
      scrolls = overflow === 'auto' || overflow === 'scroll';
      if (overflow === 'hidden' || overflow === 'clip') limit = Math.min(limit, a.getBoundingClientRect().right);
    }
    if (!scrolls && box.right > limit + 1 && box.left < limit - 1) {
      const name = el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.getAttribute('class') ?? '';
      cut.push(
        `${el.tagName.toLowerCase()}${name ? ` (${String(name).slice(0, 40)})` : ''} ${Math.round(box.right)} > ${Math.round(limit)}`,
      );
    }
  }
  // The phone controls by data-testid: how many there are, and whether one shows.
  const controls: Record<string, { count: number; visible: boolean }> = {};
  for (const id of ['mobile-back', 'mobile-home', 'mobile-feature-switch', 'mobile-me']) {
    const els = [...document.querySelectorAll(`[data-testid="${id}"]`)];
    controls[id] = { count: els.length, visible: els.some(shown) };
  }
  return { wide: document.documentElement.scrollWidth - window.innerWidth, cut, controls };
}

/**
 * Waits in the page (up to `ms`, polling every 50 ms) until each data-testid in `show` shows and
 * nothing matching `gone` does; answers what still does not.
 */
async function waitShown({ show, gone, ms }: { show: string[]; gone: string; ms: number }) {
  const shown = (el: Element) => {
    const box = el.getBoundingClientRect();
    return el.checkVisibility({ visibilityProperty: true }) && box.width > 0 && box.height > 0;
  };
  const missing = () => [
    ...show.filter((id) => ![...document.querySelectorAll(`[data-testid="${id}"]`)].some(shown)),
    ...(gone && [...document.querySelectorAll(gone)].some(shown) ? [gone] : []),
  ];
  for (const end = Date.now() + ms; missing().length && Date.now() < end; )
    await new Promise((resolve) => setTimeout(resolve, 50));
  return missing();
}

const ME_ITEMS = ['mobile-me-history', 'mobile-me-inbox', 'mobile-me-settings', 'mobile-me-logout'];

/**
 * The phone's problems on the page as it is: no sideways scrolling, nothing cut at the right, (but on
 * home) a visible way back and home; with `me`, history, inbox, settings and logout two taps away
 * (issue 31): the first tap on "me" opens the sheet that offers all four; the second tap is checked
 * once per item in mobile.e2e's 'phone details'.
 */
export async function phoneProblems(page: Page, id: string, me: boolean): Promise<string[]> {
  const problems: string[] = [];
  const { wide, cut, controls } = await page.evaluate(readLayout);
  if (wide > 0) problems.push(`scrolls sideways by ${wide}px`);
  for (const one of cut) problems.push(`cut at the right: ${one}`);
  const visible = (testId: string) => {
    // One control, not two (as a Playwright locator insists).
    const { count, visible } = controls[testId]!;
    if (count > 1) problems.push(`${count} ${testId} controls`);
    return visible;
  };
  if (id !== 'home') {
    if (!visible('mobile-back')) problems.push('no visible back control');
    if (!visible('mobile-home') && !visible('mobile-feature-switch')) problems.push('no way home');
  }
  if (!me) return problems;
  if (!visible('mobile-me')) return [...problems, 'no "me" button'];
  await page.getByTestId('mobile-me').click();
  for (const item of await page.evaluate(waitShown, { show: ME_ITEMS, gone: '', ms: 10_000 }))
    problems.push(`no ${item} after one tap`);
  // Closed with its own close button; the next page's tap must reach the header again.
  await page.locator('.semi-sidesheet-close').click();
  expect(await page.evaluate(waitShown, { show: [], gone: '.semi-sidesheet-close', ms: 10_000 })).toEqual([]);
  return problems;
}
