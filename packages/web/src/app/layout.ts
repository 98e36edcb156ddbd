/** Desktop or mobile layout, chosen once by user agent (spec 000 §1). */
export type Layout = 'desktop' | 'mobile';

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|MicroMessenger|miniProgram/i;

export function detectLayout(userAgent: string = navigator.userAgent): Layout {
  return MOBILE_UA.test(userAgent) ? 'mobile' : 'desktop';
}

export const layout: Layout = detectLayout();
document.documentElement.dataset.layout = layout;
export const isMobile = layout === 'mobile';
