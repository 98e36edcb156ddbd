import { IconDislikeThumb, IconLikeThumb, IconRefresh } from '@douyinfe/semi-icons';
import {
  Button,
  Card,
  Empty,
  Input,
  Modal,
  Radio,
  RadioGroup,
  Select,
  Spin,
  Tag,
  TextArea,
  Toast,
  Typography,
} from '@douyinfe/semi-ui-19';
import {
  isTerminalStatus,
  REWRITE_BATCH_KEY,
  REWRITE_DISLIKE_REASONS,
  REWRITE_GEN_NUM,
  REWRITE_INPUT_MAX,
  REWRITE_INPUT_TYPES,
  REWRITE_PLACEHOLDER_BATCH,
  REWRITE_PLATFORM_LIMITS,
  REWRITE_PLATFORMS,
  REWRITE_STYLES,
  type RewritePlatform,
} from '@productimage/core';
import { ErrorState, errorText } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RewriteBatch, type RewriteItem, rewriteApi } from './rewriteApi.ts';
import '../tools/common/tools.css';
import './rewrite.css';

/** The open batch id, kept locally so a reload returns to it (spec 001 §4); `new` until submitted. */
const readOpenBatch = () => localStorage.getItem(REWRITE_BATCH_KEY) ?? REWRITE_PLACEHOLDER_BATCH;
const writeOpenBatch = (id: string) =>
  id === REWRITE_PLACEHOLDER_BATCH ? localStorage.removeItem(REWRITE_BATCH_KEY) : localStorage.setItem(REWRITE_BATCH_KEY, id);

const batchKey = (id: string) => ['rewrite', 'batch', id] as const;
/** Polling while items run (their text grows as the model writes). */
const POLL_MS = 1500;

