import { Banner, Button, Empty, Radio, RadioGroup, Spin, Table, Typography } from '@douyinfe/semi-ui-19';
import type { HotspotPlatform } from '@productimage/core';
import { ErrorState } from '@productimage/kit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteOpen } from '../../../identity/tenants/useRouteOpen.ts';
import { formatHeat } from '../heat.ts';
import '../marketing.css';
import './plan.css';
import { type Publishers, planApi } from './planApi.ts';

const PLATFORMS: HotspotPlatform[] = ['xiaohongshu', 'import', 'douyin', 'weibo'];
const SPANS = [7, 14, 30];

/** Items per day on the list, as a row of small bars (the days are the column's title). */
function Trend({ trend, days }: { trend: number[]; days: string[] }) {
  const most = Math.max(1, ...trend);
  return (
    <span className="mkt-trend" data-testid="publisher-trend">
      {trend.map((n, i) => (
        <span
          key={days[i]}
          className="mkt-trend-bar"
          title={`${days[i]}: ${n}`}
          style={{ height: `${n ? 4 + (16 * n) / most : 2}px`, opacity: n ? 1 : 0.3 }}
        />
      ))}
    </span>
  );
}

/**
 * /hotspot-publisher: the accounts behind hot items per platform, tracked day by day (server
 * marketing/hotspots/authors.ts records them at every feed refresh and import). The douyin and
 * weibo lists name no accounts, which the page says instead of showing an empty table.
 */
export default function PublishersPage() {
  const { t, i18n } = useTranslation('marketing');
  const routeOpen = useRouteOpen();
  const [platform, setPlatform] = useState<HotspotPlatform>('xiaohongshu');
  const [days, setDays] = useState(14);
  const query = useQuery({
    queryKey: ['marketing', 'publishers', platform, days],
    queryFn: () => planApi.publishers(platform, days),
  });
  const data = query.data;
  const columns = [
    {
      title: t('plan.publishers.account'),
      dataIndex: 'author',
      render: (v: string) => <strong data-testid="publisher-name">{v}</strong>,
    },
    { title: t('plan.publishers.daysOnList'), dataIndex: 'daysOnList' },
    { title: t('plan.publishers.appearances'), dataIndex: 'appearances' },
    {
      title: t('plan.publishers.bestRank'),
      dataIndex: 'bestRank',
      render: (v: number) => t('plan.publishers.rank', { rank: v }),
    },
    {
      title: t('plan.publishers.latest'),
      dataIndex: 'title',
      render: (v: string, row: Publishers['list'][number]) => (
        <span>
          <Typography.Text type="tertiary" size="small">
            {row.lastDay}
          </Typography.Text>{' '}
          {v}
          {row.hot ? (
            <Typography.Text
              type="tertiary"
              size="small"
            >{` · ${t('hot.heat', { hot: formatHeat(row.hot, i18n.language) })}`}</Typography.Text>
          ) : null}
        </span>
      ),
    },
    {
      title: `${t('plan.publishers.trend')} (${data?.days[0] ?? ''}–${data?.days.at(-1) ?? ''})`,
      dataIndex: 'trend',
      render: (v: number[]) => <Trend trend={v} days={data?.days ?? []} />,
    },
  ];
  return (
    <div className="mkt-page" data-testid="publishers-page">
      <Typography.Title heading={4}>{t('plan.publishers.title')}</Typography.Title>
      <Typography.Text type="tertiary">{t('plan.publishers.subtitle')}</Typography.Text>
      <div className="mkt-hot-bar">
        <RadioGroup type="button" value={platform} onChange={(e) => setPlatform(e.target.value as HotspotPlatform)}>
          {PLATFORMS.map((p) => (
            <Radio key={p} value={p} data-testid={`publishers-${p}`}>
              {t(`hot.platforms.${p}`)}
            </Radio>
          ))}
        </RadioGroup>
        <RadioGroup type="button" value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {SPANS.map((d) => (
            <Radio key={d} value={d}>
              {t('plan.publishers.lastDays', { count: d })}
            </Radio>
          ))}
        </RadioGroup>
      </div>
      {data && !data.feedNamesAccounts ? <Banner type="info" description={t('plan.publishers.feedNoAccounts')} /> : null}
      {query.isLoading ? <Spin /> : null}
      {query.isError ? <ErrorState error={query.error} onRetry={() => query.refetch()} /> : null}
      {data && !data.list.length ? (
        <Empty title={t('plan.publishers.empty')} data-testid="publishers-empty">
          {routeOpen('/content-hotspot') ? (
            <Link to={`/content-hotspot?platform=${platform}`}>
              <Button theme="solid">{t('plan.publishers.importHot')}</Button>
            </Link>
          ) : null}
        </Empty>
      ) : null}
      {data?.list.length ? (
        <Table
          rowKey="author"
          columns={columns}
          dataSource={data.list}
          pagination={false}
          scroll={{ x: 760 }}
          data-testid="publishers"
        />
      ) : null}
    </div>
  );
}
