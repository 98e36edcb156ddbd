import { SCROLL_THROTTLE_MS } from '@productimage/core';
import { useEffect, useState } from 'react';

/** The window's vertical scroll, sampled at most once per 200 ms (spec 000 §9), last position always delivered. */
export function useThrottledScrollY(intervalMs: number = SCROLL_THROTTLE_MS): number {
  const [y, setY] = useState(() => window.scrollY);
  useEffect(() => {
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sample = () => {
      last = Date.now();
      timer = undefined;
      setY(window.scrollY);
    };
    const onScroll = () => {
      const wait = intervalMs - (Date.now() - last);
      if (wait <= 0) sample();
      else timer ??= setTimeout(sample, wait);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (timer) clearTimeout(timer);
    };
  }, [intervalMs]);
  return y;
}
