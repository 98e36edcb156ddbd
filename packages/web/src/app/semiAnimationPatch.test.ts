import { Animation } from '@douyinfe/semi-animation';
import { afterEach, expect, it } from 'vitest';

// patches/@douyinfe+semi-animation+2.89.1.patch: Semi's Animation (behind Progress, BackTop, Chat...)
// kept a requestAnimationFrame id and destroyed it with clearTimeout too. Frame ids and timeout ids are
// counted apart, so the page's own timer with the same number was cancelled: the tool pages' 3 s
// change lock never ended and the page stayed busy (the tools journey's "busy again").
const saved = { raf: globalThis.requestAnimationFrame, caf: globalThis.cancelAnimationFrame };
afterEach(() => {
  globalThis.requestAnimationFrame = saved.raf;
  globalThis.cancelAnimationFrame = saved.caf;
});

it("destroying an animation leaves the page's timer with the same number running", async () => {
  let fired = false;
  const pageTimer = setTimeout(() => {
    fired = true;
  }, 20);
  // The frame the animation asks for gets the same number as the page's timer, as it can in a browser.
  globalThis.requestAnimationFrame = (() => Number(pageTimer)) as typeof requestAnimationFrame;
  globalThis.cancelAnimationFrame = () => {};
  const animation = new Animation({ from: { value: 0 }, to: { value: 100 } }, { duration: 300 });
  animation.start();
  animation.destroy();
  await new Promise((resolve) => setTimeout(resolve, 60));
  expect(fired).toBe(true);
});
