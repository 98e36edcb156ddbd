import {
  IconCopy,
  IconDelete,
  IconDislikeThumb,
  IconDownload,
  IconEdit,
  IconImage,
  IconLikeThumb,
  IconRefresh,
} from '@douyinfe/semi-icons';
import {
  Banner,
  Button,
  Card,
  Checkbox,
  CheckboxGroup,
  Empty,
  Input,
  Modal,
  Popconfirm,
  Radio,
  RadioGroup,
  Spin,
  Tag,
  TextArea,
  Toast,
  Typography,
} from '@douyinfe/semi-ui-19';
import {
  CONTENT_COST_PER_PLATFORM,
  CONTENT_EDIT_MAX,
  DEFAULT_IDEA_STYLE,
  DISLIKE_REASONS,
  IDEA_PICTURE_COST,
  type IdeaStyle,
  MAX_CONTENT_ITEMS,
  type MktType,
  PLATFORMS,
  type Platform,
  SOCIAL_MEDIA_TYPES,
  type SocialMediaType,
  STORAGE_KEYS,
  VIDEO_PLATFORMS,
} from '@productimage/core';
import { CURRENT_USER_KEY, ErrorState } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { saveFile } from '../../../shared/saveFile.ts';
import { GoodsPicker } from '../../studio/goods/GoodsPicker.tsx';
import { useOriginImage } from '../../studio/tools/common/originImage.ts';
import { ProductPictureField } from '../../studio/tools/common/ProductPictureField.tsx';
import type { UploadedImage } from '../../studio/tools/common/useImageUploader.ts';
import { ComplianceHits, HighlightedText } from '../compliance/ComplianceHits.tsx';
import { bodyOffset, hitsIn, replaceHit } from '../compliance/verdict.ts';
import { KnowledgePicker } from '../knowledge/KnowledgePicker.tsx';
import { hasMatch, Snippet } from '../knowledge/Snippet.tsx';
import { EngineLabel, EngineNotice } from './EngineLabel.tsx';
import { useTextEngine } from './IdeaForm.tsx';
import { IdeaStyleField, MktField, MktTypeField } from './MarketingFields.tsx';
import { type Content, type ContentItem, followContent, marketingApi } from './marketingApi.ts';
import './marketing.css';
import { useAction, useBusyAction } from '../../../shared/useAction.ts';

const CONTENTS_KEY = ['marketing', 'contents'];
const count = (text: string) => [...text].length;

/** Copies text; the spec's toasts for success and failure. */
async function copyText(text: string, t: (k: string) => string) {
  try {
    await navigator.clipboard.writeText(text);
    Toast.success(t('content.copied'));
  } catch {
    Toast.error(t('content.copyFailed'));
  }
}

function DislikeModal({ visible, onClose, onSubmit }: { visible: boolean; onClose(): void; onSubmit(reason: string): void }) {
  const { t } = useTranslation('marketing');
  const [reason, setReason] = useState<string>(DISLIKE_REASONS.text[0]);
  return (
    <Modal
      title={t('content.dislikeTitle')}
      visible={visible}
      onCancel={onClose}
      footer={
        <Button theme="solid" onClick={() => onSubmit(reason)} data-testid="dislike-submit">
          {t('content.submit')}
        </Button>
      }
    >
      <RadioGroup
        direction="vertical"
        value={reason}
        onChange={(e) => setReason(e.target.value as string)}
        data-testid="dislike-reasons"
      >
        {DISLIKE_REASONS.text.map((r) => (
          <Radio key={r} value={r}>
            {r}
          </Radio>
        ))}
      </RadioGroup>
    </Modal>
  );
}

