import { IconClose, IconImage } from '@douyinfe/semi-icons';
import { Button, Input, Spin, TextArea, Toast, Typography } from '@douyinfe/semi-ui-19';
import { FEEDBACK_IMAGE_MAX_BYTES, FEEDBACK_IMAGE_TYPES } from '@productimage/core';
import { useMutation } from '@tanstack/react-query';
import { type ClipboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api.ts';
import './feedback.css';

const TITLE_MAX = 50;
const CONTENT_MAX = 500;

/** Spec 000 §5: png or jpeg, at most 20 MB (the server checks the content again). */
export const isAcceptedImage = (file: File) =>
  (FEEDBACK_IMAGE_TYPES as readonly string[]).includes(file.type) && file.size <= FEEDBACK_IMAGE_MAX_BYTES;

/** The feedback form: title and content required, one png/jpeg image by picker or paste. */
export function FeedbackForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation(['feedback', 'common', 'errors']);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const upload = async (file: File) => {
    if (uploading) {
      Toast.warning(t('uploading'));
      return;
    }
    if (!isAcceptedImage(file)) {
      Toast.error(t('errors:feedbackImageInvalid'));
      return;
    }
    setUploading(true);
    try {
      const [url] = await api.upload(file, file.name || 'pasted.png');
      setImage(url ?? null);
    } catch (error) {
      Toast.error((error as Error).message || t('uploadFailed'));
    } finally {
      setUploading(false);
    }
  };

  const onPaste = (event: ClipboardEvent) => {
    const file = Array.from(event.clipboardData.files).find((f) => f.type.startsWith('image/'));
    if (!file) return;
    event.preventDefault();
    void upload(file);
  };

  const submit = useMutation({
    mutationFn: () =>
      api.POST('/api/feedback', {
        body: { title: title.trim(), content: content.trim(), attachments: image ? [{ url: image }] : [] },
      }),
    onSuccess: () => {
      Toast.success(t('common:submitted'));
      setTitle('');
      setContent('');
      setImage(null);
      onDone();
    },
    onError: (error) => Toast.error((error as Error).message || t('failed')),
  });

  const ready = title.trim() !== '' && content.trim() !== '' && !uploading;
  return (
    <div className="feedback-form" data-testid="feedback-form" onPaste={onPaste}>
      <Typography.Title heading={6}>{t('title')}</Typography.Title>
      <Input
        placeholder={t('titlePlaceholder')}
        value={title}
        maxLength={TITLE_MAX}
        onChange={setTitle}
        data-testid="feedback-title"
      />
      <TextArea
        placeholder={t('contentPlaceholder')}
        value={content}
        maxCount={CONTENT_MAX}
        maxLength={CONTENT_MAX}
        rows={4}
        onChange={setContent}
        data-testid="feedback-content"
      />
      <div className="feedback-image-row">
        {image ? (
          <span className="feedback-thumb">
            <img src={image} alt="" data-testid="feedback-image" />
            <button type="button" aria-label={t('removeImage')} onClick={() => setImage(null)}>
              <IconClose size="small" />
            </button>
          </span>
        ) : null}
        <Button
          icon={uploading ? <Spin size="small" /> : <IconImage />}
          onClick={() => (uploading ? Toast.warning(t('uploading')) : fileInput.current?.click())}
          data-testid="feedback-upload"
        >
          {image ? t('replaceImage') : t('addImage')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={FEEDBACK_IMAGE_TYPES.join(',')}
          hidden
          data-testid="feedback-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
      </div>
      <Typography.Text type="tertiary" size="small">
        {t('imageHint')}
      </Typography.Text>
      <Button
        theme="solid"
        block
        disabled={!ready}
        loading={submit.isPending}
        onClick={() => submit.mutate()}
        data-testid="feedback-submit"
      >
        {t('common:submit')}
      </Button>
    </div>
  );
}
