import {
  Button,
  DatePicker,
  Image,
  Input,
  Radio,
  RadioGroup,
  Select,
  Spin,
  TabPane,
  Tabs,
  Tag,
  TextArea,
  Toast,
} from '@douyinfe/semi-ui-19';
import {
  formatDate,
  GEN_MODES,
  MKT_TYPES,
  type MktType,
  REWRITE_BATCH_KEY,
  WORKBENCH_BACKGROUND_PAGE_SIZE,
  WORKBENCH_PAGE_SIZE,
  WORKBENCH_TABS,
  type WorkbenchTab,
} from '@productimage/core';
import { EmptyState, ErrorState, errorText } from '@productimage/kit';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { usePagedList } from '../../../shared/pagedList.ts';
import { HotLibraryPicker } from '../hot-library/HotLibraryPicker.tsx';
import { HotList } from '../marketing/HotList.tsx';
import { HotWordPicker } from './HotWordPicker.tsx';
import { dayRange, type WorkbenchRecord, workbenchApi } from './workbenchApi.ts';
import './workbench.css';

type Range = [Date, Date] | null;
const TOOL_PATH: Record<WorkbenchTab, string> = {
  THEME_ARTICLE_GEN: '/topic-generate',
  HOT_ARTICLE_REWRITE: '/rewrite-article',
  BACKGROUND_REPRODUCE: '/rewrite-background',
  PLACARD_GEN: '/poster-create',
};
const TOOL_RECORD_PATH: Partial<Record<WorkbenchTab, string>> = {
  THEME_ARTICLE_GEN: '/topic-generate',
  HOT_ARTICLE_REWRITE: '/rewrite-article',
};
/**
 * The rewrite tools reopen the batch kept under their local key (features/rewrite/RewriteWorkspace:
 * the article tool uses REWRITE_BATCH_KEY, the others add ":<kind>"), so "Open" sets it first.
 */
const OPEN_BATCH_KEY: Partial<Record<WorkbenchTab, string>> = {
  THEME_ARTICLE_GEN: `${REWRITE_BATCH_KEY}:topic`,
  HOT_ARTICLE_REWRITE: REWRITE_BATCH_KEY,
};

/** The tab's form: default values by hotspotSourceType (spec 001 §7), saved as the post-generation record on start. */
function useTabForm(tab: WorkbenchTab) {
  const defaults = useQuery({ queryKey: ['workbench', 'defaults', tab], queryFn: () => workbenchApi.defaults(tab) });
  const [mktType, setMktType] = useState<MktType>('product');
  const [marketDesc, setMarketDesc] = useState('');
  const [prompt, setPrompt] = useState('');
  useEffect(() => {
    if (!defaults.data) return;
    setMktType(defaults.data.mktType);
    setMarketDesc(defaults.data.marketDesc);
    setPrompt(defaults.data.prompt);
  }, [defaults.data]);
  return { mktType, setMktType, marketDesc, setMarketDesc, prompt, setPrompt };
}

function MarketFields({ form }: { form: ReturnType<typeof useTabForm> }) {
  const { t } = useTranslation('hotWorkbench');
  return (
    <>
      <div className="wb-field">
        <span>{t('mktType')}</span>
        <RadioGroup type="button" value={form.mktType} onChange={(e) => form.setMktType(e.target.value as MktType)}>
          {MKT_TYPES.map((m) => (
            <Radio key={m} value={m}>
              {t(`mkt_${m}`)}
            </Radio>
          ))}
        </RadioGroup>
      </div>
      <div className="wb-field">
        <span>{t('marketDesc')}</span>
        <Input
          value={form.marketDesc}
          onChange={form.setMarketDesc}
          maxLength={500}
          placeholder={t('marketDescPlaceholder')}
          data-testid="wb-market-desc"
        />
      </div>
      <div className="wb-field">
        <span>{t('prompt')}</span>
        <TextArea
          value={form.prompt}
          onChange={form.setPrompt}
          maxLength={2000}
          autosize={{ minRows: 2, maxRows: 5 }}
          placeholder={t('promptPlaceholder')}
          data-testid="wb-prompt"
        />
      </div>
    </>
  );
}

