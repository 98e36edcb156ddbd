import { IconSearch } from '@douyinfe/semi-icons';
import {
  Button,
  Card,
  Empty,
  Input,
  List,
  Modal,
  Pagination,
  Select,
  Spin,
  Steps,
  Tag,
  Toast,
  Typography,
} from '@douyinfe/semi-ui-19';
import {
  ADVICE_STAGE,
  CREATIVE_SCHEME_TYPES,
  type CreativeSchemeType,
  formatDate,
  IDEA_PICTURE_COST,
  type ReportStage,
  reportStageAt,
} from '@productimage/core';
import { CURRENT_USER_KEY, ErrorState } from '@productimage/kit';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useRouteOpen } from '../../identity/tenants/useRouteOpen.ts';
import { watchTask } from '../../studio/tasks/watchTask.ts';
import { ComplianceHits, HighlightedText } from '../compliance/ComplianceHits.tsx';
import { bodyOffset, hitsIn } from '../compliance/verdict.ts';
import { CalendarView } from './CalendarView.tsx';
import { EngineLabel } from './EngineLabel.tsx';
import { HotList } from './HotList.tsx';
import { IdeaForm, type IdeaSource } from './IdeaForm.tsx';
import { type Idea, marketingApi, type Report } from './marketingApi.ts';
import './marketing.css';
import { useAction, useBusyAction } from '../../../shared/useAction.ts';

/** The stages a report goes through, given its creative types (spec 001 §4). */
function stagesOf(report: Report): ReportStage[] {
  return ['created', 'summary', ...report.socialType.map((s) => ADVICE_STAGE[s]), 'association', 'risk', 'completed'];
}

/**
 * Follows a report live: the report is a text task, so its transcript and progress come from the
 * task platform's events (core followTaskEvents through watchTask, resuming after drops); the stage
 * is read from the progress, and the report is read again once the task has ended.
 */
function useLiveReport(reportId: string) {
  const query = useQuery({
    queryKey: ['marketing', 'report', reportId],
    queryFn: () => marketingApi.report(reportId),
    // Pictures are tasks of their own: re-read while one is being made.
    refetchInterval: (q) => (q.state.data?.ideas.some((i) => i.genPicStatus === 'generating') ? 2000 : false),
  });
  const [live, setLive] = useState<{ text: string; progress: number } | null>(null);
  const generating = query.data?.process === 'generating';
  const taskId = query.data?.taskId;
  useEffect(() => {
    if (!generating || !taskId) return;
    const controller = new AbortController();
    watchTask(taskId, (task) => setLive({ text: task.text ?? '', progress: task.progress }), controller.signal)
      .catch(() => undefined)
      .finally(() => {
        if (!controller.signal.aborted) void query.refetch();
      });
    return () => controller.abort();
  }, [generating, taskId, query.refetch]);
  return { query, live: generating ? live : null };
}