/** Edits a finished post's title and text within its platform's limits (saved on the server). */
function EditModal({
  content,
  item,
  onClose,
  onSaved,
}: {
  content: Content;
  item: ContentItem;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation(['marketing', 'errors']);
  const limits = item.limits ?? CONTENT_EDIT_MAX;
  const [title, setTitle] = useState(item.socialMediaMarketingTitle);
  const [body, setBody] = useState(item.socialMediaMarketingContent);
  const { busy: saving, run } = useBusyAction();
  const save = async () => {
    await run(async () => {
      await marketingApi.editText(content.contentId, item.textId, { title, content: body });
      Toast.success(t('content.saved'));
      onSaved();
      onClose();
    });
  };
  return (
    <Modal
      title={t('content.editTitle')}
      visible
      onCancel={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('content.cancel')}</Button>
          <Button theme="solid" loading={saving} disabled={!body.trim()} onClick={save} data-testid="edit-save">
            {t('content.save')}
          </Button>
        </>
      }
    >
      <MktField label={t('content.titleLabel')}>
        <Input value={title} onChange={setTitle} maxLength={limits.title} showClear data-testid="edit-title" />
      </MktField>
      <MktField label={t('content.contentLabel')}>
        <TextArea value={body} onChange={setBody} rows={8} maxCount={limits.content} data-testid="edit-content" />
      </MktField>
    </Modal>
  );
}