function RecordList({ tab }: { tab: WorkbenchTab }) {
  const { t } = useTranslation('hotWorkbench');
  const navigate = useNavigate();
  const records = usePagedList<WorkbenchRecord>(
    (pageNum, pageSize) => workbenchApi.contents(tab, pageNum, pageSize),
    WORKBENCH_PAGE_SIZE,
    tab,
  );
  const path = TOOL_RECORD_PATH[tab];
  return (
    <section className="wb-records" data-testid="wb-records">
      <h3>{t('records')}</h3>
      {records.error != null && <ErrorState error={records.error} onRetry={records.reload} />}
      {records.list.map((r) => (
        <article key={r.id} className="wb-record" data-testid="wb-record">
          {r.images[0] && <Image src={r.images[0]} width={56} height={56} preview={false} />}
          <div className="wb-record-body">
            <strong>{r.title || t(`tab_${tab}`)}</strong>
            {r.summary && <p>{r.summary}</p>}
            <div className="wb-record-meta">
              <Tag size="small" color={r.status === 'failed' ? 'red' : r.status === 'running' ? 'orange' : 'green'}>
                {t(`status_${r.status}`)}
              </Tag>
              <small>{formatDate(r.createdAt)}</small>
            </div>
          </div>
          {path && (
            <Button
              size="small"
              data-testid="wb-record-open"
              onClick={() => {
                const key = OPEN_BATCH_KEY[tab];
                if (key) localStorage.setItem(key, r.id);
                navigate(path);
              }}
            >
              {t('open')}
            </Button>
          )}
        </article>
      ))}
      {records.loading && <Spin />}
      {!records.loading && records.error == null && records.pageNum > 0 && records.list.length === 0 && (
        <EmptyState text={t('recordsEmpty')} />
      )}
      {records.list.length > 0 && !records.loading && (
        <div className="wb-more">{records.done ? t('noMore') : <Button onClick={records.loadMore}>{t('loadMore')}</Button>}</div>
      )}
    </section>
  );
}