function IdeaCard({ idea, reportId, onChanged }: { idea: Idea; reportId: string; onChanged(): void }) {
  const { t } = useTranslation(['marketing', 'errors', 'common']);
  const navigate = useNavigate();
  // Writing posts from an idea is the content tool's: hidden with it (/mott-content).
  const contentOpen = useRouteOpen()('/mott-content');
  const client = useQueryClient();
  const { busy, run } = useBusyAction();
  const picture = async () => {
    await run(async () => {
      await marketingApi.ideaPicture(reportId, idea.genDataItemId);
      void client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      onChanged();
    });
  };
  return (
    <Card
      className="mkt-idea"
      data-testid="idea-card"
      title={<HighlightedText text={idea.title} hits={hitsIn(idea.compliance.hits, 0, idea.title.length)} />}
      headerExtraContent={<Tag>{t(`form.socialTypes.${idea.socialType}`)}</Tag>}
    >
      {idea.genPicStatus === 'success' && idea.picUrl ? (
        <img
          className="mkt-idea-picture"
          src={idea.picUrl}
          alt={t('report.pictureAlt', { title: idea.title })}
          data-testid="idea-picture"
        />
      ) : null}
      {idea.genPicStatus === 'generating' ? <Spin /> : null}
      {idea.genPicStatus === 'fail' ? <Typography.Text type="danger">{t('report.pictureFailed')}</Typography.Text> : null}
      <Typography.Paragraph data-testid="idea-content">
        <HighlightedText text={idea.content} hits={hitsIn(idea.compliance.hits, bodyOffset(idea.title), idea.content.length)} />
      </Typography.Paragraph>
      <ComplianceHits verdict={idea.compliance} />
      <div className="mkt-item-actions">
        {contentOpen ? (
          <Button
            size="small"
            onClick={() => navigate(`/mott-content?reportId=${encodeURIComponent(reportId)}&ideaId=${idea.genDataItemId}`)}
            data-testid="idea-to-content"
          >
            {t('report.toContent')}
          </Button>
        ) : null}
        {idea.socialType === 'image' && idea.genPicStatus !== 'generating' ? (
          <Button size="small" loading={busy} onClick={picture} data-testid="idea-picture-make">
            {idea.genPicStatus === 'success' ? t('report.pictureAgain') : t('report.picture', { cost: IDEA_PICTURE_COST })}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

function ReportView({ reportId }: { reportId: string }) {
  const { t } = useTranslation(['marketing', 'common', 'errors', 'knowledge']);
  const act = useAction();
  const { query, live } = useLiveReport(reportId);
  if (query.isLoading) return <Spin />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const report = query.data as Report;
  const stages = stagesOf(report);
  const stage = live ? reportStageAt(live.progress, report.socialType) : report.stage;
  const writing = report.process === 'generating' ? (live?.text ?? report.streamedText ?? '') : '';
  const current = report.process === 'completed' ? stages.length - 1 : Math.max(0, stages.indexOf(stage));
  const cancel = () =>
    act(async () => {
      await marketingApi.cancelReport(reportId);
      Toast.success(t('report.cancelled'));
      void query.refetch();
    });
  return (
    <div className="mkt-report" data-testid="report" data-process={report.process}>
      <div className="mkt-report-head">
        <Typography.Title heading={4}>{report.title}</Typography.Title>
        <EngineLabel engine={report.engine} />
        <Tag
          color={report.process === 'failed' ? 'red' : report.process === 'completed' ? 'green' : 'blue'}
          data-testid="report-process"
        >
          {t(`report.process.${report.process}`)}
        </Tag>
        {report.process === 'generating' ? (
          <Button type="danger" onClick={cancel} data-testid="report-cancel">
            {t('report.cancel')}
          </Button>
        ) : null}
      </div>
      <Steps
        current={current}
        status={report.process === 'failed' ? 'error' : report.process === 'completed' ? 'finish' : 'process'}
        size="small"
      >
        {stages.map((s) => (
          <Steps.Step key={s} title={t(`report.stages.${s}`)} />
        ))}
      </Steps>
      {report.error ? <Typography.Text type="danger">{t('report.failed', { error: report.error })}</Typography.Text> : null}
      {writing ? (
        <Card title={`${t(`report.stages.${stage}`)} · ${t('report.writing')}`} data-testid="report-writing">
          <Typography.Paragraph className="mkt-stream">{writing}</Typography.Paragraph>
        </Card>
      ) : null}
      {report.summary ? (
        <Card title={t('report.summary')}>
          <Typography.Paragraph data-testid="report-summary">{report.summary}</Typography.Paragraph>
        </Card>
      ) : null}
      {report.ideas.length ? (
        <div className="mkt-ideas">
          {report.ideas.map((idea) => (
            <IdeaCard key={idea.genDataItemId} idea={idea} reportId={reportId} onChanged={() => void query.refetch()} />
          ))}
        </div>
      ) : null}
      {report.association ? (
        <Card title={t('report.association')}>
          <Typography.Paragraph>{report.association}</Typography.Paragraph>
        </Card>
      ) : null}
      {report.risk ? (
        <Card title={t('report.risk')}>
          <Typography.Paragraph className="mkt-stream">{report.risk}</Typography.Paragraph>
        </Card>
      ) : null}
      {report.sources?.length ? (
        <div className="mkt-sources" data-testid="report-sources">
          <small>{t('knowledge:sourcesTitle')}</small>
          {report.sources.map((s) => (
            <div key={`${s.collectionId}-${s.text.slice(0, 20)}`} title={s.text} data-testid="report-source">
              {s.sourceName}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}

const PAGE_SIZE = 10;
const SCHEME_SOCIAL = {
  SOCIAL_MEDIA_CREATIVE_SCHEME: 'image',
  VIDEO_CREATIVE_SCHEME: 'video',
  OFFLINE_CREATIVE_SCHEME: 'offline',
} as const;

function ReportList() {
  const { t } = useTranslation(['marketing', 'common']);
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  // The creative type (spec 001 §3 idea list `type`): image, video or offline ideas.
  const [type, setType] = useState<CreativeSchemeType | ''>('');
  // The name filter waits for a pause in typing, then starts again from page 1.
  useEffect(() => {
    const timer = setTimeout(() => {
      setKeyword(typed.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const query = useQuery({
    queryKey: ['marketing', 'reports', page, keyword, type],
    queryFn: () => marketingApi.reports(page, PAGE_SIZE, keyword, type || undefined),
    placeholderData: keepPreviousData,
  });
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const total = query.data?.total ?? 0;
  return (
    <div className="mkt-report-list" data-testid="report-list">
      <div className="mkt-report-head">
        <Typography.Title heading={4}>{t('report.list')}</Typography.Title>
        <Input
          className="mkt-report-filter"
          prefix={<IconSearch />}
          placeholder={t('plan.ideas.filter')}
          value={typed}
          onChange={setTyped}
          showClear
          data-testid="report-filter"
        />
        <Select
          value={type}
          onChange={(v) => {
            setType(v as CreativeSchemeType | '');
            setPage(1);
          }}
          optionList={[
            { value: '', label: t('plan.ideas.allTypes') },
            ...CREATIVE_SCHEME_TYPES.map((s) => ({ value: s, label: t(`form.socialTypes.${SCHEME_SOCIAL[s]}`) })),
          ]}
          data-testid="report-type"
        />
        <Link to="/content-hotspot">
          <Button theme="solid">{t('form.submit')}</Button>
        </Link>
      </div>
      {query.isLoading ? <Spin /> : null}
      {query.data?.list.length ? (
        <>
          <List
            dataSource={query.data.list}
            renderItem={(r) => (
              <List.Item
                data-testid="report-row"
                main={
                  <Link to={`/mott-idea?reportId=${encodeURIComponent(r.reportId)}`}>
                    {r.title} <Tag>{t(`report.process.${r.process}`)}</Tag>
                  </Link>
                }
                extra={<Typography.Text type="tertiary">{formatDate(r.createdAt, true)}</Typography.Text>}
              />
            )}
          />
          <div className="mkt-report-paging">
            <Typography.Text type="tertiary" data-testid="report-total">
              {t('plan.ideas.total', { total })}
            </Typography.Text>
            {total > PAGE_SIZE ? (
              <Pagination
                total={total}
                pageSize={PAGE_SIZE}
                currentPage={page}
                onPageChange={setPage}
                data-testid="report-paging"
              />
            ) : null}
          </div>
        </>
      ) : query.data ? (
        <Empty title={t('report.empty')} />
      ) : null}
    </div>
  );
}

/** `?source=HOT|CALENDAR`: the selection modal, a hot item or a calendar day, then the idea form. */
function SourcePicker({ source, onClose }: { source: 'HOT' | 'CALENDAR'; onClose(): void }) {
  const { t } = useTranslation('marketing');
  const [picked, setPicked] = useState<IdeaSource | null>(null);
  return (
    <Modal title={t('plan.ideas.pickTitle')} visible onCancel={onClose} footer={null} width={720} data-testid="source-modal">
      {picked ? (
        <IdeaForm source={picked} />
      ) : source === 'CALENDAR' ? (
        <CalendarView
          onUseDay={(day) =>
            setPicked({
              hotspotSourceType: 'CALENDAR',
              title: `${day.day} ${day.entries.map((e) => e.name).join(' / ')}`,
              calendarDay: day.day,
            })
          }
        />
      ) : (
        <HotList
          initialTab="realtime"
          onUse={(item) =>
            setPicked({
              hotspotSourceType: item.source === 'import' ? 'PERSONAL' : 'HOTSPOT_MARKETING',
              title: item.title,
              hotspotId: item.id,
            })
          }
        />
      )}
    </Modal>
  );
}

/**
 * /mott-idea: one report (reportId in the query) or the list of reports with paging and a name
 * filter; `?source=HOT|CALENDAR` opens the selection modal over the list.
 */
export default function ReportPage() {
  const [params, setParams] = useSearchParams();
  const reportId = params.get('reportId');
  const source = params.get('source');
  const closeSource = () => {
    const next = new URLSearchParams(params);
    next.delete('source');
    setParams(next, { replace: true });
  };
  return (
    <div className="mkt-page">
      {reportId ? <ReportView reportId={reportId} /> : <ReportList />}
      {!reportId && (source === 'HOT' || source === 'CALENDAR') ? <SourcePicker source={source} onClose={closeSource} /> : null}
    </div>
  );
}