function ItemCard({
  content,
  item,
  streamed,
  onChanged,
}: {
  content: Content;
  item: ContentItem;
  streamed: string | undefined;
  onChanged(): void;
}) {
  const { t } = useTranslation(['marketing', 'common', 'errors']);
  const runAction = useAction();
  const [disliking, setDisliking] = useState(false);
  const [editing, setEditing] = useState(false);
  const run = async (fn: () => Promise<unknown>, done?: string) => {
    await runAction(async () => {
      await fn();
      if (done) Toast.success(t(done));
      onChanged();
    });
  };
  const like = () =>
    item.like === 'like'
      ? run(() => marketingApi.cancelOperation(content.contentId, item.textId), 'content.likeCancelled')
      : run(() => marketingApi.operate(content.contentId, item.textId, 'like'), 'content.liked');
  const dislike = () =>
    item.like === 'dislike'
      ? run(() => marketingApi.cancelOperation(content.contentId, item.textId), 'content.dislikeCancelled')
      : setDisliking(true);
  const full = `${item.socialMediaMarketingTitle}\n\n${item.socialMediaMarketingContent}`;
  const title = item.socialMediaMarketingTitle;
  const body = item.socialMediaMarketingContent;
  const hits = item.compliance.hits;
  // One-click replace: the hit's phrase becomes the rules' safe wording, saved as the user's edit.
  const replace = (hit: (typeof hits)[number]) =>
    run(() => marketingApi.editText(content.contentId, item.textId, replaceHit({ title, content: body }, hit)), 'content.saved');
  const rewriteSafely = () => run(() => marketingApi.regenerate(content.contentId, item.textId, true));
  return (
    <Card
      className="mkt-item"
      data-testid={`item-${item.platform}`}
      data-status={item.status}
      title={
        <span>
          {t(`content.platforms.${item.platform}`)} <Tag data-testid="item-status">{t(`content.status.${item.status}`)}</Tag>
          {item.edited ? (
            <Tag color="blue" data-testid="item-edited">
              {t('content.edited')}
            </Tag>
          ) : null}
        </span>
      }
      headerExtraContent={
        item.status === 'success' ? (
          <span className="mkt-item-actions">
            <Button
              icon={<IconEdit />}
              size="small"
              onClick={() => setEditing(true)}
              aria-label={t('content.edit')}
              title={t('content.edit')}
              data-testid="item-edit"
            />
            <Button
              icon={<IconCopy />}
              size="small"
              onClick={() => copyText(full, t)}
              aria-label={t('content.copy')}
              data-testid="item-copy"
            />
            <Button
              icon={<IconLikeThumb />}
              size="small"
              type={item.like === 'like' ? 'primary' : 'tertiary'}
              theme={item.like === 'like' ? 'solid' : 'light'}
              onClick={like}
              aria-label={t('content.like')}
              data-testid="item-like"
              data-active={item.like === 'like'}
            />
            <Button
              icon={<IconDislikeThumb />}
              size="small"
              type={item.like === 'dislike' ? 'danger' : 'tertiary'}
              theme={item.like === 'dislike' ? 'solid' : 'light'}
              onClick={dislike}
              aria-label={t('content.dislike')}
              data-testid="item-dislike"
            />
            <Button
              icon={<IconImage />}
              size="small"
              onClick={() => run(() => marketingApi.itemPicture(content.contentId, item.textId))}
              aria-label={t('content.picture', { cost: IDEA_PICTURE_COST })}
              title={t('content.picture', { cost: IDEA_PICTURE_COST })}
              data-testid="item-picture"
            />
            <Button
              icon={<IconRefresh />}
              size="small"
              onClick={() => run(() => marketingApi.regenerate(content.contentId, item.textId))}
              aria-label={t('content.regenerate')}
            />
          </span>
        ) : item.status !== 'loading' ? (
          <Button
            icon={<IconRefresh />}
            size="small"
            onClick={() => run(() => marketingApi.regenerate(content.contentId, item.textId))}
          >
            {t('content.regenerate')}
          </Button>
        ) : null
      }
    >
      {item.status === 'loading' ? (
        <div>
          <Spin size="small" /> <Typography.Text type="tertiary">{t('report.writing')}</Typography.Text>
          {streamed ? (
            <Typography.Paragraph className="mkt-stream" data-testid="item-stream">
              {streamed}
            </Typography.Paragraph>
          ) : null}
        </div>
      ) : item.status === 'success' ? (
        <div>
          {item.tabooHits?.length ? (
            <Banner
              type="warning"
              fullMode={false}
              closeIcon={null}
              data-testid="item-taboo"
              description={t('content.tabooWarning', { words: item.tabooHits.join(t('content.tabooSeparator')) })}
            />
          ) : null}
          <div className="mkt-field-row">
            <Typography.Text strong data-testid="item-title">
              <HighlightedText text={title} hits={hitsIn(hits, 0, title.length)} />
            </Typography.Text>
            {item.limits ? (
              <Typography.Text type="tertiary" size="small" data-testid="title-counter">
                {t('content.counter', { count: count(item.socialMediaMarketingTitle), max: item.limits.title })}
              </Typography.Text>
            ) : null}
          </div>
          <Typography.Paragraph className="mkt-stream" data-testid="item-content">
            <HighlightedText text={body} hits={hitsIn(hits, bodyOffset(title), body.length)} />
          </Typography.Paragraph>
          <ComplianceHits verdict={item.compliance} onReplace={replace} onRewrite={rewriteSafely} />
          {item.genImages.length ? (
            <div className="mkt-result-images">
              {item.genImages.map((image) =>
                image.status === 'loading' ? (
                  <Spin key={image.id} />
                ) : (
                  <span key={image.id} className="mkt-result-image">
                    {image.status === 'success' ? (
                      <img
                        src={image.url}
                        alt={t('content.pictureAlt', { platform: t(`content.platforms.${item.platform}`) })}
                        data-testid="item-image"
                      />
                    ) : (
                      <Typography.Text type="tertiary" size="small">
                        {t(`content.status.${image.status === 'stop' ? 'stop' : 'fail'}`)}
                      </Typography.Text>
                    )}
                    {/* Spec 001 §8: deleting a material picture says 删除成功 (no confirmation step). */}
                    <Button
                      onClick={() =>
                        run(() => marketingApi.removePicture(content.contentId, item.textId, image.id), 'content.deleted')
                      }
                      icon={<IconDelete />}
                      size="small"
                      type="danger"
                      theme="light"
                      className="mkt-result-image-delete"
                      aria-label={t('content.deletePicture')}
                      title={t('content.deletePicture')}
                      data-testid="item-image-delete"
                    />
                  </span>
                ),
              )}
            </div>
          ) : null}
          {item.limits ? (
            <Typography.Text type="tertiary" size="small" data-testid="content-counter">
              {t('content.counter', { count: count(item.socialMediaMarketingContent), max: item.limits.content })}
            </Typography.Text>
          ) : null}
        </div>
      ) : item.error ? (
        <Typography.Text type="danger">{item.error}</Typography.Text>
      ) : null}
      {editing ? <EditModal content={content} item={item} onClose={() => setEditing(false)} onSaved={onChanged} /> : null}
      <DislikeModal
        visible={disliking}
        onClose={() => setDisliking(false)}
        onSubmit={(reason) => {
          setDisliking(false);
          void run(() => marketingApi.operate(content.contentId, item.textId, 'dislike', reason), 'content.disliked');
        }}
      />
    </Card>
  );
}

