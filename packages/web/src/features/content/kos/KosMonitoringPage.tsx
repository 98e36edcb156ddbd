import { Button, Modal, Spin, Tag, TextArea, Toast } from '@douyinfe/semi-ui-19';
import { ErrorState } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../shared/EChart.tsx';
import { Field } from '../../../shared/FormModal.tsx';
import { ListGrid, ListPage, ListStates, ReadOnlyNotice } from '../../../shared/ListPage.tsx';
import { TableFileInput } from '../../../shared/TableFileInput.tsx';
import { useBusyAction } from '../../../shared/useAction.ts';
import { useTeamMe } from '../../organisation/team/teamApi.ts';
import { type ImportResult, KOS_KEY, type KosPlatform, kosApi, type TrackedDetail } from './kosApi.ts';
import './kos.css';

const FIGURES = ['views', 'likes', 'comments', 'shares'] as const;
const fmt = (n: number) => n.toLocaleString();

/** /kos-monitoring: tracked accounts' posts and figures over time (import or Base data-sync). */
export default function KosMonitoringPage() {
  const { t } = useTranslation(['kos', 'common']);
  const { can } = useTeamMe();
  const manage = can('manageKos');
  const client = useQueryClient();
  const tracked = useQuery({ queryKey: [...KOS_KEY, 'tracked'], queryFn: kosApi.tracked });
  const [selected, setSelected] = useState<{ platform: KosPlatform; handle: string } | null>(null);
  const [importing, setImporting] = useState(false);
  return (
    <ListPage
      testId="kos-monitoring-page"
      className="kos-page"
      title={t('monitoring.title')}
      intro={t('monitoring.intro')}
      notice={!manage && <ReadOnlyNotice text={t('readOnly')} />}
      toolbar={
        <>
          {selected && <Button onClick={() => setSelected(null)}>‹ {t('monitoring.back')}</Button>}
          {manage && (
            <Button theme="solid" onClick={() => setImporting(true)} data-testid="monitoring-import">
              {t('monitoring.import')}
            </Button>
          )}
        </>
      }
    >
      {selected ? (
        <TrackedAccountView platform={selected.platform} handle={selected.handle} />
      ) : (
        <>
          <ListStates query={tracked} emptyText={t('monitoring.empty')} />
          <ListGrid>
            {tracked.data?.map((a) => (
              <button
                type="button"
                className="list-card"
                key={`${a.platform}:${a.handle}`}
                onClick={() => setSelected({ platform: a.platform, handle: a.handle })}
                data-testid="tracked-card"
                style={{ textAlign: 'left', cursor: 'pointer', font: 'inherit' }}
              >
                <div className="list-card-title">
                  <Tag color="blue">{t(`platforms.${a.platform}`)}</Tag>@{a.handle}
                </div>
                <div className="list-card-meta">
                  <span>{t('monitoring.posts', { count: a.posts })}</span>
                  {a.latestDay && <span>{t('monitoring.latest', { day: a.latestDay })}</span>}
                </div>
                <div className="kos-figures">
                  {FIGURES.map((f) => (
                    <span key={f}>
                      <b>{fmt(a[f])}</b>
                      {t(`monitoring.${f}`)}
                    </span>
                  ))}
                </div>
              </button>
            ))}
          </ListGrid>
        </>
      )}
      {importing && (
        <ImportModal
          onClose={() => setImporting(false)}
          onDone={() => {
            void client.invalidateQueries({ queryKey: KOS_KEY });
          }}
        />
      )}
    </ListPage>
  );
}

