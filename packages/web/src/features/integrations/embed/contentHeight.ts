/**
 * The height the frame needs: the page's own height, and room for overlays. Modals, dropdowns and
 * pop-overs are fixed or absolutely placed in portals and add nothing to the page height, yet in a
 * frame as tall as its content they would be cut off; their bottom edge counts too.
 */
const OVERLAYS = '.semi-modal-content, .semi-portal-inner, .semi-sidesheet-inner';
const OVERLAY_MARGIN = 24;
/** Changes come in bursts (a page rendering); one measure per burst. */
const MEASURE_DELAY_MS = 50;

export function contentHeight(doc: Document = document): number {
  const root = doc.getElementById('root');
  let height = root ? root.scrollHeight : doc.documentElement.scrollHeight;
  const scrollY = doc.defaultView?.scrollY ?? 0;
  for (const element of doc.querySelectorAll(OVERLAYS)) {
    const box = element.getBoundingClientRect();
    if (box.height > 0) height = Math.max(height, Math.ceil(box.bottom + scrollY + OVERLAY_MARGIN));
  }
  return Math.ceil(height);
}

/**
 * Calls `report` with the content height whenever it changes. Chromium pauses animation frames and
 * resize observers in cross-origin frames that are out of view (a widget below the fold), so DOM
 * changes are also watched and measured on a short timer; measuring forces layout even then.
 */
export function watchContentHeight(report: (height: number) => void): () => void {
  let last = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const measure = () => {
    timer = undefined;
    const height = contentHeight();
    if (Math.abs(height - last) >= 1) {
      last = height;
      report(height);
    }
  };
  const schedule = () => {
    timer ??= setTimeout(measure, MEASURE_DELAY_MS);
  };
  const resizes = new ResizeObserver(schedule);
  const root = document.getElementById('root');
  if (root) resizes.observe(root);
  resizes.observe(document.body);
  // Overlays come and go in portals outside #root.
  const mutations = new MutationObserver(schedule);
  mutations.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'style'] });
  window.addEventListener('load', schedule, true);
  measure();
  return () => {
    resizes.disconnect();
    mutations.disconnect();
    window.removeEventListener('load', schedule, true);
    clearTimeout(timer);
  };
}
