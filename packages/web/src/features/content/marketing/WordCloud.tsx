import { useEffect, useRef } from 'react';
import type { HotWord } from './marketingApi.ts';

/** A word cloud of the hot words; ECharts and its word-cloud extension load only here (own chunk). */
export default function WordCloud({ words }: { words: HotWord[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { dispose(): void; resize(): void } | null = null;
    void (async () => {
      const echarts = await import('echarts');
      await import('echarts-wordcloud');
      if (disposed || !box.current) return;
      const instance = echarts.init(box.current);
      chart = instance;
      instance.setOption({
        series: [
          {
            type: 'wordCloud',
            shape: 'circle',
            sizeRange: [14, 56],
            rotationRange: [0, 0],
            textStyle: { color: () => ['#2352d8', '#5b7de6', '#f5a623', '#16a085', '#c0392b'][Math.floor(Math.random() * 5)] },
            data: words.map((w) => ({ name: w.word, value: w.weight })),
          },
        ],
      });
    })();
    const onResize = () => chart?.resize();
    window.addEventListener('resize', onResize);
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [words]);
  return <div ref={box} className="mkt-wordcloud" data-testid="word-cloud" />;
}
