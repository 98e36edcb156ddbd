import { IconCopy, IconDislikeThumb, IconDownload, IconLikeThumb, IconRefresh } from '@douyinfe/semi-icons';
import { Banner, Button, Card, Empty, Modal, Radio, RadioGroup, Spin, Tag, Toast, Typography } from '@douyinfe/semi-ui-19';
import {
  type BizType,
  isTerminalStatus,
  REWRITE_BATCH_KEY,
  REWRITE_DISLIKE_REASONS,
  REWRITE_PLACEHOLDER_BATCH,
} from '@productimage/core';
import { ErrorState } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { copyText } from '../../app/shell/copyText.ts';
import { EngineKeys } from '../../app/shell/EngineKeys.tsx';
import { CURRENT_USER_KEY } from '../../identity/accounts/session.ts';
import { useEngineReady } from '../../studio/tasks/useEngineReady.ts';
import { ComplianceHits, HighlightedText } from '../compliance/ComplianceHits.tsx';
import { bodyOffset, hitsIn } from '../compliance/verdict.ts';
import { type RewriteBatch, type RewriteItem, type RewriteKind, rewriteApi } from './rewriteApi.ts';
import '../../studio/tools/common/tools.css';
import './rewrite.css';
import { useAction, useBusyAction } from '../../../shared/useAction.ts';

/**
 * What every rewrite tool shares (spec 001 §4): the open batch id kept locally per tool so a reload
 * returns to it (`new`, the placeholder, until submitted), the batch with its items, regenerate one
 * item, cancel (each running item refunded), delete (back to a new rewrite), like and dislike with
 * the spec's reasons (text or script list), and the engine-missing banner before anything is charged.
 */

/** The article rewrite keeps the spec's key; the other tools add their kind to it. */
const storageKey = (kind: RewriteKind) => (kind === 'article' ? REWRITE_BATCH_KEY : `${REWRITE_BATCH_KEY}:${kind}`);
const readOpenBatch = (kind: RewriteKind) => localStorage.getItem(storageKey(kind)) ?? REWRITE_PLACEHOLDER_BATCH;
const writeOpenBatch = (kind: RewriteKind, id: string) =>
  id === REWRITE_PLACEHOLDER_BATCH ? localStorage.removeItem(storageKey(kind)) : localStorage.setItem(storageKey(kind), id);

/** Query parameters that prefill a form (docs/marketing.md "Rewrite tools"). */
const PREFILL_KEYS = ['article', 'title', 'xhsUrl', 'hotLibraryId', 'topic', 'productInfo', 'marketDesc'];

export const batchKey = (id: string) => ['rewrite', 'batch', id] as const;
/** Polling while items run (their text grows as the model writes). */
const POLL_MS = 1500;

/** What a tool's form gets: it calls `onSubmitted` with the new batch; without an engine it may not submit. */
export interface RewriteFormProps {
  onSubmitted: (batch: RewriteBatch) => void;
  engineReady: boolean;
}

interface WorkspaceProps {
  kind: RewriteKind;
  bizType: BizType;
  /** Route id (page title from the `routes` namespace) and the key of the tip under it (`rewrite` namespace). */
  routeId: string;
  tipKey: string;
  Form: ComponentType<RewriteFormProps>;
}

/**
 * A rewrite tool's page: title and tip, then the form (with the engine-missing banner) until a batch
 * is submitted, then the batch with its results (copy, regenerate, like, dislike).
 */
