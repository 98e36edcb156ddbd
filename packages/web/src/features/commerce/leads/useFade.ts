import { useEffect, useState } from 'react';

/**
 * Presence with a delayed fade (spec 000 §2: the lead modal fades in after 30 ms and out after
 * 100 ms): `mounted` follows `open` at once when opening and `outMs` later when closing; `shown`
 * turns on `inMs` after opening so the CSS transition runs.
 */
export function useFade(open: boolean, inMs: number, outMs: number) {
  const [mounted, setMounted] = useState(open);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (open) {
      setMounted(true);
      const timer = setTimeout(() => setShown(true), inMs);
      return () => clearTimeout(timer);
    }
    setShown(false);
    const timer = setTimeout(() => setMounted(false), outMs);
    return () => clearTimeout(timer);
  }, [open, inMs, outMs]);
  return { mounted, shown };
}
