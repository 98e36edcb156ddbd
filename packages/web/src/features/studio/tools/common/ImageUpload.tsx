import { IconClose, IconUpload } from '@douyinfe/semi-icons';
import { Button, Spin, Typography } from '@douyinfe/semi-ui-19';
import { TASK_UPLOAD } from '@productimage/core';
import { type DragEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlags } from '../../../identity/tenants/useFlags.ts';
import { formatBytes, uploadRulesOf } from './imageRules.ts';
import { type UploadedImage, useImageUploader } from './useImageUploader.ts';

interface Props {
  value: UploadedImage | null;
  onChange: (image: UploadedImage | null) => void;
  /** Several files at once (batch tools): each accepted one is passed to onAdd. */
  onAdd?: (image: UploadedImage) => void;
  multiple?: boolean;
  disabled?: boolean;
  label?: ReactNode;
  testId?: string;
  /** Overlay on the preview (the eyedropper uses it to pick colours from the photo). */
  onPreviewClick?: (event: React.MouseEvent<HTMLImageElement>) => void;
  previewCursor?: string;
}

/** Drop zone and picker for a generation input, with the upload rules written under it. */
export function ImageUpload({
  value,
  onChange,
  onAdd,
  multiple,
  disabled,
  label,
  testId = 'image-upload',
  onPreviewClick,
  previewCursor,
}: Props) {
  const { t } = useTranslation('tools');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const { upload, uploading, error } = useImageUploader();

  const take = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      const image = await upload(file);
      if (!image) continue;
      if (onAdd) onAdd(image);
      else onChange(image);
      if (!multiple) break;
    }
    if (input.current) input.current.value = '';
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) void take(event.dataTransfer.files);
  };

  const { flags } = useFlags();
  const rules = t('uploadRules', {
    min: formatBytes(uploadRulesOf(flags).minBytes),
    max: formatBytes(TASK_UPLOAD.maxBytes),
    minAspect: TASK_UPLOAD.minAspect,
    maxAspect: TASK_UPLOAD.maxAspect,
  });

  return (
    <div className="image-upload" data-testid={testId}>
      {label && <Typography.Text strong>{label}</Typography.Text>}
      {value && !multiple ? (
        <div className="upload-preview checkerboard">
          {/* Read by the eyedropper into a canvas: a picture of the S3 bucket (presigned) must come with CORS. */}
          <img
            src={value.preview}
            alt={value.name}
            crossOrigin="anonymous"
            onClick={onPreviewClick}
            style={previewCursor ? { cursor: previewCursor } : undefined}
            data-testid={`${testId}-preview`}
          />
          {!disabled && (
            <span className="upload-remove">
              <Button
                icon={<IconClose />}
                size="small"
                theme="solid"
                type="tertiary"
                aria-label={t('removeImage')}
                onClick={() => onChange(null)}
              />
            </span>
          )}
          <span className="upload-replace">
            <Button size="small" disabled={disabled} onClick={() => input.current?.click()}>
              {t('replaceImage')}
            </Button>
          </span>
        </div>
      ) : (
        <label
          htmlFor={inputId}
          className={`upload-zone${dragging ? ' dragging' : ''}${disabled ? ' disabled' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          {uploading ? <Spin /> : <IconUpload size="extra-large" />}
          <Typography.Text>{uploading ? t('uploading') : t('uploadPrompt')}</Typography.Text>
          <Typography.Text type="tertiary" size="small">
            {rules}
          </Typography.Text>
        </label>
      )}
      <input
        id={inputId}
        ref={input}
        type="file"
        accept={TASK_UPLOAD.mimeTypes.join(',')}
        multiple={multiple}
        disabled={disabled || uploading}
        hidden
        onChange={(event) => void take(event.target.files)}
        data-testid={`${testId}-input`}
      />
      {error && (
        <Typography.Text type="danger" size="small" role="alert" data-testid={`${testId}-error`}>
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
