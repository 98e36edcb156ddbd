import { Button, Modal, Progress, Select, Spin, Tag, Toast } from '@douyinfe/semi-ui-19';
import { formatDate, isPaidTier, subjectInputIndex } from '@productimage/core';
import { EmptyState, ErrorState, errorText, PaidFeaturePrompt } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../identity/accounts/session.ts';
import { MaskEditorLink } from '../tools/common/RegionChoices.tsx';
import { BATCHES_KEY, type BatchItem, type BatchPreset, type BatchView, batchesApi } from './batchesApi.ts';
import { ItemChoices, type ItemChoicesValue } from './ItemChoices.tsx';
import { NewBatch } from './NewBatch.tsx';
import { presetName } from './presetName.ts';
import './batches.css';

/** /batch: the batch studio (issue 33). Paid members run batches; everyone else sees what it does and how to get it. */
export default function BatchPage() {
  const { t } = useTranslation(['batches', 'routes']);
  const { current } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const batchId = params.get('id');
  const paid = isPaidTier(current?.benefitPackage.product.productType);
  const presets = useQuery({ queryKey: [...BATCHES_KEY, 'presets'], queryFn: batchesApi.presets, staleTime: 60_000 });
  const open = (id: string | null) => {
    const p = new URLSearchParams(params);
    if (id) p.set('id', id);
    else p.delete('id');
    setParams(p);
  };

  return (
    <div className="batch-page" data-testid="batch-page">
      <h2>{t('title')}</h2>
      <p className="batch-intro">{t('intro')}</p>
      {!paid ? (
        <div className="batch-upgrade" data-testid="batch-upgrade">
          <p>{t('paidWhat')}</p>
          <PaidFeaturePrompt message={t('paidOnly')} onOpenMembership={() => navigate('/member')} onClose={() => navigate('/')} />
        </div>
      ) : (
        <div className="batch-layout">
          <aside className="batch-side">
            <Button theme="solid" onClick={() => open(null)} data-testid="batch-new">
              {t('back')}
            </Button>
            <BatchHistory openId={batchId} onOpen={open} />
          </aside>
          <main className="batch-main">
            {batchId ? (
              <BatchDetail batchId={batchId} presets={presets.data ?? []} />
            ) : (
              <NewBatch presets={presets.data ?? []} onCreated={open} />
            )}
          </main>
        </div>
      )}
      <PresetSources presets={presets.data ?? []} />
    </div>
  );
}

function BatchHistory({ openId, onOpen }: { openId: string | null; onOpen: (id: string) => void }) {
  const { t } = useTranslation('batches');
  const list = useQuery({ queryKey: [...BATCHES_KEY, 'list'], queryFn: batchesApi.list });
  return (
    <div className="batch-history">
      <h4>{t('history')}</h4>
      {list.isLoading && <Spin />}
      {list.error && <ErrorState error={list.error} onRetry={() => list.refetch()} />}
      {list.data?.length === 0 && <div className="batch-meta">{t('noHistory')}</div>}
      {list.data?.map((b) => (
        <button
          type="button"
          key={b.batchId}
          className="batch-history-item"
          data-selected={openId === b.batchId ? 'true' : 'false'}
          onClick={() => onOpen(b.batchId)}
          data-testid="batch-history-item"
        >
          <span>{t('itemsCount', { count: b.items })}</span>
          <span className="batch-meta">
            {t(`status_${b.status}`)} · {formatDate(b.createdAt, true)}
          </span>
        </button>
      ))}
    </div>
  );
}