/** One content task: live while any result is loading (streamed text per item), then its actions. */
function ContentCard({ content }: { content: Content }) {
  const { t } = useTranslation(['marketing', 'common', 'errors', 'compliance']);
  const act = useAction();
  const client = useQueryClient();
  const engine = useTextEngine();
  const [view, setView] = useState(content);
  const [streams, setStreams] = useState<Record<string, string>>({});
  useEffect(() => setView(content), [content]);
  const loading = view.items.some((i) => i.status === 'loading');
  useEffect(() => {
    if (!loading) return;
    const controller = new AbortController();
    followContent(
      content.contentId,
      {
        snapshot: (next) => {
          setView(next);
          // The text already written when the stream (re)connects; deltas extend it.
          setStreams((s) => {
            const copy = { ...s };
            for (const item of next.items) if (item.streamedText && !copy[item.textId]) copy[item.textId] = item.streamedText;
            return copy;
          });
        },
        delta: (itemId, text) => setStreams((s) => ({ ...s, [itemId]: (s[itemId] ?? '') + text })),
      },
      controller.signal,
    )
      .catch(() => undefined)
      .finally(() => {
        if (!controller.signal.aborted) void client.invalidateQueries({ queryKey: CONTENTS_KEY });
      });
    return () => controller.abort();
  }, [loading, content.contentId, client]);
  const refresh = () => void client.invalidateQueries({ queryKey: CONTENTS_KEY });
  const stop = () =>
    act(async () => {
      await marketingApi.stopContent(content.contentId);
      Toast.success(t('content.stopped'));
      await client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      refresh();
    });
  // Continue generating (spec 001 §4): the stopped or failed results are written again, charged again.
  const proceed = () =>
    act(async () => {
      await marketingApi.continueContent(content.contentId);
      await client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      refresh();
    });
  const save = (override: boolean) =>
    act(async () => {
      const blob = await marketingApi.exportDocx(content.contentId, override);
      saveFile(blob, `${(view.idea?.title || t('content.exportTitle')).slice(0, 40)}.docx`);
    });
  // A post with a block-level compliance hit is exported only when the user confirms (recorded on the server).
  const blocked = [
    ...new Set(
      view.items
        .filter((i) => i.status === 'success')
        .flatMap((i) => i.compliance.hits.filter((h) => h.level === 'block').map((h) => h.text)),
    ),
  ];
  const exportDocx = () =>
    blocked.length
      ? Modal.confirm({
          title: t('compliance:blocked'),
          content: t('compliance:overrideConfirm', { words: blocked.join('、') }),
          okText: t('compliance:override'),
          okButtonProps: { type: 'danger', 'data-testid': 'compliance-override' } as never,
          cancelButtonProps: { 'data-testid': 'compliance-cancel' } as never,
          onOk: () => save(true),
        })
      : save(false);
  const remove = () =>
    act(async () => {
      await marketingApi.deleteContent(content.contentId);
      Toast.success(t('content.deleted'));
      refresh();
    });
  return (
    <Card
      className="mkt-content"
      data-testid="content-card"
      title={
        <span>
          {view.idea?.title || view.productInfo.slice(0, 30)}{' '}
          <Tag
            color={view.generation === 'completed' ? 'green' : view.generation === 'failed' ? 'grey' : 'blue'}
            data-testid="content-generation"
            data-generation={view.generation}
          >
            {t(`content.generation.${view.generation}`)}
          </Tag>{' '}
          <EngineLabel engine={view.engine} reason={engine.data?.offlineReason} />
        </span>
      }
      headerExtraContent={
        <span className="mkt-item-actions">
          {loading ? (
            <Button type="danger" onClick={stop} data-testid="content-stop">
              {t('content.stop')}
            </Button>
          ) : (
            <>
              {view.items.some((i) => i.status === 'stop' || i.status === 'fail') ? (
                <Button icon={<IconRefresh />} onClick={proceed} data-testid="content-continue">
                  {t('content.continue')}
                </Button>
              ) : null}
              <Button icon={<IconDownload />} onClick={exportDocx} data-testid="content-export">
                {t('content.export')}
              </Button>
            </>
          )}
          <Popconfirm title={t('content.deleteConfirm')} onConfirm={remove}>
            <Button
              icon={<IconDelete />}
              type="danger"
              theme="borderless"
              aria-label={t('content.delete')}
              data-testid="content-delete"
            />
          </Popconfirm>
        </span>
      }
    >
      <div className="mkt-items">
        {view.items.map((item) => (
          <ItemCard
            key={item.textId}
            content={view}
            item={item}
            streamed={streams[String(item.textId)] ?? item.streamedText ?? undefined}
            onChanged={refresh}
          />
        ))}
      </div>
      {!!view.sources?.length && (
        <div className="mkt-sources" data-testid="content-sources">
          <small>{t('knowledge:sourcesTitle')}</small>
          {view.sources.map((s) => (
            <div key={`${s.collectionId}-${s.text.slice(0, 20)}`}>
              <div title={s.text} data-testid="content-source">
                {s.sourceName}
              </div>
              {hasMatch(s.snippet) && <Snippet parts={s.snippet} testId="content-source-snippet" />}
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}

/** /mott-content, /modi-content, /content-publishing: the content form and the user's content tasks. */
export default function ContentPage() {
  const { t } = useTranslation(['marketing', 'common', 'errors']);
  const [params] = useSearchParams();
  const reportId = params.get('reportId') ?? undefined;
  const ideaId = Number(params.get('ideaId'));
  const client = useQueryClient();
  const engine = useTextEngine();
  const contents = useQuery({
    queryKey: CONTENTS_KEY,
    queryFn: marketingApi.contents,
    // Pictures are tasks of their own: re-read while one is being made.
    refetchInterval: (q) =>
      q.state.data?.list.some((c) => c.items.some((i) => i.genImages.some((g) => g.status === 'loading'))) ? 2000 : false,
  });
  const report = useQuery({
    queryKey: ['marketing', 'report', reportId],
    queryFn: () => marketingApi.report(reportId as string),
    enabled: !!reportId,
  });
  const [platforms, setPlatforms] = useState<Platform[]>(['xiaohongshu', 'douyin']);
  const [mediaType, setMediaType] = useState<SocialMediaType>('imageText');
  const [productInfo, setProductInfo] = useState('');
  const [marketDesc, setMarketDesc] = useState('');
  const [mktType, setMktType] = useState<MktType>('product');
  const [ideaStyle, setIdeaStyle] = useState<IdeaStyle>(DEFAULT_IDEA_STYLE);
  const [ideaTitle, setIdeaTitle] = useState('');
  const [ideaContent, setIdeaContent] = useState('');
  const [datasetIds, setDatasetIds] = useState<string[]>([]);
  // The product picture each post's picture shows cut out (a result handed over with "use this in…" too).
  const [productImage, setProductImage] = useState<UploadedImage | null>(useOriginImage());
  const { busy, run } = useBusyAction();

  // From an idea: its text and the report's product information fill the form once.
  useEffect(() => {
    const r = report.data;
    if (!r) return;
    const idea = r.ideas.find((i) => i.genDataItemId === ideaId);
    if (idea) {
      setIdeaTitle(idea.title);
      setIdeaContent(idea.content);
    }
    setProductInfo((v) => v || r.reportParams.prompt);
    setMarketDesc((v) => v || r.reportParams.marketDesc);
    setMktType(r.reportParams.mktType);
    setIdeaStyle(r.reportParams.ideaStyle);
  }, [report.data, ideaId]);

  const offline = engine.data?.engine === 'offline-writer';
  const generate = async () => {
    if ((contents.data?.total ?? 0) >= MAX_CONTENT_ITEMS) {
      Toast.warning(t('content.limit'));
      return;
    }
    if (!productInfo.trim()) {
      Toast.warning(t('productInfoRequired'));
      return;
    }
    await run(async () => {
      await marketingApi.createContent({
        platforms,
        socialMediaType: mediaType,
        ideaStyle,
        mktType,
        marketDesc,
        productInfo,
        idea: ideaTitle.trim() ? { title: ideaTitle.trim(), content: ideaContent.trim() } : undefined,
        reportId,
        datasetIds: datasetIds.length ? datasetIds : undefined,
        personaId: localStorage.getItem(STORAGE_KEYS.persona) || undefined,
        productImage: mediaType === 'text' ? undefined : productImage?.url,
      });
      await client.invalidateQueries({ queryKey: CONTENTS_KEY });
      await client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    });
  };

  return (
    <div className="mkt-page mkt-content-page" data-testid="content-page">
      <div className="mkt-form">
        <Typography.Title heading={4}>{t('content.title')}</Typography.Title>
        <div className="mkt-field">
          <CheckboxGroup
            direction="horizontal"
            value={platforms}
            onChange={(v) => setPlatforms((v as Platform[]).length ? (v as Platform[]) : platforms)}
          >
            {PLATFORMS.map((p) => (
              <Checkbox
                key={p}
                value={p}
                disabled={mediaType === 'video' && !VIDEO_PLATFORMS.includes(p)}
                data-testid={`content-platform-${p}`}
              >
                {t(`content.platforms.${p}`)}
              </Checkbox>
            ))}
          </CheckboxGroup>
        </div>
        {mediaType === 'video' ? (
          <Typography.Text type="tertiary" size="small" data-testid="content-video-note">
            {t('content.videoDouyinOnly')}
          </Typography.Text>
        ) : null}
        <RadioGroup
          type="button"
          value={mediaType}
          onChange={(e) => {
            const next = e.target.value as SocialMediaType;
            setMediaType(next);
            // Spec 001 §9: video posts are for douyin only.
            if (next === 'video') setPlatforms([...VIDEO_PLATFORMS]);
          }}
        >
          {SOCIAL_MEDIA_TYPES.map((m) => (
            <Radio key={m} value={m}>
              {t(`content.mediaTypes.${m}`)}
            </Radio>
          ))}
        </RadioGroup>
        <MktField label={t('content.ideaTitle')}>
          <Input value={ideaTitle} onChange={setIdeaTitle} maxLength={200} data-testid="content-idea-title" />
        </MktField>
        <MktField label={t('content.ideaContent')}>
          <TextArea value={ideaContent} onChange={setIdeaContent} rows={3} maxCount={4000} data-testid="content-idea-content" />
        </MktField>
        <MktField label={t('content.productInfo')}>
          <TextArea value={productInfo} onChange={setProductInfo} rows={3} maxCount={2000} data-testid="content-product" />
          <GoodsPicker onPick={setProductInfo} />
          <KnowledgePicker value={datasetIds} onChange={setDatasetIds} />
          {mediaType !== 'text' && <ProductPictureField value={productImage} onChange={setProductImage} />}
        </MktField>
        <MktField label={t('form.marketDesc')}>
          <TextArea value={marketDesc} onChange={setMarketDesc} rows={2} maxCount={1000} />
        </MktField>
        <MktTypeField value={mktType} onChange={setMktType} />
        <IdeaStyleField value={ideaStyle} onChange={setIdeaStyle} />
        <EngineNotice engine={engine.data?.engine} reason={engine.data?.offlineReason} />
        <Typography.Text type="tertiary" size="small">
          {offline ? t('form.costFree') : t('content.costPerPlatform', { cost: CONTENT_COST_PER_PLATFORM })}
        </Typography.Text>
        <Button theme="solid" loading={busy} onClick={generate} data-testid="content-generate">
          {t('content.generate')}
          {offline ? '' : ` (${platforms.length * CONTENT_COST_PER_PLATFORM})`}
        </Button>
      </div>
      <div className="mkt-content-list">
        <Typography.Title heading={5} data-testid="content-count">
          {t('content.list', { count: contents.data?.total ?? 0, max: MAX_CONTENT_ITEMS })}
        </Typography.Title>
        {contents.isLoading ? <Spin /> : null}
        {contents.isError ? <ErrorState error={contents.error} onRetry={() => contents.refetch()} /> : null}
        {contents.data && !contents.data.list.length ? <Empty title={t('content.empty')} /> : null}
        {contents.data?.list.map((c) => (
          <ContentCard key={c.contentId} content={c} />
        ))}
      </div>
    </div>
  );
}
