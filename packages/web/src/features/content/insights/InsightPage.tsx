import { Banner, Button, Input, Spin, Tag, TextArea } from '@douyinfe/semi-ui-19';
import { formatDate } from '@productimage/core';
import { EmptyState, ErrorState } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EChart } from '../../../shared/EChart.tsx';
import { Field } from '../../../shared/FormModal.tsx';
import { useTeamMe } from '../../organisation/team/teamApi.ts';
import { type Finding, INSIGHTS_KEY, type InsightAnalysis, type InsightKind, insightsApi } from './insightsApi.ts';
import '../../../shared/listPage.css';
import { TableFileInput } from '../../../shared/TableFileInput.tsx';
import { useAction, useBusyAction, useConfirmedAction } from '../../../shared/useAction.ts';
import '../kos/kos.css';
import './insights.css';

const SENTIMENT_COLOR = { positive: '#16a085', neutral: '#95a5a6', negative: '#c0392b', unclassified: '#d0d4dc' } as const;

/** /prod-insight and /comment-insight: reviews or comments analysed by the chat engine. */
export function InsightPage({ kind }: { kind: InsightKind }) {
  const { t } = useTranslation(['insights', 'common']);
  const [params, setParams] = useSearchParams();
  const openId = params.get('analysis');
  const { can } = useTeamMe();
  const runs = can('useInsights');
  const status = useQuery({ queryKey: [...INSIGHTS_KEY, 'status'], queryFn: insightsApi.status });
  const history = useQuery({ queryKey: [...INSIGHTS_KEY, 'list', kind], queryFn: () => insightsApi.list(kind) });
  const open = (id: string | null) => {
    const p = new URLSearchParams(params);
    if (id) p.set('analysis', id);
    else p.delete('analysis');
    setParams(p);
  };
  const noEngine = status.data && !status.data.chatEngine;
  return (
    <div className="list-page kos-page" data-testid="insight-page" data-kind={kind}>
      <h2>{kind === 'product' ? t('productTitle') : t('commentTitle')}</h2>
      <p className="list-page-intro">
        {kind === 'product' ? t('productIntro') : t('commentIntro')} {t('free')}
      </p>
      {noEngine && <Banner type="warning" description={t('noEngine')} closeIcon={null} data-testid="insight-no-engine" />}
      {!runs && <Banner type="info" description={t('readOnly')} closeIcon={null} />}
      <div className="insight-layout">
        <div className="insight-side">
          {runs && (
            <Button theme="solid" onClick={() => open(null)} data-testid="insight-new">
              {t('new')}
            </Button>
          )}
          <h4 style={{ margin: 0 }}>{t('history')}</h4>
          {history.isLoading && <Spin />}
          {history.error && <ErrorState error={history.error} onRetry={() => history.refetch()} />}
          {history.data && history.data.list.length === 0 && <div className="list-card-meta">{t('noHistory')}</div>}
          <div className="insight-history form-stack">
            {history.data?.list.map((a) => (
              <button
                type="button"
                key={a.analysisId}
                className="list-card"
                data-selected={openId === a.analysisId ? 'true' : 'false'}
                onClick={() => open(a.analysisId)}
                data-testid="insight-history-item"
              >
                <span className="list-card-title">{a.title}</span>
                <span className="list-card-meta">
                  {a.entryCount} · {formatDate(a.createdAt, true)}
                </span>
              </button>
            ))}
          </div>
        </div>
        <div className="insight-main">
          {openId ? (
            <AnalysisView analysisId={openId} canDelete={runs} onDeleted={() => open(null)} />
          ) : runs ? (
            <NewAnalysis
              kind={kind}
              disabled={!!noEngine}
              maxEntries={status.data?.maxEntries ?? 300}
              maxChars={status.data?.maxChars ?? 40_000}
              onDone={open}
            />
          ) : (
            <EmptyState text={t('pick')} />
          )}
        </div>
      </div>
    </div>
  );
}

function NewAnalysis({
  kind,
  disabled,
  maxEntries,
  maxChars,
  onDone,
}: {
  kind: InsightKind;
  disabled: boolean;
  maxEntries: number;
  maxChars: number;
  onDone: (id: string) => void;
}) {
  const { t } = useTranslation(['insights', 'common']);
  const client = useQueryClient();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const { busy, run } = useBusyAction();
  const readAction = useAction();
  const entries = useMemo(
    () =>
      text
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter((l) => l.length > 1),
    [text],
  );
  const chars = entries.reduce((n, e) => n + Math.min(e.length, 500), 0);
  const readFile = (file: File) =>
    readAction(async () => {
      const res = await insightsApi.readFile(file);
      setText(res.entries.join('\n'));
      if (!title) setTitle(file.name.replace(/\.[^.]+$/, ''));
    });
  const analyse = () =>
    run(async () => {
      const { analysisId } = await insightsApi.analyse({ kind, title: title.trim(), entries });
      await client.invalidateQueries({ queryKey: INSIGHTS_KEY });
      onDone(analysisId);
    });
  return (
    <section className="list-card form-stack" data-testid="insight-form">
      <strong>{t('new')}</strong>
      <Field label={t('analysisTitle')}>
        <Input
          value={title}
          onChange={setTitle}
          maxLength={100}
          placeholder={t('titlePlaceholder')}
          data-testid="insight-title"
        />
      </Field>
      <Field label={t('paste')}>
        <TextArea value={text} onChange={setText} rows={10} data-testid="insight-text" />
      </Field>
      <Field label={t('file')}>
        <TableFileInput onFile={(f) => void readFile(f)} testId="insight-file" />
      </Field>
      <div className="list-card-meta" data-testid="insight-count">
        {t('entriesCount', { count: entries.length, chars, max: maxEntries, maxChars })}
      </div>
      <Button
        theme="solid"
        loading={busy}
        disabled={disabled || !title.trim() || entries.length === 0 || entries.length > maxEntries || chars > maxChars}
        onClick={analyse}
        data-testid="insight-analyse"
      >
        {busy ? t('analysing') : t('analyse')}
      </Button>
    </section>
  );
}