/** /rewrite-article: rewrite a popular article (by link or pasted) for the user's product. */
export default function RewriteArticlePage() {
  const { t } = useTranslation(['rewrite', 'routes', 'common']);
  const [batchId, setBatchIdState] = useState(readOpenBatch);
  const setBatchId = (id: string) => {
    writeOpenBatch(id);
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
    <div className="tool-page" data-testid="tool-rewriteArticle">
      <header className="tool-header">
        <Typography.Title heading={3}>{t('routes:rewriteArticle')}</Typography.Title>
        <Typography.Text>{t('articleTip')}</Typography.Text>
      </header>
      {!open ? (
        <ArticleForm onSubmitted={(batch) => setBatchId(batch.batchId)} />
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

function ArticleForm({ onSubmitted }: { onSubmitted: (batch: RewriteBatch) => void }) {
  const { t } = useTranslation(['rewrite', 'common']);
  const client = useQueryClient();
  const [inputType, setInputType] = useState<1 | 2>(REWRITE_INPUT_TYPES.manual);
  const [xhsUrl, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [article, setArticle] = useState('');
  const [marketDesc, setMarketDesc] = useState('');
  const [productInfo, setProductInfo] = useState('');
  const [platform, setPlatform] = useState<RewritePlatform>('xiaohongshu');
  const [style, setStyle] = useState<(typeof REWRITE_STYLES)[number]>('default');
  const [genNum, setGenNum] = useState<number>(REWRITE_GEN_NUM.article);
  const [busy, setBusy] = useState(false);
  const ready = inputType === REWRITE_INPUT_TYPES.link ? /^https?:\/\/\S+$/i.test(xhsUrl.trim()) : article.trim().length > 0;

  const submit = async () => {
    setBusy(true);
    try {
      const batch = await rewriteApi.submit({
        inputType,
        xhsUrl: xhsUrl.trim(),
        title,
        article,
        marketDesc,
        productInfo,
        platform,
        style,
        genNum,
      });
      client.setQueryData(batchKey(batch.batchId), batch);
      onSubmitted(batch);
    } catch (error) {
      Toast.error(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="rewrite-form" data-testid="rewrite-form">
      <RadioGroup type="button" value={inputType} onChange={(e) => setInputType(e.target.value as 1 | 2)}>
        <Radio value={REWRITE_INPUT_TYPES.link} data-testid="rewrite-input-link">
          {t('inputLink')}
        </Radio>
        <Radio value={REWRITE_INPUT_TYPES.manual} data-testid="rewrite-input-manual">
          {t('inputManual')}
        </Radio>
      </RadioGroup>
      {inputType === REWRITE_INPUT_TYPES.link ? (
        <Input
          value={xhsUrl}
          onChange={setUrl}
          placeholder={t('linkPlaceholder')}
          aria-label={t('inputLink')}
          data-testid="rewrite-url"
        />
      ) : (
        <>
          <Input
            value={title}
            onChange={setTitle}
            maxLength={REWRITE_INPUT_MAX.title}
            placeholder={t('articleTitle')}
            aria-label={t('articleTitle')}
            data-testid="rewrite-title"
          />
          <TextArea
            value={article}
            onChange={setArticle}
            maxLength={REWRITE_INPUT_MAX.article}
            rows={8}
            placeholder={t('articlePlaceholder')}
            aria-label={t('articleText')}
            data-testid="rewrite-article"
          />
        </>
      )}
      <TextArea
        value={productInfo}
        onChange={setProductInfo}
        maxLength={REWRITE_INPUT_MAX.productInfo}
        rows={2}
        placeholder={t('productInfo')}
        aria-label={t('productInfo')}
        data-testid="rewrite-product"
      />
      <TextArea
        value={marketDesc}
        onChange={setMarketDesc}
        maxLength={REWRITE_INPUT_MAX.marketDesc}
        rows={2}
        placeholder={t('marketDesc')}
        aria-label={t('marketDesc')}
      />
      <div className="rewrite-row">
        <Select
          value={platform}
          onChange={(v) => setPlatform(v as RewritePlatform)}
          aria-label={t('platform')}
          style={{ width: 160 }}
        >
          {REWRITE_PLATFORMS.map((p) => (
            <Select.Option key={p} value={p}>
              {t(`platform_${p}`)}
            </Select.Option>
          ))}
        </Select>
        <Select value={style} onChange={(v) => setStyle(v as typeof style)} aria-label={t('style')} style={{ width: 160 }}>
          {REWRITE_STYLES.map((s, i) => (
            <Select.Option key={s} value={s}>
              {t(`style_${i}`)}
            </Select.Option>
          ))}
        </Select>
        <RadioGroup type="button" value={genNum} onChange={(e) => setGenNum(Number(e.target.value))} aria-label={t('genNum')}>
          {Array.from({ length: REWRITE_GEN_NUM.max }, (_, i) => (
            <Radio key={i + 1} value={i + 1} data-testid={`rewrite-count-${i + 1}`}>
              {i + 1}
            </Radio>
          ))}
        </RadioGroup>
      </div>
      <Typography.Text type="tertiary" size="small">
        {t('limits', REWRITE_PLATFORM_LIMITS[platform])}
      </Typography.Text>
      <Button
        theme="solid"
        size="large"
        loading={busy}
        disabled={!ready}
        onClick={() => void submit()}
        data-testid="rewrite-submit"
      >
        {t('submit')}
      </Button>
    </div>
  );
}

function BatchView({ batch, onNew }: { batch: RewriteBatch; onNew: () => void }) {
  const { t } = useTranslation(['rewrite', 'common']);
  const client = useQueryClient();
  const refresh = (next?: RewriteBatch) =>
    next ? client.setQueryData(batchKey(batch.batchId), next) : client.invalidateQueries({ queryKey: batchKey(batch.batchId) });
  const act = async (action: () => Promise<unknown>, success?: string) => {
    try {
      const result = await action();
      if (success) Toast.success(success);
      await refresh(result && typeof result === 'object' && 'batchId' in result ? (result as RewriteBatch) : undefined);
    } catch (error) {
      Toast.error(errorText(error, t));
    }
  };
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
      {batch.items.length === 0 && <Empty description={t('noItems')} />}
      {batch.items.map((item, i) => (
        <ItemCard key={item.itemId} index={i} item={item} batchId={batch.batchId} act={act} />
      ))}
    </div>
  );
}

/** A stored reason (the spec's Chinese wording) in the user's language. */
function reasonLabel(reason: string, t: (key: string) => string): string {
  const i = (REWRITE_DISLIKE_REASONS.text as readonly string[]).indexOf(reason);
  return i >= 0 ? t(`dislikeText_${i}`) : reason;
}

function ItemCard({
  item,
  index,
  batchId,
  act,
}: {
  item: RewriteItem;
  index: number;
  batchId: string;
  act: (action: () => Promise<unknown>, success?: string) => Promise<void>;
}) {
  const { t } = useTranslation(['rewrite', 'tasks']);
  const [disliking, setDisliking] = useState(false);
  const [reason, setReason] = useState<string>(REWRITE_DISLIKE_REASONS.text[0]);
  const running = !isTerminalStatus(item.status);
  return (
    <Card
      className="rewrite-item"
      data-testid="rewrite-item"
      data-task-id={item.taskId}
      data-status={item.status}
      title={t('itemTitle', { n: index + 1 })}
    >
      {running ? (
        <div>
          <Spin /> <Typography.Text type="tertiary">{t('writing')}</Typography.Text>
          {item.text && <pre className="rewrite-stream">{item.text}</pre>}
        </div>
      ) : item.status === 'completed' ? (
        <>
          <Typography.Title heading={5} data-testid="rewrite-item-title">
            {item.title}
          </Typography.Title>
          <Typography.Paragraph className="rewrite-content" data-testid="rewrite-item-content">
            {item.content}
          </Typography.Paragraph>
        </>
      ) : (
        <Typography.Text type="danger">
          {item.error ?? t(`tasks:status_${item.status}`, { defaultValue: item.status })}
        </Typography.Text>
      )}
      <div className="rewrite-row">
        <Button
          icon={<IconRefresh />}
          disabled={running}
          onClick={() => void act(() => rewriteApi.regenerate(batchId, item.itemId))}
          data-testid="rewrite-regenerate"
        >
          {t('regenerate')}
        </Button>
        <Button
          icon={<IconLikeThumb />}
          type={item.liked === true ? 'primary' : 'tertiary'}
          disabled={item.status !== 'completed'}
          onClick={() => void act(() => rewriteApi.feedback(batchId, item.itemId, true, null), t('likedToast'))}
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
          <Tag data-testid="rewrite-dislike-reason">{reasonLabel(item.dislikeReason, t)}</Tag>
        )}
      </div>
      <Modal
        visible={disliking}
        title={t('dislikeTitle')}
        onCancel={() => setDisliking(false)}
        onOk={() => {
          setDisliking(false);
          void act(() => rewriteApi.feedback(batchId, item.itemId, false, reason), t('dislikedToast'));
        }}
        okButtonProps={{ 'data-testid': 'rewrite-dislike-ok' } as object}
      >
        <RadioGroup direction="vertical" value={reason} onChange={(e) => setReason(String(e.target.value))}>
          {REWRITE_DISLIKE_REASONS.text.map((r, i) => (
            <Radio key={r} value={r} data-testid={`dislike-reason-${i}`}>
              {t(`dislikeText_${i}`)}
            </Radio>
          ))}
        </RadioGroup>
      </Modal>
    </Card>
  );
}
