import { Modal, TabPane, Tabs, Typography } from '@douyinfe/semi-ui-19';
import type { CalendarDay, CalendarType, HotspotPlatform } from '@productimage/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { useRouteOpen } from '../../identity/tenants/useRouteOpen.ts';
import { hotLibraryApi } from '../hot-library/hotLibraryApi.ts';
import { CalendarView } from './CalendarView.tsx';
import { HotList, type HotSubTab } from './HotList.tsx';
import { IdeaForm, type IdeaSource } from './IdeaForm.tsx';
import type { Hotspot } from './marketingApi.ts';
import './marketing.css';

type MainTab = 'hot' | 'calendar' | 'custom';

/**
 * The hot-topic tenants' routes each open their own list (issue 31): notes are xiaohongshu's,
 * videos douyin's, trending now weibo's; the topic and word lists their sub-tab; the two calendars
 * their own set of day types. The page's title says which.
 */
const ROUTE_VIEWS: Record<string, { id: string; platform?: HotspotPlatform; sub?: HotSubTab; types?: CalendarType[] }> = {
  '/hot-notes': { id: 'hotNotes', platform: 'xiaohongshu' },
  '/hot-videos': { id: 'hotVideos', platform: 'douyin' },
  '/hot-immediate': { id: 'hotImmediate', platform: 'weibo' },
  '/hot-topic-list': { id: 'hotTopicList', sub: 'topics' },
  '/hot-word-list': { id: 'hotWordList', sub: 'words' },
  '/hot-calendar': { id: 'hotCalendar', types: ['platform_node', 'festival'] },
  '/month-calendar': { id: 'monthCalendar', types: ['festival', 'solar_term'] },
};

/** Which tab a route opens on: the calendar routes, the hot sub-lists, `source=CALENDAR|HOT`. */
function initialTabs(pathname: string, source: string | null): { main: MainTab; sub: HotSubTab } {
  const path = pathname.replace(/^\/productimage/, '');
  if (source === 'CALENDAR' || /calendar/.test(path)) return { main: 'calendar', sub: 'realtime' };
  return { main: 'hot', sub: ROUTE_VIEWS[path]?.sub ?? 'realtime' };
}

/** `?platform=` (the publishers page's "import hot items" on a platform tab), when it names one. */
const platformParam = (value: string | null): HotspotPlatform | undefined =>
  (['xiaohongshu', 'import', 'douyin', 'weibo'] as const).find((p) => p === value);

/**
 * /content-hotspot and its tenant variants: hot list, marketing calendar, custom idea (spec 001 §2).
 * `?source=CALENDAR|HOT` switches to that tab and opens the selection modal: the calendar's days or
 * the hot list in a dialog, whose pick opens the idea form. A tenant that hides the idea form
 * (/mott-idea) gets the lists to read: no custom tab, no "use it", no selection modal.
 */
export default function HotspotPage() {
  const { t } = useTranslation('marketing');
  const location = useLocation();
  const [params] = useSearchParams();
  const ideasOpen = useRouteOpen()('/mott-idea');
  const sourceParam = params.get('source');
  const start = initialTabs(location.pathname, sourceParam);
  const view = ROUTE_VIEWS[location.pathname.replace(/^\/productimage/, '')];
  const [tab, setTab] = useState<MainTab>(start.main);
  const [source, setSource] = useState<IdeaSource | null>(null);
  const [selecting, setSelecting] = useState<'CALENDAR' | 'HOT' | null>(
    sourceParam === 'CALENDAR' || sourceParam === 'HOT' ? sourceParam : null,
  );
  // "Make ideas from it" on a hot-library item: ?hotLibraryId= opens the form with that item.
  const libraryId = params.get('hotLibraryId');
  useEffect(() => {
    if (!libraryId || !ideasOpen) return;
    let live = true;
    hotLibraryApi
      .find(libraryId)
      .then((item) => {
        if (live && item) setSource({ hotspotSourceType: 'PERSONAL', title: item.title, hotLibraryId: item.itemId });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [libraryId, ideasOpen]);

  const pickHotspot = (item: Hotspot) => {
    setSelecting(null);
    setSource({
      hotspotSourceType: item.source === 'import' ? 'PERSONAL' : 'HOTSPOT_MARKETING',
      title: item.title,
      hotspotId: item.id,
    });
  };
  const pickDay = (day: CalendarDay) => {
    setSelecting(null);
    setSource({
      hotspotSourceType: 'CALENDAR',
      title: `${day.day} ${day.entries.map((e) => e.name).join(' / ')}`,
      calendarDay: day.day,
    });
  };

  return (
    <div className="mkt-page" data-testid="hotspot-page">
      {view ? (
        <Typography.Title heading={4} data-testid="hot-route-title">
          {t(`plan.routeTitles.${view.id}`)}
        </Typography.Title>
      ) : null}
      <Tabs activeKey={tab} onChange={(k) => setTab(k as MainTab)}>
        <TabPane tab={t('tabs.hot')} itemKey="hot">
          <HotList
            initialTab={start.sub}
            initialPlatform={view?.platform ?? platformParam(params.get('platform'))}
            onUse={ideasOpen ? pickHotspot : undefined}
          />
        </TabPane>
        <TabPane tab={t('tabs.calendar')} itemKey="calendar">
          {tab === 'calendar' ? <CalendarView onUseDay={ideasOpen ? pickDay : undefined} initialTypes={view?.types} /> : null}
        </TabPane>
        {ideasOpen ? (
          <TabPane tab={t('tabs.custom')} itemKey="custom">
            {tab === 'custom' ? <IdeaForm source={null} /> : null}
          </TabPane>
        ) : null}
      </Tabs>
      <Modal
        title={t('plan.ideas.pickTitle')}
        visible={ideasOpen && !!selecting}
        onCancel={() => setSelecting(null)}
        footer={null}
        width={760}
      >
        <div data-testid="select-modal" data-source={selecting ?? ''}>
          {selecting === 'CALENDAR' ? <CalendarView onUseDay={pickDay} initialTypes={view?.types} /> : null}
          {selecting === 'HOT' ? <HotList initialTab="realtime" initialPlatform={view?.platform} onUse={pickHotspot} /> : null}
        </div>
      </Modal>
      <Modal title={t('report.title')} visible={ideasOpen && !!source} onCancel={() => setSource(null)} footer={null} width={560}>
        {source ? <IdeaForm source={source} /> : null}
      </Modal>
    </div>
  );
}
