import { useEffect, useRef } from 'react';

/**
 * One ECharts chart, loaded with the page that shows it (the home bundle never carries ECharts).
 * `extend` loads an extension first (the word cloud's series type). Resizes with the window; the box
 * says `data-ready` once drawn. `option` should keep its identity between renders (useMemo): a new
 * one draws the chart again.
 */
export function EChart({
  option,
  testId,
  className = 'kos-chart',
  height = 280,
  extend,
}: {
  option: Record<string, unknown>;
  testId: string;
  className?: string;
  /** In px; null leaves the height to the class. */
  height?: number | null;
  extend?: () => Promise<unknown>;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { dispose(): void; resize(): void; setOption(o: unknown): void } | null = null;
    void (async () => {
      const echarts = await import('echarts');
      await extend?.();
      if (disposed || !box.current) return;
      const made = echarts.init(box.current);
      made.setOption(option);
      chart = made;
      box.current.dataset.ready = 'true';
    })();
    const onResize = () => chart?.resize();
    window.addEventListener('resize', onResize);
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [option, extend]);
  return <div ref={box} className={className} style={height === null ? undefined : { height }} data-testid={testId} />;
}
