import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Paging rules of spec 001 §4 for lists that grow downward (notes, hot library): page 1 resets the
 * list and shows loading, later pages append; a refresh fetches all loaded pages in one request of
 * pageNum x pageSize; no more data once total <= pageNum x pageSize, and then nothing more is loaded.
 */
export interface Page<T> {
  list: T[];
  total: number;
}

export interface PagedState<T> {
  list: T[];
  total: number;
  /** The last page loaded (0: none yet). */
  pageNum: number;
}

export const emptyPaged = <T>(): PagedState<T> => ({ list: [], total: 0, pageNum: 0 });

export function noMoreData(total: number, pageNum: number, pageSize: number): boolean {
  return total <= pageNum * pageSize;
}

/** The request that reloads everything loaded so far. */
export function refreshRequest(pageNum: number, pageSize: number): { pageNum: number; pageSize: number } {
  return { pageNum: 1, pageSize: Math.max(1, pageNum) * pageSize };
}

export function applyPage<T>(state: PagedState<T>, pageNum: number, page: Page<T>): PagedState<T> {
  if (pageNum === 1) return { list: page.list, total: page.total, pageNum: 1 };
  return { list: [...state.list, ...page.list], total: page.total, pageNum };
}

/** A list loaded page by page; `key` changes (filters, search text) start again from page 1. */
export function usePagedList<T>(
  fetchPage: (pageNum: number, pageSize: number) => Promise<Page<T>>,
  pageSize: number,
  key: string,
) {
  const [state, setState] = useState<PagedState<T>>(emptyPaged<T>);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const generation = useRef(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const stateRef = useRef(state);
  stateRef.current = state;

  const load = useCallback(
    async (pageNum: number) => {
      const gen = ++generation.current;
      setLoading(true);
      setError(null);
      if (pageNum === 1) setState(emptyPaged<T>());
      try {
        const page = await fetchRef.current(pageNum, pageSize);
        if (gen === generation.current) setState((s) => applyPage(s, pageNum, page));
      } catch (err) {
        if (gen === generation.current) setError(err);
      } finally {
        if (gen === generation.current) setLoading(false);
      }
    },
    [pageSize],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for the filters
  useEffect(() => {
    load(1);
  }, [key, load]);

  const done = state.pageNum > 0 && noMoreData(state.total, state.pageNum, pageSize);
  const loadMore = useCallback(() => {
    const s = stateRef.current;
    if (loading || (s.pageNum > 0 && noMoreData(s.total, s.pageNum, pageSize))) return;
    load(s.pageNum + 1);
  }, [loading, load, pageSize]);

  /** Reloads what is shown (after a change) without losing the scroll position's pages. */
  const refresh = useCallback(async () => {
    const s = stateRef.current;
    const gen = ++generation.current;
    const req = refreshRequest(s.pageNum, pageSize);
    try {
      const page = await fetchRef.current(req.pageNum, req.pageSize);
      if (gen === generation.current) setState({ list: page.list, total: page.total, pageNum: Math.max(1, s.pageNum) });
    } catch (err) {
      if (gen === generation.current) setError(err);
    }
  }, [pageSize]);

  const update = useCallback((fn: (list: T[]) => T[]) => setState((s) => ({ ...s, list: fn(s.list) })), []);

  return { ...state, loading, error, done, loadMore, refresh, reload: () => load(1), update };
}

export type PagedList<T> = ReturnType<typeof usePagedList<T>>;

/**
 * Calls `onVisible` whenever the returned element scrolls into view (the bottom of a list), whichever
 * element scrolls: the list's own scroll container or the page. With `enabled` false it does nothing
 * (desktop lists page with their load-more button: loading by itself as the button scrolls into
 * view would pull the button away from under the pointer and load two pages for one click).
 */
export function useLoadMoreSentinel(onVisible: () => void, enabled = true) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) callback.current();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}
