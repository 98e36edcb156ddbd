import { Banner, Button, Empty, List, Radio, RadioGroup, Spin, TabPane, Tabs, Tag, Typography } from '@douyinfe/semi-ui-19';
import { formatDate, HOTSPOT_PLATFORMS, type HotspotPlatform } from '@productimage/core';
import { errorText } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatHeat } from './heat.ts';
import { ImportModal } from './ImportModal.tsx';
import { type Hotspot, marketingApi } from './marketingApi.ts';

const WordCloud = lazy(() => import('./WordCloud.tsx'));

export type HotSubTab = 'realtime' | 'topics' | 'words';

function HotItem({ item, rank, onUse }: { item: Hotspot; rank?: number; onUse?(item: Hotspot): void }) {
  const { t, i18n } = useTranslation('marketing');
  return (
    <List.Item
      className="mkt-hot-item"
      data-testid="hot-item"
      main={
        <div>
          {rank !== undefined ? <span className="mkt-rank">{rank}</span> : null}
          {item.url ? (
            <a href={item.url} target="_blank" rel="noopener noreferrer">
              {item.title}
            </a>
          ) : (
            <span>{item.title}</span>
          )}
          {item.hot ? (
            <Typography.Text type="tertiary" size="small" className="mkt-heat">
              {t('hot.heat', { hot: formatHeat(item.hot, i18n.language) })}
            </Typography.Text>
          ) : null}
        </div>
      }
      extra={
        onUse ? (
          <Button size="small" onClick={() => onUse(item)} data-testid="use-hotspot">
            {t('hot.useIt')}
          </Button>
        ) : null
      }
    />
  );
}

/** The hot list: platforms, sub-tabs real-time / topics / hot words, import; the feed's update time shown. */
export function HotList({
  initialTab,
  initialPlatform = 'douyin',
  onUse,
}: {
  initialTab: HotSubTab;
  initialPlatform?: HotspotPlatform;
  /** Absent when the idea form is hidden for this tenant: the list is for reading then. */
  onUse?(item: Hotspot): void;
}) {
  const { t } = useTranslation(['marketing', 'common', 'errors']);
  const [platform, setPlatform] = useState<HotspotPlatform>(initialPlatform);
  const [tab, setTab] = useState<HotSubTab>(initialTab);
  const [importing, setImporting] = useState(false);
  const client = useQueryClient();
  const list = useQuery({
    queryKey: ['marketing', 'hot', platform],
    queryFn: () => marketingApi.hotspots(platform),
    enabled: tab === 'realtime',
    retry: false,
  });
  const topics = useQuery({
    queryKey: ['marketing', 'topics', platform],
    queryFn: () => marketingApi.topics(platform),
    enabled: tab === 'topics',
    retry: false,
  });
  const words = useQuery({
    queryKey: ['marketing', 'words', platform],
    queryFn: () => marketingApi.words(platform),
    enabled: tab === 'words',
    retry: false,
  });
  const active = tab === 'realtime' ? list : tab === 'topics' ? topics : words;

  const feedError = active.data?.feedError;
  const shown = tab === 'realtime' ? list.data?.list : tab === 'topics' ? topics.data?.list : words.data?.list;
  const body = () => {
    if (active.isLoading) return <Spin />;
    // A feed that cannot be reached hides nothing the merchant imported onto this platform's tab.
    if (active.isError || (feedError && !shown?.length))
      return (
        <Empty title={t('hot.unreachable')} description={feedError ?? errorText(active.error, t)} data-testid="hot-unreachable">
          <Button theme="solid" onClick={() => setImporting(true)}>
            {t('hot.importOffer')}
          </Button>
        </Empty>
      );
    if (tab === 'realtime') {
      const data = list.data;
      if (!data?.list.length) return <Empty title={t('hot.empty')} data-testid="hot-empty" />;
      return (
        <>
          {data.updateTime ? (
            <Typography.Text type="tertiary" size="small" data-testid="hot-updated">
              {t('hot.updated', { time: formatDate(data.updateTime, true) })}
            </Typography.Text>
          ) : null}
          <List dataSource={data.list} renderItem={(item, i) => <HotItem item={item} rank={(i ?? 0) + 1} onUse={onUse} />} />
        </>
      );
    }
    if (tab === 'topics') {
      if (!topics.data?.list.length) return <Empty title={t('hot.empty')} />;
      return topics.data.list.map((group) => (
        <div key={group.topic ?? '_other'} className="mkt-topic" data-testid="topic-group">
          <Typography.Title heading={6}>
            #{group.topic ?? t('hot.otherTopic')} <Tag>{t('hot.count', { count: group.items.length })}</Tag>
          </Typography.Title>
          <List dataSource={group.items} renderItem={(item) => <HotItem item={item} onUse={onUse} />} />
        </div>
      ));
    }
    if (!words.data?.list.length) return <Empty title={t('hot.empty')} />;
    return (
      <div className="mkt-words">
        <ol className="mkt-word-rank" data-testid="word-rank">
          {words.data.list.map((w) => (
            <li key={w.word}>
              <span>{w.word}</span>
              <Typography.Text type="tertiary" size="small">
                {t('hot.count', { count: w.count })} · {w.weight}
              </Typography.Text>
            </li>
          ))}
        </ol>
        <Suspense fallback={<Spin />}>
          <WordCloud words={words.data.list} />
        </Suspense>
      </div>
    );
  };

  return (
    <div className="mkt-hot" data-testid="hot-list">
      <div className="mkt-hot-bar">
        <RadioGroup type="button" value={platform} onChange={(e) => setPlatform(e.target.value as HotspotPlatform)}>
          {HOTSPOT_PLATFORMS.map((p) => (
            <Radio key={p} value={p} data-testid={`platform-${p}`}>
              {t(`hot.platforms.${p}`)}
            </Radio>
          ))}
        </RadioGroup>
        <Button onClick={() => setImporting(true)} data-testid="open-import">
          {t('hot.importOffer')}
        </Button>
      </div>
      <Tabs activeKey={tab} onChange={(k) => setTab(k as HotSubTab)} size="small">
        <TabPane tab={t('hot.realtime')} itemKey="realtime" />
        <TabPane tab={t('hot.topics')} itemKey="topics" />
        <TabPane tab={t('hot.words')} itemKey="words" />
      </Tabs>
      {feedError && !!shown?.length && (
        <Banner
          type="warning"
          closeIcon={null}
          title={t('hot.unreachable')}
          description={feedError}
          data-testid="hot-unreachable-banner"
        />
      )}
      {body()}
      {importing ? (
        <ImportModal
          visible
          initialPlatform={platform}
          onClose={() => setImporting(false)}
          onDone={(p) => {
            setImporting(false);
            setPlatform(p);
            void client.invalidateQueries({ queryKey: ['marketing'] });
          }}
        />
      ) : null}
    </div>
  );
}