/** Topic creation and hot-article rewrite: a source picked from the hot lists or the hot library, then the tool. */
function TextTab({ tab }: { tab: 'THEME_ARTICLE_GEN' | 'HOT_ARTICLE_REWRITE' }) {
  const { t } = useTranslation('hotWorkbench');
  const navigate = useNavigate();
  const form = useTabForm(tab);
  const [source, setSource] = useState<'hot' | 'words' | 'library'>('hot');
  const [topic, setTopic] = useState('');
  const [article, setArticle] = useState('');
  const [url, setUrl] = useState('');
  const rewrite = tab === 'HOT_ARTICLE_REWRITE';

  async function start() {
    if (!topic.trim() && (!rewrite || !article.trim())) {
      Toast.warning(t(rewrite ? 'needArticle' : 'needTopic'));
      return;
    }
    try {
      await workbenchApi.record({
        hotspotSourceType: tab,
        prompt: form.prompt,
        mktType: form.mktType,
        marketDesc: form.marketDesc,
      });
    } catch (err) {
      Toast.error(errorText(err, t));
      return;
    }
    const query = new URLSearchParams(
      rewrite
        ? {
            inputType: '2',
            title: topic.trim(),
            article: article.trim(),
            xhsUrl: url,
            marketDesc: form.marketDesc,
            productInfo: form.prompt,
          }
        : { topic: topic.trim(), mktType: form.mktType, marketDesc: form.marketDesc, productInfo: form.prompt },
    );
    navigate(`${TOOL_PATH[tab]}?${query}`);
  }

  return (
    <div className="wb-tab">
      <div className="wb-columns">
        <section className="wb-source" data-testid="wb-source">
          <RadioGroup type="button" value={source} onChange={(e) => setSource(e.target.value as typeof source)}>
            <Radio value="hot">{t('source_hot')}</Radio>
            <Radio value="words" data-testid="wb-source-words">
              {t('source_words')}
            </Radio>
            <Radio value="library">{t('source_library')}</Radio>
          </RadioGroup>
          {source === 'words' ? (
            <HotWordPicker onPick={(word) => setTopic(word)} />
          ) : source === 'hot' ? (
            <HotList
              initialTab="realtime"
              onUse={(item) => {
                setTopic(item.title);
                setUrl(item.url ?? '');
                if (rewrite && item.desc) setArticle(item.desc);
              }}
            />
          ) : (
            <HotLibraryPicker
              testId="wb-library-picker"
              onPick={(item) => {
                setTopic(item.title);
                setUrl(item.url);
                if (rewrite) setArticle(item.content);
              }}
            />
          )}
        </section>
        <section className="wb-form" data-testid="wb-form">
          <div className="wb-field">
            <span>{rewrite ? t('articleTitle') : t('topic')}</span>
            <Input value={topic} onChange={setTopic} maxLength={200} placeholder={t('topicPlaceholder')} data-testid="wb-topic" />
          </div>
          {rewrite && (
            <div className="wb-field">
              <span>{t('article')}</span>
              <TextArea
                value={article}
                onChange={setArticle}
                maxLength={20000}
                autosize={{ minRows: 4, maxRows: 10 }}
                placeholder={t('articlePlaceholder')}
                data-testid="wb-article"
              />
            </div>
          )}
          <MarketFields form={form} />
          <Button theme="solid" block onClick={() => void start()} data-testid="wb-start">
            {t(`start_${tab}`)}
          </Button>
        </section>
      </div>
      <RecordList tab={tab} />
    </div>
  );
}

function BackgroundTab() {
  const { t } = useTranslation('hotWorkbench');
  const navigate = useNavigate();
  const [mode, setMode] = useState<(typeof GEN_MODES)[number] | ''>('');
  const [range, setRange] = useState<Range>(null);
  const { start, end } = dayRange(range);
  const key = `${mode}|${start ?? ''}|${end ?? ''}`;
  const list = usePagedList(
    (pageNum, pageSize) =>
      workbenchApi.backgrounds({
        pageNum,
        pageSize,
        bizType: 'PRODUCT_REPLACE_IMAGE',
        ...(mode ? { taskType: mode } : {}),
        ...(start !== undefined ? { startDate: start, endDate: end } : {}),
      }),
    WORKBENCH_BACKGROUND_PAGE_SIZE,
    key,
  );
  return (
    <div className="wb-tab">
      <div className="wb-toolbar">
        <Button theme="solid" onClick={() => navigate(TOOL_PATH.BACKGROUND_REPRODUCE)} data-testid="wb-start">
          {t('start_BACKGROUND_REPRODUCE')}
        </Button>
        <Select value={mode} onChange={(v) => setMode(v as typeof mode)} style={{ width: 160 }} aria-label={t('taskType')}>
          <Select.Option value="">{t('allModes')}</Select.Option>
          {GEN_MODES.map((m) => (
            <Select.Option key={m} value={m}>
              {t(`mode_${m}`)}
            </Select.Option>
          ))}
        </Select>
        <DatePicker
          type="dateRange"
          value={range ?? undefined}
          onChange={(v) => setRange(Array.isArray(v) && v.length === 2 ? (v as [Date, Date]) : null)}
          className="wb-dates"
        />
      </div>
      <p className="wb-hint">{t('backgroundHint')}</p>
      {list.error != null && <ErrorState error={list.error} onRetry={list.reload} />}
      <div className="wb-grid" data-testid="wb-backgrounds">
        {list.list.flatMap((task) =>
          task.outputs.map((o, n) => (
            <figure key={`${task.taskId}-${n}`} className="wb-cell">
              <Image src={o.url} width="100%" />
              <figcaption>
                {task.params.mode ? t(`mode_${String(task.params.mode)}`) : ''} · {formatDate(task.createdAt)}
              </figcaption>
            </figure>
          )),
        )}
      </div>
      {list.loading && <Spin />}
      {!list.loading && list.error == null && list.pageNum > 0 && list.list.length === 0 && (
        <EmptyState text={t('recordsEmpty')} />
      )}
      {list.list.length > 0 && !list.loading && (
        <div className="wb-more">{list.done ? t('noMore') : <Button onClick={list.loadMore}>{t('loadMore')}</Button>}</div>
      )}
    </div>
  );
}

