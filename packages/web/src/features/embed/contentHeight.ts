/**
 * The height the frame needs: the page's own height, and room for overlays. Modals, dropdowns and
 * pop-overs are fixed or absolutely placed in portals and add nothing to the page height, yet in a
 * frame as tall as its content they would be cut off; their bottom edge counts too.
 */
const OVERLAYS = '.semi-modal-content, .semi-portal-inner, .semi-sidesheet-inner';
const OVERLAY_MARGIN = 24;

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

/** Calls `report` with the content height whenever it changes (at most once per frame). */
export function watchContentHeight(report: (height: number) => void): () => void {
  let last = -1;
  let scheduled = 0;
  const measure = () => {
    scheduled = 0;
    const height = contentHeight();
    if (Math.abs(height - last) >= 1) {
      last = height;
      report(height);
    }
  };
  const schedule = () => {
    if (!scheduled) scheduled = requestAnimationFrame(measure);
  };
  const resizes = new ResizeObserver(schedule);
  const root = document.getElementById('root');
  if (root) resizes.observe(root);
  resizes.observe(document.body);
  // Overlays come and go in portals outside #root.
  const mutations = new MutationObserver(schedule);
  mutations.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'style'] });
  schedule();
  return () => {
    resizes.disconnect();
    mutations.disconnect();
    if (scheduled) cancelAnimationFrame(scheduled);
  };
}