export function RewriteWorkspace({ kind, bizType, routeId, tipKey, Form }: WorkspaceProps) {
  const { t } = useTranslation(['rewrite', 'routes', 'errors']);
  const client = useQueryClient();
  const engineReady = useEngineReady(bizType);
  const [query0] = useSearchParams();
  // Arriving with a source to rewrite (the hot-content workbench, the hot library) opens a new form.
  const [batchId, setBatchIdState] = useState(() =>
    PREFILL_KEYS.some((k) => query0.has(k)) ? REWRITE_PLACEHOLDER_BATCH : readOpenBatch(kind),
  );
  const setBatchId = (id: string) => {
    writeOpenBatch(kind, id);
    setBatchIdState(id);
  };
  const open = batchId !== REWRITE_PLACEHOLDER_BATCH;
  const query = useQuery({
    queryKey: batchKey(batchId),
    queryFn: () => rewriteApi.get(batchId),
    enabled: open,
    retry: false,
    refetchInterval: (q) => (q.state.data?.state === 'running' ? POLL_MS : false),
  });

  return (
    <div className="tool-page" data-testid={`tool-${routeId}`}>
      <header className="tool-header">
        <Typography.Title heading={3}>{t(`routes:${routeId}`)}</Typography.Title>
        <Typography.Text>{t(tipKey)}</Typography.Text>
      </header>
      {!open ? (
        <>
          {engineReady === false && (
            <Banner type="danger" closeIcon={null} description={t('errors:engineNotConfigured')} data-testid="engine-missing" />
          )}
          {engineReady === false && <EngineKeys bizType={bizType} />}
          <Form
            engineReady={engineReady !== false}
            onSubmitted={(batch) => {
              // The header's balance shows the charge at once.
              void client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
              client.setQueryData(batchKey(batch.batchId), batch);
              setBatchId(batch.batchId);
            }}
          />
        </>
      ) : query.isLoading ? (
        <Spin size="large" />
      ) : query.error || !query.data ? (
        <div>
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
          <Button onClick={() => setBatchId(REWRITE_PLACEHOLDER_BATCH)}>{t('newRewrite')}</Button>
        </div>
      ) : (
        <BatchView batch={query.data} onNew={() => setBatchId(REWRITE_PLACEHOLDER_BATCH)} />
      )}
    </div>
  );
}

/** Runs a form's submit with the busy flag and a translated error toast; a new batch opens. */
export function useSubmit() {
  const { busy, run: runAction } = useBusyAction();
  const run = (action: () => Promise<RewriteBatch>, onSubmitted: (batch: RewriteBatch) => void) =>
    runAction(async () => onSubmitted(await action()));
  return { busy, run };
}

function BatchView({ batch, onNew }: { batch: RewriteBatch; onNew: () => void }) {
  const { t } = useTranslation(['rewrite', 'common']);
  const client = useQueryClient();
  const refresh = (next?: RewriteBatch) =>
    next ? client.setQueryData(batchKey(batch.batchId), next) : client.invalidateQueries({ queryKey: batchKey(batch.batchId) });
  // Charges (regenerate) and refunds (cancel, failures) show in the header's balance.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on every change of state
  useEffect(() => {
    void client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  }, [batch.state]);
  const run = useAction();
  const act = (action: () => Promise<unknown>, success?: string) =>
    run(async () => {
      const result = await action();
      void client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      await refresh(result && typeof result === 'object' && 'batchId' in result ? (result as RewriteBatch) : undefined);
    }, success);
  return (
    <div className="rewrite-batch" data-testid="rewrite-batch" data-batch-id={batch.batchId} data-state={batch.state}>
      <div className="rewrite-row">
        <Tag color={batch.state === 'running' ? 'blue' : 'green'} data-testid="rewrite-state">
          {t(`state_${batch.state}`)}
        </Tag>
        {batch.state === 'running' && (
          <Button onClick={() => void act(() => rewriteApi.cancel(batch.batchId))} data-testid="rewrite-cancel">
            {t('cancel')}
          </Button>
        )}
        <Button onClick={onNew} data-testid="rewrite-new">
          {t('newRewrite')}
        </Button>
        <Button
          type="danger"
          onClick={() =>
            void act(async () => {
              await rewriteApi.remove(batch.batchId);
              onNew();
            })
          }
          data-testid="rewrite-delete"
        >
          {t('deleteBatch')}
        </Button>
      </div>
      {batch.kind === 'video' && <OriginalShots batch={batch} />}
      {batch.items.length === 0 && <Empty description={t('noItems')} />}
      <div className={batch.kind === 'picture' ? 'rewrite-picture-grid' : 'rewrite-items'}>
        {batch.items.map((item, i) => (
          <ItemCard key={item.itemId} index={i} item={item} batch={batch} act={act} />
        ))}
      </div>
    </div>
  );
}