function FindingList({ title, findings, testId }: { title: string; findings: Finding[]; testId: string }) {
  const { t } = useTranslation('insights');
  return (
    <section className="list-card insight-finding" data-testid={testId}>
      <strong>{title}</strong>
      {findings.length === 0 && <div className="list-card-meta">{t('none')}</div>}
      {findings.map((f) => (
        <details key={f.label} data-testid="finding">
          <summary>
            <span>{f.label}</span>
            {f.sentiment && (
              <Tag size="small" style={{ color: '#fff', background: SENTIMENT_COLOR[f.sentiment] }}>
                {t(`sentiments.${f.sentiment}`)}
              </Tag>
            )}
            <span className="list-card-meta">{t('quotes', { count: f.quotes.length })}</span>
          </summary>
          {f.quotes.map((q) => (
            <blockquote key={q.index} data-testid="finding-quote">
              {q.text}
            </blockquote>
          ))}
        </details>
      ))}
    </section>
  );
}

function AnalysisView({ analysisId, canDelete, onDeleted }: { analysisId: string; canDelete: boolean; onDeleted: () => void }) {
  const { t } = useTranslation(['insights', 'common']);
  const client = useQueryClient();
  const analysis = useQuery({ queryKey: [...INSIGHTS_KEY, 'one', analysisId], queryFn: () => insightsApi.get(analysisId) });
  const confirm = useConfirmedAction();
  const charts = useMemo(() => (analysis.data ? chartOptions(analysis.data, (k) => t(k)) : null), [analysis.data, t]);
  if (analysis.isLoading) return <Spin />;
  if (analysis.error) return <ErrorState error={analysis.error} onRetry={() => analysis.refetch()} />;
  const a = analysis.data as InsightAnalysis;
  const remove = () =>
    confirm({
      title: t('deleteConfirm'),
      action: async () => {
        await insightsApi.remove(a.analysisId);
        await client.invalidateQueries({ queryKey: INSIGHTS_KEY });
        onDeleted();
      },
    });
  return (
    <article className="insight-main" data-testid="insight-result">
      <div className="list-page-toolbar">
        <h3 style={{ margin: 0 }}>{a.title}</h3>
        {canDelete && (
          <Button size="small" type="danger" theme="borderless" onClick={remove}>
            {t('delete')}
          </Button>
        )}
      </div>
      <div className="list-card-meta">
        {t('model', { model: a.model, count: a.entryCount, date: formatDate(a.createdAt, true) })}
      </div>
      <section className="list-card">
        <strong>{t('summary')}</strong>
        <p style={{ margin: 0 }} data-testid="insight-summary">
          {a.summary}
        </p>
      </section>
      {charts && (
        <div className="insight-charts">
          <section className="list-card">
            <strong>{t('sentiment')}</strong>
            <EChart option={charts.sentiment} testId="chart-sentiment" height={240} />
          </section>
          <section className="list-card">
            <strong>{t('themes')}</strong>
            <EChart option={charts.themes} testId="chart-themes" height={240} />
          </section>
        </div>
      )}
      <div className="insight-findings">
        <FindingList title={t('themes')} findings={a.themes} testId="insight-themes" />
        <FindingList title={t('sellingPoints')} findings={a.sellingPoints} testId="insight-selling" />
        <FindingList title={t('complaints')} findings={a.complaints} testId="insight-complaints" />
      </div>
    </article>
  );
}

function chartOptions(a: InsightAnalysis, t: (key: string) => string) {
  const sentiments = (['positive', 'neutral', 'negative', 'unclassified'] as const).filter((s) => a.sentiment[s] > 0);
  const themes = [...a.themes].reverse();
  return {
    sentiment: {
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['40%', '68%'],
          data: sentiments.map((s) => ({
            name: t(`sentiments.${s}`),
            value: a.sentiment[s],
            itemStyle: { color: SENTIMENT_COLOR[s] },
          })),
        },
      ],
    },
    themes: {
      tooltip: { trigger: 'axis' },
      grid: { left: 8, right: 16, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', data: themes.map((f) => (f.label.length > 10 ? `${f.label.slice(0, 10)}…` : f.label)) },
      series: [
        {
          type: 'bar',
          data: themes.map((f) => ({
            value: f.quotes.length,
            itemStyle: { color: f.sentiment ? SENTIMENT_COLOR[f.sentiment] : '#2352d8' },
          })),
        },
      ],
    },
  };
}
