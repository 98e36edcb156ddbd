import { useEffect, useRef } from 'react';

/**
 * One ECharts chart, loaded with the page that shows it (the home bundle never carries ECharts;
 * the same approach as /mott-statistics). Resizes with the window.
 */
export function EChart({ option, testId, height = 280 }: { option: Record<string, unknown>; testId: string; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { dispose(): void; resize(): void; setOption(o: unknown): void } | null = null;
    void (async () => {
      const echarts = await import('echarts');
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
  }, [option]);
  return <div ref={box} className="kos-chart" style={{ height }} data-testid={testId} />;
}