function BatchDetail({ batchId, presets }: { batchId: string; presets: BatchPreset[] }) {
  const { t } = useTranslation(['batches', 'errors']);
  const queryClient = useQueryClient();
  const [zipPreset, setZipPreset] = useState<string>('');
  const [busy, setBusy] = useState<string | null>(null);
  const query = useQuery({
    queryKey: [...BATCHES_KEY, 'batch', batchId],
    queryFn: () => batchesApi.get(batchId),
    refetchInterval: (q) => {
      const b = q.state.data;
      const working = b && (b.status === 'running' || b.counts.pending + b.counts.generating > 0);
      return working ? 1500 : false;
    },
  });
  // The history beside shows each batch's status: read again when this one's changes (issue 41: a
  // finished batch still read "running" there).
  const status = query.data?.status;
  useEffect(() => {
    if (status) void queryClient.invalidateQueries({ queryKey: [...BATCHES_KEY, 'list'] });
  }, [status, queryClient]);
  if (query.isLoading) return <Spin />;
  if (query.error) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const batch = query.data as BatchView;
  const total = batch.items.length;
  const done = batch.counts.completed + batch.counts.failed + batch.counts.stopped;
  const act = async (key: string, fn: () => Promise<BatchView>) => {
    setBusy(key);
    try {
      queryClient.setQueryData([...BATCHES_KEY, 'batch', batchId], await fn());
      void queryClient.invalidateQueries({ queryKey: [...BATCHES_KEY, 'list'] });
    } catch (error) {
      Toast.error(errorText(error, t));
    } finally {
      setBusy(null);
    }
  };
  const stop = () =>
    Modal.confirm({ title: t('stop'), content: t('stopConfirm'), onOk: () => act('stop', () => batchesApi.stop(batchId)) });
  const exportAs = zipPreset || batch.preset || presets[0]?.name || '';
  const download = async () => {
    setBusy('zip');
    try {
      await batchesApi.downloadZip(batchId, exportAs);
    } catch (error) {
      Toast.error(errorText(error, t));
    } finally {
      setBusy(null);
    }
  };
  const preset = presets.find((p) => p.name === batch.preset);
  const presetLabel = preset ? presetName(t, preset) : (batch.preset ?? '');
  const fixable = batch.items.some((item) => item.fixes.length > 0 && item.checks.some((c) => !c.ok));

  return (
    <div className="batch-detail" data-testid="batch-detail" data-status={batch.status}>
      <div className="batch-toolbar">
        <Tag
          color={batch.status === 'completed' ? 'green' : batch.status === 'running' ? 'blue' : 'orange'}
          data-testid="batch-status"
        >
          {t(`status_${batch.status}`)}
        </Tag>
        <span className="batch-meta" data-testid="batch-progress-text">
          {t('progress', { done, total })} · {t('charged', { cost: batch.cost })}
          {batch.refunded > 0 && `, ${t('refunded', { refunded: batch.refunded })}`}
        </span>
        <span className="batch-spacer" />
        {batch.status === 'running' && (
          <Button type="danger" loading={busy === 'stop'} onClick={stop} data-testid="batch-stop">
            {t('stop')}
          </Button>
        )}
        {batch.counts.failed > 0 && batch.status !== 'running' && (
          <Button
            loading={busy === 'retry'}
            onClick={() => void act('retry', () => batchesApi.retry(batchId))}
            data-testid="batch-retry"
          >
            {t('retry', { count: batch.counts.failed })}
          </Button>
        )}
        {fixable && (
          <Button
            loading={busy === 'fixAll'}
            onClick={() => void act('fixAll', () => batchesApi.fixAll(batchId))}
            data-testid="batch-fix-all"
          >
            {t('fixAll')}
          </Button>
        )}
        <Select
          value={exportAs}
          onChange={(v) => setZipPreset(String(v))}
          style={{ minWidth: 220, maxWidth: '100%' }}
          prefix={t('zipPreset')}
          optionList={presets.map((p) => ({ value: p.name, label: presetName(t, p) }))}
        />
        <Button
          theme="solid"
          disabled={batch.counts.completed === 0 || !exportAs}
          loading={busy === 'zip'}
          onClick={() => void download()}
          data-testid="batch-zip"
        >
          {t('zip')}
        </Button>
      </div>
      <Progress percent={batch.progress} showInfo aria-label={t('progress', { done, total })} />
      {total === 0 ? (
        <EmptyState />
      ) : (
        <div className="batch-grid" data-testid="batch-grid">
          {batch.items.map((item) => (
            <ItemCard
              key={item.itemId}
              item={item}
              before={item.input[subjectInputIndex(batch.bizType)] ?? item.input[0]}
              presetLabel={presetLabel}
              busy={busy}
              onRedo={(choices) => void act(`redo:${item.itemId}`, () => batchesApi.redo(batchId, item.itemId, choices))}
              onFix={() => void act(`fix:${item.itemId}`, () => batchesApi.fix(batchId, item.itemId))}
            />
          ))}
        </div>
      )}
    </div>
  );
}

