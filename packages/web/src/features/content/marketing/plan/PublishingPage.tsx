import { Button, Card, Empty, Modal, Popconfirm, Select, Spin, Tag, Toast, Typography } from '@douyinfe/semi-ui-19';
import { DAY_MS, formatDate, PLATFORMS, type Platform } from '@productimage/core';
import { ErrorState } from '@productimage/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { marketingApi } from '../marketingApi.ts';
import '../marketing.css';
import './plan.css';
import { saveFile } from '../../../../shared/saveFile.ts';
import { useAction } from '../../../../shared/useAction.ts';
import { CONTENTS_KEY } from '../content/useContents.ts';
import { PostForm, REMIND_CHOICES } from './PostForm.tsx';
import { type PublishingPost, planApi } from './planApi.ts';

const dayOf = (d: Date) => formatDate(d);
/** Monday of the week `offset` weeks from this one. */
function weekStart(offset: number): Date {
  const now = new Date();
  const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7) + offset * 7);
  return monday;
}
const STATUS_COLOR = { planned: 'blue', ready: 'cyan', published: 'green', skipped: 'grey' } as const;

function PostCard({ post, onEdit, onChanged }: { post: PublishingPost; onEdit(): void; onChanged(): void }) {
  const { t } = useTranslation(['marketing', 'errors']);
  const action = useAction();
  const run = (fn: () => Promise<unknown>) =>
    action(async () => {
      await fn();
      onChanged();
    });
  const exportIt = () =>
    run(async () => {
      const { blob, name } = await planApi.exportPackage(post.postId);
      saveFile(blob, name);
    });
  return (
    <Card className="mkt-post" data-testid="post" data-platform={post.platform} bodyStyle={{ padding: 10 }}>
      <div className="mkt-post-head">
        <Tag size="small" color="violet">
          {t(`content.platforms.${post.platform}`)}
        </Tag>
        <Typography.Text size="small">{post.time}</Typography.Text>
        <Tag size="small" color={STATUS_COLOR[post.status]} data-testid="post-status-tag">
          {t(`plan.publishing.statuses.${post.status}`)}
        </Tag>
      </div>
      <div className="mkt-post-title" data-testid="post-card-title">
        {post.title || post.content.slice(0, 40)}
      </div>
      {post.images.length ? (
        <div className="mkt-post-thumbs">
          {post.images.slice(0, 3).map((url) => (
            <img key={url} src={url} alt="" />
          ))}
          {post.images.length > 3 ? <span>+{post.images.length - 3}</span> : null}
        </div>
      ) : null}
      {post.tags.length ? (
        <Typography.Text type="tertiary" size="small">
          {post.tags.map((tag) => `#${tag}`).join(' ')}
        </Typography.Text>
      ) : null}
      {post.remindAt !== null ? (
        <div>
          <Typography.Text type="tertiary" size="small">
            {post.reminded
              ? t('plan.publishing.reminded')
              : t('plan.publishing.reminderAt', { time: formatDate(post.remindAt, true) })}
          </Typography.Text>
        </div>
      ) : null}
      <div className="mkt-post-actions">
        <Button size="small" theme="borderless" onClick={onEdit} data-testid="post-edit">
          {t('plan.publishing.edit')}
        </Button>
        <Button size="small" theme="borderless" onClick={exportIt} data-testid="post-export">
          {t('plan.publishing.export')}
        </Button>
        {post.status !== 'published' ? (
          <Button
            size="small"
            theme="borderless"
            onClick={() =>
              run(() =>
                planApi.updatePost(post.postId, {
                  platform: post.platform,
                  day: post.day,
                  time: post.time,
                  title: post.title,
                  content: post.content,
                  images: post.images,
                  tags: post.tags,
                  status: 'published',
                  remindBefore: null,
                }),
              )
            }
            data-testid="post-published"
          >
            {t('plan.publishing.markPublished')}
          </Button>
        ) : null}
        <Popconfirm title={t('plan.publishing.deleteConfirm')} onConfirm={() => run(() => planApi.deletePost(post.postId))}>
          <Button size="small" theme="borderless" type="danger" data-testid="post-delete">
            {t('plan.publishing.delete')}
          </Button>
        </Popconfirm>
      </div>
    </Card>
  );
}

/** Picks a finished content result (any platform) and a day to plan it on. */
function FromContent({ day, onDone }: { day: string; onDone(): void }) {
  const { t } = useTranslation(['marketing', 'errors']);
  const act = useAction();
  const contents = useQuery({ queryKey: CONTENTS_KEY, queryFn: marketingApi.contents });
  const [remind, setRemind] = useState<number | null>(60);
  if (contents.isLoading) return <Spin />;
  const results =
    contents.data?.list.flatMap((c) =>
      c.items.filter((i) => i.status === 'success').map((i) => ({ contentId: c.contentId, item: i })),
    ) ?? [];
  if (!results.length) return <Empty title={t('plan.publishing.noContent')} />;
  const plan = (contentId: string, itemId: number) =>
    act(async () => {
      await planApi.fromContent({ contentId, itemId, day, time: '20:00', remindBefore: remind });
      Toast.success(t('plan.publishing.saved'));
      onDone();
    });
  return (
    <div className="mkt-from-content" data-testid="from-content">
      <Select
        value={REMIND_CHOICES.find((c) => c.minutes === remind)?.key ?? 'none'}
        onChange={(v) => setRemind(REMIND_CHOICES.find((c) => c.key === v)?.minutes ?? null)}
        prefix={t('plan.publishing.remind')}
      >
        {REMIND_CHOICES.map((c) => (
          <Select.Option key={c.key} value={c.key}>
            {t(`plan.publishing.remindOptions.${c.key}`)}
          </Select.Option>
        ))}
      </Select>
      {results.map(({ contentId, item }) => (
        <div key={`${contentId}-${item.textId}`} className="mkt-from-content-row">
          <Tag size="small">{t(`content.platforms.${item.platform}`)}</Tag>
          <span className="mkt-from-content-title">
            {item.socialMediaMarketingTitle || item.socialMediaMarketingContent.slice(0, 30)}
          </span>
          <Button size="small" onClick={() => plan(contentId, item.textId)} data-testid="from-content-pick">
            {day}
          </Button>
        </div>
      ))}
    </div>
  );
}

