import { IconArrowUp } from '@douyinfe/semi-icons';
import { BACK_TO_TOP_SCROLL_PX } from '@productimage/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useThrottledScrollY } from './useScroll.ts';

/** Back-to-top lives on these pages only (spec 000 §2). */
const BACK_TO_TOP_PATHS = new Set(['/', '/home', '/member']);

/** Whether back-to-top shows: on /, /home and /member after 936 px of scroll (sampled every 200 ms). */
export function useBackToTop(): boolean {
  const { pathname } = useLocation();
  const y = useThrottledScrollY();
  return BACK_TO_TOP_PATHS.has(pathname.replace(/\/+$/, '') || '/') && y >= BACK_TO_TOP_SCROLL_PX;
}

export const scrollToTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });

/** The stand-alone control (mobile); the desktop shows it inside the floating helper. */
export function BackToTop() {
  const { t } = useTranslation('shell');
  if (!useBackToTop()) return null;
  return (
    <button type="button" className="back-to-top" onClick={scrollToTop} aria-label={t('backToTop')} data-testid="back-to-top">
      <IconArrowUp />
    </button>
  );
}