function TrackedAccountView({ platform, handle }: { platform: KosPlatform; handle: string }) {
  const { t } = useTranslation(['kos', 'common']);
  const detail = useQuery({
    queryKey: [...KOS_KEY, 'tracked', platform, handle],
    queryFn: () => kosApi.trackedDetail(platform, handle),
  });
  const option = useMemo(() => (detail.data ? chartOption(detail.data, (k) => t(k)) : null), [detail.data, t]);
  if (detail.isLoading) return <Spin />;
  if (detail.error) return <ErrorState error={detail.error} onRetry={() => detail.refetch()} />;
  if (!detail.data || !option) return null;
  return (
    <section data-testid="tracked-detail">
      <h3>
        {t(`platforms.${platform}`)} @{handle}
      </h3>
      <h4>{t('monitoring.overTime')}</h4>
      <EChart option={option} testId="chart-tracked" />
      <h4>{t('monitoring.postList')}</h4>
      <div className="kos-table-wrap">
        <table className="kos-table">
          <thead>
            <tr>
              <th>{t('monitoring.postTitle')}</th>
              <th>{t('monitoring.published')}</th>
              {FIGURES.map((f) => (
                <th key={f}>{t(`monitoring.${f}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {detail.data.posts.map((p) => (
              <tr key={p.postId} data-testid="tracked-post">
                <td>
                  {/^https?:\/\//i.test(p.url) ? (
                    <a href={p.url} target="_blank" rel="noreferrer noopener">
                      {p.title || p.url}
                    </a>
                  ) : (
                    p.title
                  )}
                </td>
                <td>{p.publishedDay}</td>
                {FIGURES.map((f) => (
                  <td key={f}>{fmt(p[f])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function chartOption(detail: TrackedDetail, t: (key: string) => string) {
  const names = FIGURES.map((f) => t(`monitoring.${f}`));
  return {
    color: ['#2352d8', '#f5a623', '#16a085', '#8e44ad'],
    tooltip: { trigger: 'axis' },
    legend: { data: names },
    grid: { left: 48, right: 48, bottom: 32, containLabel: true },
    xAxis: { type: 'category', data: detail.days.map((d) => d.day.slice(5)) },
    yAxis: [
      { type: 'value', name: names[0] },
      { type: 'value', name: '', splitLine: { show: false } },
    ],
    series: FIGURES.map((f, i) => ({
      name: names[i],
      type: 'line',
      smooth: true,
      yAxisIndex: i === 0 ? 0 : 1,
      data: detail.days.map((d) => d[f]),
    })),
  };
}

function ImportModal({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(['kos', 'common']);
  const [text, setText] = useState('');
  const { busy, run: runAction } = useBusyAction();
  const [result, setResult] = useState<ImportResult | null>(null);
  const run = (work: () => Promise<ImportResult>) =>
    runAction(async () => {
      const res = await work();
      setResult(res);
      Toast.success(t('monitoring.imported', { count: res.imported, posts: res.newPosts }));
      onDone();
    });
  return (
    <Modal title={t('monitoring.importTitle')} visible onCancel={onClose} footer={null}>
      <div className="form-stack">
        <p className="list-page-intro">{t('monitoring.importHelp')}</p>
        <Field label={t('monitoring.file')}>
          <TableFileInput onFile={(f) => void run(() => kosApi.importFile(f))} testId="monitoring-file" />
        </Field>
        <Field label={t('monitoring.paste')}>
          <TextArea value={text} onChange={setText} rows={6} data-testid="monitoring-paste" />
        </Field>
        <Button
          theme="solid"
          loading={busy}
          disabled={!text.trim()}
          onClick={() => run(() => kosApi.importText(text))}
          data-testid="monitoring-submit"
        >
          {t('monitoring.submit')}
        </Button>
        {result && (
          <div data-testid="monitoring-result">
            <div>{t('monitoring.imported', { count: result.imported, posts: result.newPosts })}</div>
            {result.problems.length > 0 && (
              <div className="list-card-meta">
                {t('monitoring.problems', {
                  rows: result.problems.map((p) => `${p.row} (${t(p.reason)})`).join(', '),
                })}
              </div>
            )}
          </div>
        )}
      </div>
    </Modal>
  );
}
