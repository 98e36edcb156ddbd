/**
 * Whether a pop-up menu may animate its opening: not when the visitor asks their system for reduced
 * motion (WCAG 2.3.3). Semi's dropdowns zoom in from 80 % over about 100 ms, so their entries move
 * under a pointer that is already on them: on a busy machine the zoom can wait a few frames at 80 %
 * and start between a press and its release, and the click lands on the list, not on the entry
 * (shellDetails.e2e's menu click, whose browser asks for reduced motion, went nowhere so once). For
 * Semi's `motion` prop of the menus people click in (Dropdown).
 */
export function menuMotion(): boolean {
  return !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}
