import { IconCopy, IconDelete, IconDislikeThumb, IconEdit, IconImage, IconLikeThumb, IconRefresh } from '@douyinfe/semi-icons';
import { Banner, Button, Card, Spin, Tag, Toast, Typography } from '@douyinfe/semi-ui-19';
import { IDEA_PICTURE_COST } from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../../shared/useAction.ts';
import { copyText } from '../../../app/shell/copyText.ts';
import { ComplianceHits, HighlightedText } from '../../compliance/ComplianceHits.tsx';
import { bodyOffset, hitsIn, replaceHit } from '../../compliance/verdict.ts';
import { type Content, type ContentItem, marketingApi } from '../marketingApi.ts';
import { DislikeModal } from './DislikeModal.tsx';
import { EditItemModal } from './EditItemModal.tsx';

const count = (text: string) => [...text].length;

/** One platform's post of a content task: streamed while written, then its text, hits, pictures and actions. */
export function ContentItemCard({
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
  // The spec's toasts for a copy that worked and one that did not.
  const copy = async () => ((await copyText(full)) ? Toast.success(t('content.copied')) : Toast.error(t('content.copyFailed')));
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
            <Button icon={<IconCopy />} size="small" onClick={copy} aria-label={t('content.copy')} data-testid="item-copy" />
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
      {editing ? <EditItemModal content={content} item={item} onClose={() => setEditing(false)} onSaved={onChanged} /> : null}
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
