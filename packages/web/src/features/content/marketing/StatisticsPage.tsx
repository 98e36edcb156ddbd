import { Empty, Spin, Typography } from '@douyinfe/semi-ui-19';
import { ErrorState } from '@productimage/kit';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { marketingApi, type Statistics } from './marketingApi.ts';
import './marketing.css';

/** Draws with ECharts, loaded with this page only (the home bundle never carries it). */
function Charts({ stats }: { stats: Statistics }) {
  const { t } = useTranslation('marketing');
  const line = useRef<HTMLDivElement>(null);
  const pie = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    const charts: Array<{ dispose(): void; resize(): void }> = [];
    void (async () => {
      const echarts = await import('echarts');
      if (disposed || !line.current || !pie.current) return;
      const a = echarts.init(line.current);
      a.setOption({
        color: ['#2352d8', '#16a085', '#c0392b'],
        tooltip: { trigger: 'axis' },
        legend: { data: [t('stats.generated'), t('stats.likes'), t('stats.dislikes')] },
        xAxis: { type: 'category', data: stats.days.map((d) => d.day.slice(5)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          { name: t('stats.generated'), type: 'line', smooth: true, data: stats.days.map((d) => d.generated) },
          { name: t('stats.likes'), type: 'bar', data: stats.days.map((d) => d.likes) },
          { name: t('stats.dislikes'), type: 'bar', data: stats.days.map((d) => d.dislikes) },
        ],
      });
      const b = echarts.init(pie.current);
      b.setOption({
        color: ['#2352d8', '#f5a623', '#16a085', '#8e44ad'],
        tooltip: { trigger: 'item' },
        series: [
          {
            type: 'pie',
            radius: ['40%', '70%'],
            data: Object.entries(stats.platforms).map(([name, value]) => ({ name: t(`content.platforms.${name}`), value })),
          },
        ],
      });
      charts.push(a, b);
    })();
    const onResize = () => {
      for (const c of charts) c.resize();
    };
    window.addEventListener('resize', onResize);
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      for (const c of charts) c.dispose();
    };
  }, [stats, t]);
  return (
    <div className="mkt-stats">
      <div>
        <Typography.Title heading={6}>{t('stats.overTime')}</Typography.Title>
        <div ref={line} className="mkt-chart" data-testid="chart-days" />
      </div>
      <div>
        <Typography.Title heading={6}>{t('stats.platforms')}</Typography.Title>
        <div ref={pie} className="mkt-chart" data-testid="chart-platforms" />
      </div>
    </div>
  );
}

/** /mott-statistics: the user's generations, likes and platforms over the last 30 days. */
export default function StatisticsPage() {
  const { t } = useTranslation(['marketing', 'common']);
  const query = useQuery({ queryKey: ['marketing', 'statistics'], queryFn: marketingApi.statistics });
  const total = query.data?.days.reduce((s, d) => s + d.generated + d.likes + d.dislikes, 0) ?? 0;
  return (
    <div className="mkt-page" data-testid="statistics-page">
      <Typography.Title heading={4}>{t('stats.title')}</Typography.Title>
      {query.isLoading ? <Spin /> : null}
      {query.isError ? <ErrorState error={query.error} onRetry={() => query.refetch()} /> : null}
      {query.data && !total ? <Empty title={t('stats.empty')} /> : null}
      {query.data && total ? <Charts stats={query.data} /> : null}
    </div>
  );
}