/**
 * /content-publishing: the publishing plan. A week of days, the posts planned on each per platform
 * with their status and reminder; posts are written here or taken from generated content, edited
 * (text, pictures, tags), exported as the platform's package (zip: text, pictures, tags) and
 * marked published. Reminders arrive in the inbox (server marketing/plan/publishing.ts).
 */
export default function PublishingPage() {
  const { t } = useTranslation(['marketing', 'common']);
  const client = useQueryClient();
  const [week, setWeek] = useState(0);
  const [platform, setPlatform] = useState<Platform | 'all'>('all');
  const [editing, setEditing] = useState<{ post: PublishingPost | null; day: string } | null>(null);
  const [fromContent, setFromContent] = useState<string | null>(null);
  const days = useMemo(() => {
    const start = weekStart(week);
    return Array.from({ length: 7 }, (_, i) => dayOf(new Date(start.getTime() + i * DAY_MS + 2 * 3_600_000)));
  }, [week]);
  const query = useQuery({
    queryKey: ['publishing', days[0], days[6]],
    queryFn: () => planApi.posts(days[0] as string, days[6] as string),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['publishing'] });
  const today = dayOf(new Date());
  const posts = (query.data?.list ?? []).filter((p) => platform === 'all' || p.platform === platform);
  return (
    <div className="mkt-page" data-testid="publishing-page">
      <div className="mkt-report-head">
        <Typography.Title heading={4}>{t('plan.publishing.title')}</Typography.Title>
        <Button
          theme="solid"
          onClick={() => setEditing({ post: null, day: days.includes(today) ? today : (days[0] as string) })}
          data-testid="post-new"
        >
          {t('plan.publishing.add')}
        </Button>
        <Button
          onClick={() => setFromContent(days.includes(today) ? today : (days[0] as string))}
          data-testid="post-from-content"
        >
          {t('plan.publishing.fromContent')}
        </Button>
      </div>
      <Typography.Text type="tertiary">{t('plan.publishing.subtitle')}</Typography.Text>
      <div className="mkt-hot-bar">
        <Button onClick={() => setWeek((w) => w - 1)} data-testid="week-prev">
          {t('plan.publishing.prevWeek')}
        </Button>
        <Button onClick={() => setWeek(0)} disabled={week === 0}>
          {t('plan.publishing.thisWeek')}
        </Button>
        <Button onClick={() => setWeek((w) => w + 1)} data-testid="week-next">
          {t('plan.publishing.nextWeek')}
        </Button>
        <Typography.Text data-testid="week-range">{`${days[0]} – ${days[6]}`}</Typography.Text>
        <Select
          value={platform}
          onChange={(v) => setPlatform(v as Platform | 'all')}
          style={{ width: 120 }}
          data-testid="plan-platform"
        >
          <Select.Option value="all">{t('plan.publishing.allPlatforms')}</Select.Option>
          {PLATFORMS.map((p) => (
            <Select.Option key={p} value={p}>
              {t(`content.platforms.${p}`)}
            </Select.Option>
          ))}
        </Select>
      </div>
      {query.isLoading ? <Spin /> : null}
      {query.isError ? <ErrorState error={query.error} onRetry={() => query.refetch()} /> : null}
      {query.data ? (
        <div className="mkt-week" data-testid="plan-week">
          {days.map((day) => {
            const list = posts.filter((p) => p.day === day);
            return (
              <div key={day} className={`mkt-week-day${day === today ? ' is-today' : ''}`} data-testid="plan-day" data-day={day}>
                <div className="mkt-week-day-head">
                  <span>{day.slice(5)}</span>
                  <Button
                    size="small"
                    theme="borderless"
                    onClick={() => setEditing({ post: null, day })}
                    aria-label={t('plan.publishing.add')}
                  >
                    +
                  </Button>
                </div>
                {list.map((post) => (
                  <PostCard key={post.postId} post={post} onEdit={() => setEditing({ post, day })} onChanged={refresh} />
                ))}
              </div>
            );
          })}
        </div>
      ) : null}
      {query.data && !posts.length ? <Empty title={t('plan.publishing.empty')} data-testid="plan-empty" /> : null}
      <Modal
        title={editing?.post ? t('plan.publishing.edit') : t('plan.publishing.add')}
        visible={!!editing}
        onCancel={() => setEditing(null)}
        footer={null}
        width={560}
      >
        {editing ? (
          <PostForm
            key={editing.post?.postId ?? `new-${editing.day}`}
            post={editing.post}
            day={editing.day}
            onSave={async (input) => {
              if (editing.post) await planApi.updatePost(editing.post.postId, input);
              else await planApi.createPost(input);
              Toast.success(t('plan.publishing.saved'));
              setEditing(null);
              refresh();
            }}
          />
        ) : null}
      </Modal>
      <Modal
        title={t('plan.publishing.pickContent')}
        visible={!!fromContent}
        onCancel={() => setFromContent(null)}
        footer={null}
        width={560}
      >
        {fromContent ? (
          <FromContent
            day={fromContent}
            onDone={() => {
              setFromContent(null);
              refresh();
            }}
          />
        ) : null}
      </Modal>
    </div>
  );
}
