import { Banner, Button, InputNumber, Select, Spin, Tag, Typography } from '@douyinfe/semi-ui-19';
import type { ApiData } from '@productimage/core';
import { ErrorState } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api.ts';
import { useBusyAction } from '../../../shared/useAction.ts';
import { CONSOLE_KEY } from './consoleApi.ts';

type Starter = ApiData<'get', '/api/model-library/starter'>;

const KEY = [...CONSOLE_KEY, 'modelLibraryStarter'];

/**
 * The starter model library (platform operators; issue 47): the set of figures a keyed provider
 * makes (age, build, skin tone, pose), the key it needs when none is set, the latest build's progress,
 * and the action that builds it and publishes the figures to every tenant's public library.
 */
export function ModelLibraryPanel() {
  const { t, i18n } = useTranslation(['modelLibrary', 'console']);
  const client = useQueryClient();
  const status = useQuery({
    queryKey: KEY,
    queryFn: () => api.GET('/api/model-library/starter'),
    // Progress while a build runs.
    refetchInterval: (query) => (query.state.data?.latest?.status === 'running' ? 2000 : false),
  });
  const [count, setCount] = useState<number | null>(null);
  const [lang, setLang] = useState<'zh' | 'en'>(i18n.language.startsWith('en') ? 'en' : 'zh');
  const { busy, run } = useBusyAction();
  if (status.isLoading) return <Spin />;
  if (status.error) return <ErrorState error={status.error} onRetry={() => status.refetch()} />;
  const data = status.data as Starter | undefined;
  if (!data) return null;
  const s = (key: string, params?: Record<string, unknown>) => t(`modelLibrary:starter.${key}`, params ?? {});
  const latest = data.latest;
  const running = latest?.status === 'running';
  const total = count ?? data.figures.length;
  return (
    <section className="console-rows" data-testid="console-model-library">
      <h3>{s('title')}</h3>
      <Typography.Paragraph type="tertiary">{s('intro')}</Typography.Paragraph>
      {data.ready ? (
        <Typography.Text data-testid="starter-provider">{s('provider', { provider: data.provider })}</Typography.Text>
      ) : (
        <Banner
          type="warning"
          closeIcon={null}
          data-testid="starter-needs-key"
          description={s('needsKey', { keys: data.keys.join(' / ') })}
        />
      )}
      <div className="console-row">
        <strong>{s('figures', { count: data.figures.length })}</strong>
        {data.figures.map((f, i) => (
          <div key={i} className="console-muted" data-testid="starter-figure">
            {i + 1}. {s(`gender.${f.gender}`)} · {s(`age.${f.age}`)} · {s(`build.${f.build}`)} · {s(`skin.${f.skin}`)} ·{' '}
            {s(`pose.${f.pose}`)}
          </div>
        ))}
      </div>
      {latest && (
        <div className="console-row" data-testid="starter-latest">
          <Tag color={latest.status === 'done' ? 'green' : latest.status === 'failed' ? 'red' : 'blue'}>
            {s(`status.${latest.status}`)}
          </Tag>{' '}
          {s('latest', {
            status: s(`status.${latest.status}`),
            made: latest.made,
            total: latest.total,
            failed: latest.failed,
            cost: latest.cost,
            currency: latest.currency || '-',
          })}
          {latest.error && <div className="console-muted">{s('error', { error: latest.error })}</div>}
        </div>
      )}
      <div className="console-form">
        <span>{s('count')}</span>
        <InputNumber
          min={1}
          max={data.figures.length}
          value={total}
          onChange={(v) => setCount(typeof v === 'number' ? v : null)}
          style={{ width: 100 }}
        />
        <Select
          value={lang}
          onChange={(v) => setLang(v as 'zh' | 'en')}
          optionList={[
            { value: 'zh', label: '中文' },
            { value: 'en', label: 'English' },
          ]}
          style={{ width: 110 }}
        />
        <Button
          theme="solid"
          disabled={!data.ready || running}
          loading={busy || running}
          data-testid="starter-build"
          onClick={() =>
            run(async () => {
              await api.POST('/api/model-library/starter', { body: { count: total, lang } });
              await client.invalidateQueries({ queryKey: KEY });
            }, s('started'))
          }
        >
          {s('start')}
        </Button>
      </div>
    </section>
  );
}
