import { Banner, Button, Input, InputNumber, Select, Spin, Table, Tag, Toast } from '@douyinfe/semi-ui-19';
import type { ApiData } from '@productimage/core';
import { ErrorState } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api.ts';
import { useAction } from '../../../shared/useAction.ts';
import { CONSOLE_KEY } from './consoleApi.ts';

type Panel = ApiData<'get', '/api/console/ai-photo'>;
type ProviderRow = Panel['providers'][number];
type CostDay = ApiData<'get', '/api/console/ai-photo/costs'>[number];
type ProviderName = ProviderRow['provider'];

const KEY = [...CONSOLE_KEY, 'aiPhoto'];
const ENV: Record<ProviderName, string> = { fashn: 'FASHN_API_KEY', dashscope: 'DASHSCOPE_API_KEY', fal: 'FAL_KEY' };
const UNITS = ['credits', 'CNY', 'USD', 'points'] as const;

const fmtTime = (ms: number | null) => {
  if (!ms) return '-';
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}/${p(d.getMonth() + 1)}/${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};

/**
 * AI photography providers in the console's engines tab (platform operators): which providers have a
 * key, their queue, outcomes and last errors; the routing table per business type (applies to the
 * next task, no restart); the price table; and the cost per business type and day with a loss warning.
 */
export function AiPhotoPanel() {
  const { t } = useTranslation(['aiPhoto', 'errors', 'tasks']);
  const panel = useQuery({ queryKey: KEY, queryFn: () => api.GET('/api/console/ai-photo'), refetchInterval: 30_000 });
  const costs = useQuery({
    queryKey: [...KEY, 'costs'],
    queryFn: () => api.GET('/api/console/ai-photo/costs', { params: { query: { days: 30 } } }),
  });
  if (panel.isLoading) return <Spin />;
  if (panel.error) return <ErrorState error={panel.error} onRetry={() => panel.refetch()} />;
  const data = panel.data;
  if (!data) return null;
  return (
    <section className="console-rows" data-testid="console-ai-photo">
      <h3>{t('console.title')}</h3>
      {!data.providers.some((p) => p.configured) && (
        <Banner type="warning" closeIcon={null} description={t('console.noProvider')} />
      )}
      {data.alerts.map((a) => (
        <Banner
          key={a.provider}
          type="danger"
          closeIcon={null}
          data-testid={`ai-photo-alert-${a.provider}`}
          description={t('console.alert', {
            provider: t(`providers.${a.provider}`),
            count: data.providers.find((p) => p.provider === a.provider)?.circuitFailures ?? 0,
            at: fmtTime(a.openedAt),
            error: a.error ?? '-',
          })}
        />
      ))}
      {data.warnings.map((w) => (
        <Banner
          key={w.bizType}
          type="warning"
          closeIcon={null}
          data-testid={`ai-photo-trial-warning-${w.bizType}`}
          description={
            t('console.trialWarning', {
              tool: t(`tasks:biz_${w.bizType}`, { defaultValue: w.bizType }),
              model: w.model,
              provider: t(`providers.${w.provider}`),
            }) + (w.alternative ? t('console.trialAlternative', { alternative: t(`providers.${w.alternative}`) }) : '')
          }
        />
      ))}
      {data.providers.map((p) => (
        <ProviderCard key={p.provider} row={p} />
      ))}
      <h4>{t('console.routing')}</h4>
      <RoutingTable data={data} />
      <h4>{t('console.prices')}</h4>
      <Prices prices={data.prices} />
      <h4>{t('console.costs')}</h4>
      <Costs days={costs.data ?? []} />
    </section>
  );
}

