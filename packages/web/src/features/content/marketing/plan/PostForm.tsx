import { Button, Input, Select, TagInput, TextArea } from '@douyinfe/semi-ui-19';
import { PLATFORMS, type Platform, PUBLISHING_STATUSES, type PublishingStatus, TITLE_LIMITS } from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../app/api.ts';
import { useAction, useBusyAction } from '../../../../shared/useAction.ts';
import type { PostInput, PublishingPost } from './planApi.ts';

export const REMIND_CHOICES: Array<{ key: string; minutes: number | null }> = [
  { key: 'none', minutes: null },
  { key: 'at', minutes: 0 },
  { key: 'm30', minutes: 30 },
  { key: 'h1', minutes: 60 },
  { key: 'd1', minutes: 1440 },
];

const toInputDay = (day: string) => day.replaceAll('/', '-');
const fromInputDay = (value: string) => value.replaceAll('-', '/');

/** Minutes between the reminder and the post's time, from a stored post (null: none). */
function remindBeforeOf(post: PublishingPost): number | null {
  if (post.remindAt === null) return null;
  const [y, m, d] = post.day.split('/').map(Number);
  const [hh, mm] = post.time.split(':').map(Number);
  const at = new Date(y as number, (m as number) - 1, d as number, hh as number, mm as number).getTime();
  return Math.max(0, Math.round((at - post.remindAt) / 60_000));
}

/**
 * A planned post: platform, day and time, title (douyin and xiaohongshu count to 20, spec 001),
 * text, pictures (upload, delete), tags, status and reminder.
 */
export function PostForm({
  post,
  day,
  onSave,
}: {
  post: PublishingPost | null;
  day: string;
  onSave(input: Omit<PostInput, 'tz'>): Promise<void>;
}) {
  const { t } = useTranslation(['marketing', 'errors', 'common']);
  const runAction = useAction();
  const [platform, setPlatform] = useState<Platform>(post?.platform ?? 'xiaohongshu');
  const [date, setDate] = useState(post?.day ?? day);
  const [time, setTime] = useState(post?.time ?? '20:00');
  const [title, setTitle] = useState(post?.title ?? '');
  const [content, setContent] = useState(post?.content ?? '');
  const [images, setImages] = useState<string[]>(post?.images ?? []);
  const [tags, setTags] = useState<string[]>(post?.tags ?? []);
  const [status, setStatus] = useState<PublishingStatus>(post?.status ?? 'planned');
  const [remindBefore, setRemindBefore] = useState<number | null>(post ? remindBeforeOf(post) : null);
  const { busy, run } = useBusyAction();
  const limits = TITLE_LIMITS[platform];

  const upload = async (files: FileList | null) => {
    if (!files?.length) return;
    await runAction(async () => {
      for (const file of Array.from(files)) {
        const [url] = await api.upload(file, file.name);
        if (url) setImages((list) => [...list, url]);
      }
    });
  };
  const save = async () => {
    await run(async () => {
      await onSave({ platform, day: date, time, title, content, images, tags, status, remindBefore });
    });
  };
  return (
    <div className="mkt-post-form" data-testid="post-form">
      <div className="mkt-field">
        {t('plan.publishing.platform')}
        <Select
          value={platform}
          onChange={(v) => setPlatform(v as Platform)}
          data-testid="post-platform"
          style={{ width: '100%' }}
        >
          {PLATFORMS.map((p) => (
            <Select.Option key={p} value={p}>
              {t(`content.platforms.${p}`)}
            </Select.Option>
          ))}
        </Select>
      </div>
      <div className="mkt-post-when">
        <div className="mkt-field">
          {t('plan.publishing.day')}
          <Input type="date" value={toInputDay(date)} onChange={(v) => v && setDate(fromInputDay(v))} data-testid="post-day" />
        </div>
        <div className="mkt-field">
          {t('plan.publishing.time')}
          <Input type="time" value={time} onChange={(v) => v && setTime(v)} data-testid="post-time" />
        </div>
      </div>
      <div className="mkt-field">
        {t('plan.publishing.postTitle')}
        <Input
          value={title}
          onChange={setTitle}
          maxLength={limits?.title}
          showClear
          suffix={limits ? <span className="mkt-counter">{`${[...title].length}/${limits.title}`}</span> : undefined}
          data-testid="post-title"
        />
      </div>
      <div className="mkt-field">
        {t('plan.publishing.content')}
        <TextArea
          value={content}
          onChange={setContent}
          maxCount={limits?.content}
          maxLength={limits?.content}
          autosize={{ minRows: 4, maxRows: 10 }}
          data-testid="post-content"
        />
      </div>
      <div>
        {t('plan.publishing.images')}
        <div className="mkt-post-images">
          {images.map((url) => (
            <span key={url} className="mkt-post-image">
              <img src={url} alt="" />
              <Button
                size="small"
                type="danger"
                aria-label={t('plan.publishing.removeImage')}
                onClick={() => setImages((list) => list.filter((u) => u !== url))}
                data-testid="post-image-remove"
              >
                ×
              </Button>
            </span>
          ))}
          <label className="mkt-post-upload">
            {t('plan.publishing.upload')}
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              multiple
              hidden
              onChange={(e) => void upload(e.target.files)}
              data-testid="post-upload"
            />
          </label>
        </div>
      </div>
      <div className="mkt-field">
        {t('plan.publishing.tags')}
        <div data-testid="post-tags">
          <TagInput
            value={tags}
            onChange={(v) => setTags(v.map((s) => s.replace(/^#+|#+$/g, '')).filter(Boolean))}
            placeholder={t('plan.publishing.tagsHint')}
          />
        </div>
      </div>
      <div className="mkt-post-when">
        <div className="mkt-field">
          {t('plan.publishing.status')}
          <Select
            value={status}
            onChange={(v) => setStatus(v as PublishingStatus)}
            style={{ width: '100%' }}
            data-testid="post-status"
          >
            {PUBLISHING_STATUSES.map((s) => (
              <Select.Option key={s} value={s}>
                {t(`plan.publishing.statuses.${s}`)}
              </Select.Option>
            ))}
          </Select>
        </div>
        <div className="mkt-field">
          {t('plan.publishing.remind')}
          <Select
            value={REMIND_CHOICES.find((c) => c.minutes === remindBefore)?.key ?? 'none'}
            onChange={(v) => setRemindBefore(REMIND_CHOICES.find((c) => c.key === v)?.minutes ?? null)}
            style={{ width: '100%' }}
            data-testid="post-remind"
          >
            {REMIND_CHOICES.map((c) => (
              <Select.Option key={c.key} value={c.key}>
                {t(`plan.publishing.remindOptions.${c.key}`)}
              </Select.Option>
            ))}
          </Select>
        </div>
      </div>
      <Button theme="solid" loading={busy} onClick={save} data-testid="post-save">
        {t('plan.publishing.save')}
      </Button>
    </div>
  );
}
