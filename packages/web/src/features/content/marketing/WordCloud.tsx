import { useMemo } from 'react';
import { EChart } from '../../../shared/EChart.tsx';
import type { HotWord } from './marketingApi.ts';

const COLOURS = ['#2352d8', '#5b7de6', '#f5a623', '#16a085', '#c0392b'];
const loadWordCloud = () => import('echarts-wordcloud');

/** A word cloud of the hot words; ECharts and its word-cloud extension load only here (own chunk). */
export default function WordCloud({ words }: { words: HotWord[] }) {
  const option = useMemo(
    () => ({
      series: [
        {
          type: 'wordCloud',
          shape: 'circle',
          sizeRange: [14, 56],
          rotationRange: [0, 0],
          textStyle: { color: () => COLOURS[Math.floor(Math.random() * COLOURS.length)] },
          data: words.map((w) => ({ name: w.word, value: w.weight })),
        },
      ],
    }),
    [words],
  );
  return <EChart option={option} extend={loadWordCloud} className="mkt-wordcloud" height={null} testId="word-cloud" />;
}
