import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The phone layout's checks on a rendered page (390 x 844, an iPhone user agent), run by the
 * crawl of every route on a phone (routes.e2e.test.ts): a way back and home, nothing making the page
 * scroll sideways, nothing cut off at the right, and "me" opening history, inbox, settings and logout.
 */

/**
 * Controls, pictures and icons that stick out past the right edge of the screen, or of a box that
 * clips them (a card with overflow hidden). Inside a sideways-scrolling strip they are reachable.
 */
export const cutAtRight = (page: Page) =>
  page.evaluate(() => {
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
    return cut;
  });

/**
 * History, inbox, settings and logout two taps away (issue 31): the first tap on "me" opens the
 * sheet that offers all four; the second tap is checked once per item in mobile.e2e's 'phone details'.
 */
export async function meProblems(page: Page): Promise<string[]> {
  const me = page.getByTestId('mobile-me');
  if (!(await me.isVisible())) return ['no "me" button'];
  await me.click();
  const problems: string[] = [];
  for (const item of ['mobile-me-history', 'mobile-me-inbox', 'mobile-me-settings', 'mobile-me-logout'])
    if (
      !(await page
        .getByTestId(item)
        .waitFor({ state: 'visible', timeout: 10_000 })
        .then(() => true)
        .catch(() => false))
    )
      problems.push(`no ${item} after one tap`);
  // Closed with its own close button; the next page's tap must reach the header again.
  await page.locator('.semi-sidesheet-close').click();
  await expect.poll(() => page.locator('.semi-sidesheet-close:visible').count()).toBe(0);
  return problems;
}

/** No sideways scrolling, nothing cut at the right, and (but on home) a visible way back and home. */
export async function layoutProblems(page: Page, id: string): Promise<string[]> {
  const problems: string[] = [];
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (wide > 0) problems.push(`scrolls sideways by ${wide}px`);
  for (const cut of await cutAtRight(page)) problems.push(`cut at the right: ${cut}`);
  if (id !== 'home') {
    if (!(await page.getByTestId('mobile-back').isVisible())) problems.push('no visible back control');
    const home =
      (await page.getByTestId('mobile-home').isVisible()) || (await page.getByTestId('mobile-feature-switch').isVisible());
    if (!home) problems.push('no way home');
  }
  return problems;
}