function ItemCard(props: {
  item: BatchItem;
  /** The item's own picture (a try-on's garment, not the model every item shares). */
  before: string | undefined;
  presetLabel: string;
  busy: string | null;
  onRedo: (choices?: ItemChoicesValue) => void;
  onFix: () => void;
}) {
  const { item, presetLabel, busy } = props;
  const { t } = useTranslation('batches');
  // The picture's aspect, for the region choices cropped from it.
  const [aspect, setAspect] = useState(1);
  const after = item.fixed ?? item.outputs[0];
  const failing = item.checks.filter((c) => !c.ok);
  const finished = item.status === 'completed' || item.status === 'failed' || item.status === 'stopped';
  return (
    <div
      className="batch-item"
      data-testid="batch-item"
      data-status={item.status}
      data-failing={failing.map((c) => c.rule).join(' ')}
    >
      <div className="batch-pair">
        <figure>
          <img
            src={props.before}
            alt={t('before')}
            loading="lazy"
            onLoad={(e) => setAspect(e.currentTarget.naturalWidth / Math.max(1, e.currentTarget.naturalHeight))}
          />
          <figcaption>{t('before')}</figcaption>
        </figure>
        <figure>
          {after ? (
            <img src={after} alt={t('after')} loading="lazy" />
          ) : (
            <div className="batch-placeholder">{t(`item_${item.status}`)}</div>
          )}
          <figcaption>{item.fixed ? t('fixed') : t('after')}</figcaption>
        </figure>
      </div>
      <div className="batch-item-name" title={item.sourceName}>
        {item.sourceName}
      </div>
      <Tag size="small" color={item.status === 'completed' ? 'green' : item.status === 'failed' ? 'red' : 'grey'}>
        {t(`item_${item.status}`)}
        {item.status === 'generating' && ` ${item.progress}%`}
      </Tag>
      {item.status === 'completed' && item.checks.length > 0 && failing.length === 0 && (
        <Tag size="small" color="green">
          {t('allPass', { preset: presetLabel })}
        </Tag>
      )}
      {failing.map((c) => (
        <span key={c.rule} title={c.detail} data-testid="batch-check-failed">
          <Tag size="small" color="red">
            {t(`rule_${c.rule}`)}
          </Tag>
        </span>
      ))}
      {finished && props.before && (
        <ItemChoices
          item={item}
          picture={props.before}
          aspect={aspect}
          busy={busy === `redo:${item.itemId}`}
          onRedo={props.onRedo}
        />
      )}
      <div className="batch-item-actions">
        {item.fixes.length > 0 && (
          <Button size="small" loading={busy === `fix:${item.itemId}`} onClick={props.onFix} data-testid="batch-fix">
            {t('fix')}: {item.fixes.map((f) => t(`fix_${f}`)).join(', ')}
          </Button>
        )}
        {finished && (
          <Button size="small" theme="borderless" loading={busy === `redo:${item.itemId}`} onClick={() => props.onRedo()}>
            {t('redo')}
          </Button>
        )}
        {/* A cut picture without choices still has the mask editor one click away (issue 44). */}
        {finished && props.before && item.regions?.length === 0 && <MaskEditorLink url={props.before} />}
      </div>
    </div>
  );
}

function PresetSources({ presets }: { presets: BatchPreset[] }) {
  const { t } = useTranslation('batches');
  if (presets.length === 0) return null;
  return (
    <details className="batch-sources">
      <summary>{t('sources')}</summary>
      <ul>
        {presets.map((p) => (
          <li key={p.name}>
            <strong>{presetName(t, p)}</strong>: {p.width}×{p.height} {p.format}, ≤ {Math.round(p.maxBytes / 1024 / 1024)} MB
            {p.rules.whiteBackground && ', RGB 255'}
            {p.rules.minFill > 0 && `, ≥ ${Math.round(p.rules.minFill * 100)}%`}
            {p.rules.margin > 0 && `, margin ${Math.round(p.rules.margin * 100)}%`}
            {p.rules.noText && `, ${t('presetNoText')}`}
            {p.rules.noBorder && `, ${t('presetNoBorder')}`}
            {p.rules.oneProduct && `, ${t('presetOneProduct')}`}
            {p.rules.whiteBackground && `, ${t(p.rules.contactShadow ? 'presetContactShadow' : 'presetNoShadow')}`} · {p.source}
          </li>
        ))}
      </ul>
    </details>
  );
}