function ProviderCard({ row }: { row: ProviderRow }) {
  const { t } = useTranslation(['aiPhoto', 'errors', 'tasks']);
  return (
    <div className="console-row" data-testid={`ai-photo-provider-${row.provider}`}>
      <strong>{t(`providers.${row.provider}`)}</strong>{' '}
      {row.configured ? (
        <Tag color="green">{t('console.configured')}</Tag>
      ) : (
        <Tag color="grey">{t('console.notConfigured', { env: ENV[row.provider] })}</Tag>
      )}{' '}
      {row.configured && (
        <Tag
          color={row.circuit === 'closed' ? 'green' : row.circuit === 'open' ? 'red' : 'amber'}
          data-testid={`ai-photo-circuit-${row.provider}`}
        >
          {t(`console.circuit.${row.circuit}`)}
        </Tag>
      )}
      <div className="console-muted" data-testid={`ai-photo-models-${row.provider}`}>
        {t('console.models')}:{' '}
        {row.models.map((m) => (
          <span key={m.model} style={{ marginRight: 8 }}>
            {m.model}
            {m.trialOnly && (
              <Tag size="small" color="amber" style={{ marginLeft: 4 }}>
                {t('console.trialOnly')}
              </Tag>
            )}
          </span>
        ))}
      </div>
      <div className="console-muted">
        {t('console.serves')}: {Object.keys(row.serves).join(', ')}
      </div>
      {row.configured && (
        <div>
          {t('console.running')}: {row.running} · {t('console.last24h', { completed: row.completed24h, failed: row.failed24h })} ·{' '}
          {t('console.lastSuccess')}: {fmtTime(row.lastSuccessAt)}
        </div>
      )}
      {row.configured && (
        <div data-testid={`ai-photo-cost-${row.provider}`}>
          {t('console.cost24h')}:{' '}
          {Object.keys(row.cost24h).length
            ? (['reported', 'route', 'published'] as const)
                .filter((source) => row.cost24h[source] !== undefined)
                .map(
                  (source) =>
                    `${row.cost24h[source]} ${t(`console.priceUnits.${row.currency}`)} (${t(`console.costSources.${source}`)})`,
                )
                .join(' + ')
            : '-'}
          {row.unpriced24h > 0 && <span className="console-muted"> · {t('console.unpriced', { count: row.unpriced24h })}</span>}
        </div>
      )}
      {row.stats.length > 0 && (
        <Table
          size="small"
          pagination={false}
          data-testid={`ai-photo-stats-${row.provider}`}
          rowKey={(r?: ProviderRow['stats'][number]) => r?.bizType ?? ''}
          dataSource={row.stats}
          title={t('console.stats')}
          columns={[
            {
              title: t('console.bizType'),
              render: (_: unknown, r: ProviderRow['stats'][number]) => t(`tasks:biz_${r.bizType}`, { defaultValue: r.bizType }),
            },
            { title: t('console.tasks'), dataIndex: 'tasks' },
            { title: t('console.failures'), dataIndex: 'failures' },
            { title: t('console.handedOver'), dataIndex: 'handedOver' },
            {
              title: t('console.p50'),
              render: (_: unknown, r: ProviderRow['stats'][number]) =>
                r.p50Ms === null ? '-' : `${(r.p50Ms / 1000).toFixed(1)} s`,
            },
            {
              title: t('console.p95'),
              render: (_: unknown, r: ProviderRow['stats'][number]) =>
                r.p95Ms === null ? '-' : `${(r.p95Ms / 1000).toFixed(1)} s`,
            },
            {
              title: t('console.cost'),
              render: (_: unknown, r: ProviderRow['stats'][number]) => `${r.cost} ${t(`console.priceUnits.${row.currency}`)}`,
            },
          ]}
        />
      )}
      {row.lastErrors.length > 0 && (
        <details>
          <summary>{t('console.lastErrors')}</summary>
          <ul>
            {row.lastErrors.map((e) => (
              <li key={e.taskId}>
                {fmtTime(e.at)} {t(`tasks:biz_${e.bizType}`, { defaultValue: e.bizType })} {e.error ? t(`errors:${e.error}`) : ''}{' '}
                <span className="console-muted">{e.message}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

function RoutingTable({ data }: { data: Panel }) {
  const { t } = useTranslation(['aiPhoto', 'errors', 'tasks']);
  const act = useAction();
  const client = useQueryClient();
  const types = [...new Set(data.providers.flatMap((p) => Object.keys(p.serves)))].sort();
  // The route's providers in order; model, parameters and unit cost are the first provider's (the
  // others take their defaults).
  const [drafts, setDrafts] = useState<
    Record<string, { providers: ProviderName[]; model: string; params: string; unitCost: number | null }>
  >({});
  const draftOf = (type: string) => {
    const saved = data.routes.find((r) => r.bizType === type);
    const now = data.effective.find((e) => e.bizType === type);
    return (
      drafts[type] ?? {
        providers: saved?.providers.map((s) => s.provider) ??
          now?.plan.map((s) => s.provider) ?? [data.providers.find((p) => p.serves[type])?.provider as ProviderName],
        model: saved?.providers[0]?.model ?? '',
        params: JSON.stringify(saved?.providers[0]?.params ?? {}),
        unitCost: saved?.providers[0]?.unitCost ?? null,
      }
    );
  };
  const save = async (type: string) => {
    const d = draftOf(type);
    let params: Record<string, string | number | boolean>;
    try {
      params = JSON.parse(d.params || '{}');
      if (!params || typeof params !== 'object' || Array.isArray(params)) throw new Error('not an object');
    } catch {
      Toast.error(t('console.badParams'));
      return;
    }
    const [head, ...rest] = d.providers;
    if (!head) return;
    await act(async () => {
      await api.PUT('/api/console/ai-photo/routes/{bizType}', {
        params: { path: { bizType: type } },
        body: {
          providers: [
            { provider: head, model: d.model.trim(), params, unitCost: d.unitCost },
            ...rest.map((provider) => ({ provider, model: '', params: {}, unitCost: null })),
          ],
        },
      });
      Toast.success(t('console.saved'));
      await client.invalidateQueries({ queryKey: KEY });
    });
  };
  const reset = (type: string) =>
    act(async () => {
      await api.DELETE('/api/console/ai-photo/routes/{bizType}', { params: { path: { bizType: type } } });
      setDrafts(({ [type]: _gone, ...rest }) => rest);
      await client.invalidateQueries({ queryKey: KEY });
    });
  return (
    <div className="console-rows" data-testid="ai-photo-routing">
      {types.map((type) => {
        const d = draftOf(type);
        const now = data.effective.find((e) => e.bizType === type);
        const set = (patch: Partial<typeof d>) => setDrafts({ ...drafts, [type]: { ...d, ...patch } });
        return (
          <div className="console-toolbar" key={type} data-testid={`ai-photo-route-${type}`}>
            <strong style={{ minWidth: 160 }} title={type}>
              {t(`tasks:biz_${type}`, { defaultValue: type })}
            </strong>
            <Select
              multiple
              value={d.providers}
              style={{ width: 280 }}
              aria-label={t('console.order')}
              placeholder={t('console.orderHint')}
              onChange={(v) => set({ providers: (v as ProviderName[]).filter(Boolean) })}
              optionList={data.providers
                .filter((p) => p.serves[type])
                .map((p) => ({ value: p.provider, label: `${t(`providers.${p.provider}`)}${p.configured ? '' : ' ✕'}` }))}
            />
            <Input
              value={d.model}
              placeholder={
                data.providers.find((p) => p.provider === d.providers[0])?.serves[type] ?? t('console.modelPlaceholder')
              }
              style={{ width: 220 }}
              onChange={(v) => set({ model: v })}
              aria-label={t('console.model')}
            />
            <Input
              value={d.params}
              style={{ width: 200 }}
              onChange={(v) => set({ params: v })}
              aria-label={t('console.params')}
            />
            <InputNumber
              value={d.unitCost ?? undefined}
              min={0}
              step={0.01}
              placeholder={t('console.unitCost')}
              style={{ width: 140 }}
              onChange={(v) => set({ unitCost: typeof v === 'number' ? v : null })}
              aria-label={t('console.unitCost')}
            />
            <Button onClick={() => void save(type)}>{t('console.save')}</Button>
            <Button type="tertiary" onClick={() => void reset(type)}>
              {t('console.reset')}
            </Button>
            {now && (
              <span className="console-muted" data-testid={`ai-photo-effective-${type}`}>
                {t('console.now')}:{' '}
                {now.plan
                  .map((s) => `${t(`providers.${s.provider}`)} · ${s.model}${s.trialOnly ? ` (${t('console.trialOnly')})` : ''}`)
                  .join(' → ')}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}

function Prices({ prices }: { prices: Record<string, number> }) {
  const { t } = useTranslation(['aiPhoto', 'errors']);
  const act = useAction();
  const client = useQueryClient();
  const [values, setValues] = useState<Record<string, number>>(prices);
  const save = () =>
    act(async () => {
      await api.PUT('/api/console/ai-photo/prices', { body: values });
      Toast.success(t('console.saved'));
      await client.invalidateQueries({ queryKey: KEY });
    });
  return (
    <div className="console-toolbar">
      {UNITS.map((unit) => (
        <span key={unit}>
          {t(`console.priceUnits.${unit}`)}{' '}
          <InputNumber
            value={values[unit]}
            min={0}
            step={0.01}
            style={{ width: 110 }}
            aria-label={t(`console.priceUnits.${unit}`)}
            onChange={(v) => setValues({ ...values, [unit]: Number(v) || 0 })}
          />
        </span>
      ))}
      <Button onClick={() => void save()}>{t('console.save')}</Button>
    </div>
  );
}

function Costs({ days }: { days: CostDay[] }) {
  const { t } = useTranslation('aiPhoto');
  if (!days.length) return <p className="console-muted">{t('console.noCosts')}</p>;
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(r?: CostDay) => `${r?.day}-${r?.bizType}`}
      dataSource={days}
      data-testid="ai-photo-costs"
      columns={[
        { title: t('console.day'), dataIndex: 'day' },
        { title: t('console.bizType'), dataIndex: 'bizType' },
        { title: t('console.tasks'), dataIndex: 'tasks' },
        { title: t('console.failures'), dataIndex: 'failures' },
        {
          title: t('console.providerCost'),
          render: (_: unknown, r: CostDay) =>
            `${Object.entries(r.cost)
              .map(([currency, amount]) => `${amount} ${currency}`)
              .join(' + ')} ≈ ¥${r.costCny}`,
        },
        { title: t('console.pointsEarned'), render: (_: unknown, r: CostDay) => `${r.points} ≈ ¥${r.pointsCny}` },
        {
          title: '',
          render: (_: unknown, r: CostDay) => (r.loss ? <Tag color="red">{t('console.loss')}</Tag> : null),
        },
      ]}
    />
  );
}