/** The original video's shots as ffmpeg found them, with their keyframes. */
function OriginalShots({ batch }: { batch: RewriteBatch }) {
  return (
    <ShotStrip
      shots={batch.input.shots ?? []}
      durationSeconds={batch.input.durationSeconds ?? 0}
      testId="rewrite-original-shots"
    />
  );
}

/** A video's shots side by side: keyframe, start and end, what happens. */
export function ShotStrip({
  shots,
  durationSeconds,
  testId,
}: {
  shots: ReadonlyArray<{ start: number; end: number; frame?: string | null; desc?: string | null }>;
  durationSeconds: number;
  testId: string;
}) {
  const { t } = useTranslation('rewrite');
  return (
    <div className="rewrite-shots" data-testid={testId}>
      <Typography.Text type="tertiary" size="small">
        {t('originalShots', { duration: durationSeconds, count: shots.length })}
      </Typography.Text>
      <div className="rewrite-shot-strip">
        {shots.map((s, i) => (
          <figure key={`${s.start}-${i}`} className="rewrite-shot">
            {s.frame ? (
              <img src={s.frame} alt={t('shotN', { n: i + 1 })} loading="lazy" />
            ) : (
              <div className="rewrite-shot-empty" />
            )}
            <figcaption>
              {s.start}s–{s.end}s{s.desc && <span className="rewrite-shot-desc">{s.desc}</span>}
            </figcaption>
          </figure>
        ))}
      </div>
    </div>
  );
}

type ReasonList = 'text' | 'script';
const reasonPrefix: Record<ReasonList, string> = { text: 'dislikeText_', script: 'dislikeScript_' };

/** A stored reason (the spec's Chinese wording) in the user's language. */
function reasonLabel(reason: string, list: ReasonList, t: (key: string) => string): string {
  const i = (REWRITE_DISLIKE_REASONS[list] as readonly string[]).indexOf(reason);
  return i >= 0 ? t(`${reasonPrefix[list]}${i}`) : reason;
}

function ItemResult({ item, kind }: { item: RewriteItem; kind: string }) {
  const { t } = useTranslation('rewrite');
  if (kind === 'picture')
    return (
      <div className="rewrite-pictures">
        {item.pictures.map((url, i) => (
          <a key={url} href={url} download target="_blank" rel="noreferrer" className="rewrite-picture">
            <img src={url} alt={t('pictureN', { n: i + 1 })} data-testid="rewrite-item-picture" />
            <span className="rewrite-picture-download">
              <IconDownload /> {t('download')}
            </span>
          </a>
        ))}
      </div>
    );
  if (kind === 'video' && item.data?.shots)
    return (
      <>
        <Typography.Title heading={5} data-testid="rewrite-item-title">
          {item.data.title}
        </Typography.Title>
        <div className="rewrite-script" data-testid="rewrite-script">
          {item.data.shots.map((s) => (
            <div key={s.shot} className="rewrite-script-row" data-testid="rewrite-script-shot">
              <Tag size="small">{t('shotN', { n: s.shot })}</Tag>
              <span className="rewrite-script-duration">{t('seconds', { n: s.duration })}</span>
              <div className="rewrite-script-cell">
                <Typography.Text strong>{t('scriptPicture')}</Typography.Text> {s.picture}
              </div>
              <div className="rewrite-script-cell">
                <Typography.Text strong>{t('scriptLine')}</Typography.Text> {s.line}
              </div>
            </div>
          ))}
        </div>
        <ComplianceHits verdict={item.compliance} />
      </>
    );
  // The verdict's offsets are into `title + "\n" + content` (docs/compliance.md).
  const hits = item.title || item.content ? item.compliance.hits : [];
  return (
    <>
      {item.title && (
        <Typography.Title heading={5} data-testid="rewrite-item-title">
          <HighlightedText text={item.title} hits={hitsIn(hits, 0, item.title.length)} />
        </Typography.Title>
      )}
      <Typography.Paragraph className="rewrite-content" data-testid="rewrite-item-content">
        <HighlightedText text={item.content} hits={hitsIn(hits, bodyOffset(item.title), item.content.length)} />
      </Typography.Paragraph>
      <ComplianceHits verdict={item.compliance} />
      {item.content ? <CopyButton text={[item.title, item.content].filter(Boolean).join('\n\n')} /> : null}
    </>
  );
}