function PosterTab() {
  const { t } = useTranslation('hotWorkbench');
  const navigate = useNavigate();
  const [range, setRange] = useState<Range>(null);
  const window = dayRange(range);
  const posters = useInfiniteQuery({
    queryKey: ['workbench', 'posters', window.start ?? '', window.end ?? ''],
    queryFn: ({ pageParam }) => workbenchApi.posters(pageParam, window),
    initialPageParam: '',
    getNextPageParam: (last) => last.cursor_id || undefined,
  });
  const assets = posters.data?.pages.flatMap((p) => p.cds_asset_infos) ?? [];
  return (
    <div className="wb-tab">
      <div className="wb-toolbar">
        <Button theme="solid" onClick={() => navigate(TOOL_PATH.PLACARD_GEN)} data-testid="wb-start">
          {t('start_PLACARD_GEN')}
        </Button>
        <DatePicker
          type="dateRange"
          value={range ?? undefined}
          onChange={(v) => setRange(Array.isArray(v) && v.length === 2 ? (v as [Date, Date]) : null)}
          className="wb-dates"
        />
      </div>
      <p className="wb-hint">{t('posterHint')}</p>
      {posters.error != null && <ErrorState error={posters.error} onRetry={() => posters.refetch()} />}
      <div className="wb-grid" data-testid="wb-posters">
        {assets.map((a) => (
          <figure key={a.asset_id} className="wb-cell">
            <Image src={a.url} width="100%" />
            <figcaption>
              {a.title} · {formatDate(a.updated_at)}
            </figcaption>
          </figure>
        ))}
      </div>
      {posters.isFetching && <Spin />}
      {!posters.isFetching && posters.error == null && assets.length === 0 && <EmptyState text={t('recordsEmpty')} />}
      {assets.length > 0 && !posters.isFetching && (
        <div className="wb-more">
          {posters.hasNextPage ? <Button onClick={() => void posters.fetchNextPage()}>{t('loadMore')}</Button> : t('noMore')}
        </div>
      )}
    </div>
  );
}

/** /MoTT2: the hot-content workbench with its four tabs (spec 001 §2). */
export default function WorkbenchPage() {
  const { t } = useTranslation('hotWorkbench');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as WorkbenchTab | null;
  const tab: WorkbenchTab =
    requested && (WORKBENCH_TABS as readonly string[]).includes(requested) ? requested : 'THEME_ARTICLE_GEN';
  return (
    <div className="wb-page" data-testid="workbench-page">
      <h2>{t('title')}</h2>
      <p className="wb-intro">{t('intro')}</p>
      <Tabs activeKey={tab} onChange={(key) => setParams({ tab: key }, { replace: true })}>
        {WORKBENCH_TABS.map((key) => (
          <TabPane key={key} itemKey={key} tab={t(`tab_${key}`)}>
            {tab === key &&
              (key === 'BACKGROUND_REPRODUCE' ? (
                <BackgroundTab />
              ) : key === 'PLACARD_GEN' ? (
                <PosterTab />
              ) : (
                <TextTab tab={key} />
              ))}
          </TabPane>
        ))}
      </Tabs>
    </div>
  );
}