/** Copies a written text (title and body) to the clipboard. */
function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation(['rewrite', 'common']);
  const copy = async () => {
    if (await copyText(text)) Toast.success(t('common:copySucceeded'));
    else Toast.error(t('common:copyFailed'));
  };
  return (
    <Button size="small" icon={<IconCopy />} onClick={() => void copy()} data-testid="rewrite-copy">
      {t('copy')}
    </Button>
  );
}

function ItemCard({
  item,
  index,
  batch,
  act,
}: {
  item: RewriteItem;
  index: number;
  batch: RewriteBatch;
  act: (action: () => Promise<unknown>, success?: string) => Promise<void>;
}) {
  const { t } = useTranslation(['rewrite', 'tasks']);
  const list: ReasonList = batch.kind === 'video' ? 'script' : 'text';
  const [disliking, setDisliking] = useState(false);
  const [reason, setReason] = useState<string>(REWRITE_DISLIKE_REASONS[list][0]);
  const running = !isTerminalStatus(item.status);
  const offline = item.engine === 'topic-offline';
  return (
    <Card
      className="rewrite-item"
      data-testid="rewrite-item"
      data-task-id={item.taskId}
      data-status={item.status}
      title={t(batch.kind === 'picture' ? 'pictureN' : batch.kind === 'video' ? 'scriptN' : 'itemTitle', { n: index + 1 })}
      headerExtraContent={
        offline ? (
          <Tag color="orange" data-testid="rewrite-offline-label">
            {t('offlineDraft')}
          </Tag>
        ) : undefined
      }
    >
      {running ? (
        <div>
          <Spin /> <Typography.Text type="tertiary">{t(batch.kind === 'picture' ? 'drawing' : 'writing')}</Typography.Text>
          {item.text && <pre className="rewrite-stream">{item.text}</pre>}
        </div>
      ) : item.status === 'completed' ? (
        <ItemResult item={item} kind={batch.kind} />
      ) : (
        <Typography.Text type="danger">
          {item.error ?? t(`tasks:status_${item.status}`, { defaultValue: item.status })}
        </Typography.Text>
      )}
      {offline && !running && (
        <Typography.Text type="tertiary" size="small">
          {t('offlineDraftHint')}
        </Typography.Text>
      )}
      <div className="rewrite-row">
        <Button
          icon={<IconRefresh />}
          disabled={running}
          onClick={() => void act(() => rewriteApi.regenerate(batch.batchId, item.itemId))}
          data-testid="rewrite-regenerate"
        >
          {t('regenerate')}
        </Button>
        <Button
          icon={<IconLikeThumb />}
          type={item.liked === true ? 'primary' : 'tertiary'}
          disabled={item.status !== 'completed'}
          onClick={() => void act(() => rewriteApi.feedback(batch.batchId, item.itemId, true, null), t('likedToast'))}
          data-testid="rewrite-like"
          aria-label={t('like')}
        />
        <Button
          icon={<IconDislikeThumb />}
          type={item.liked === false ? 'primary' : 'tertiary'}
          disabled={item.status !== 'completed'}
          onClick={() => setDisliking(true)}
          data-testid="rewrite-dislike"
          aria-label={t('dislike')}
        />
        {item.liked === false && item.dislikeReason && (
          <Tag data-testid="rewrite-dislike-reason">{reasonLabel(item.dislikeReason, list, t)}</Tag>
        )}
      </div>
      <Modal
        visible={disliking}
        title={t('dislikeTitle')}
        onCancel={() => setDisliking(false)}
        onOk={() => {
          setDisliking(false);
          void act(() => rewriteApi.feedback(batch.batchId, item.itemId, false, reason), t('dislikedToast'));
        }}
        okButtonProps={{ 'data-testid': 'rewrite-dislike-ok' } as object}
      >
        <RadioGroup direction="vertical" value={reason} onChange={(e) => setReason(String(e.target.value))}>
          {REWRITE_DISLIKE_REASONS[list].map((r, i) => (
            <Radio key={r} value={r} data-testid={`dislike-reason-${i}`}>
              {t(`${reasonPrefix[list]}${i}`)}
            </Radio>
          ))}
        </RadioGroup>
      </Modal>
    </Card>
  );
}
