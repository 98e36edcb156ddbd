import { Typography } from '@douyinfe/semi-ui-19';
import { REFERENCE_BACKGROUNDS } from '@productimage/core';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from './ImageUpload.tsx';
import { referenceUrl } from './sceneImages.ts';
import type { UploadedImage } from './useImageUploader.ts';

export type ReferenceChoice =
  | { kind: 'example'; name: (typeof REFERENCE_BACKGROUNDS)[number] }
  | { kind: 'own'; image: UploadedImage | null };

interface Props {
  value: ReferenceChoice;
  onChange: (choice: ReferenceChoice) => void;
  disabled?: boolean;
  label?: string;
  ownLabel?: string;
}

/** The background to reproduce: one of the four examples (stone, mountain, flower, desert) or the user's own. */
export function ReferencePicker({ value, onChange, disabled, label, ownLabel }: Props) {
  const { t } = useTranslation('tools');
  return (
    <div className="reference-picker" data-testid="reference-picker">
      <Typography.Text strong>{label ?? t('reference')}</Typography.Text>
      <div className="reference-grid" style={{ marginTop: 8 }}>
        {REFERENCE_BACKGROUNDS.map((name) => {
          const selected = value.kind === 'example' && value.name === name;
          return (
            <button
              type="button"
              key={name}
              className={`reference-card${selected ? ' selected' : ''}`}
              aria-pressed={selected}
              disabled={disabled}
              onClick={() => onChange({ kind: 'example', name })}
              data-testid={`reference-${name}`}
            >
              <img src={referenceUrl(name)} alt="" loading="lazy" />
              <span>{t(`reference_${name}`)}</span>
            </button>
          );
        })}
      </div>
      <div style={{ marginTop: 12 }}>
        <ImageUpload
          value={value.kind === 'own' ? value.image : null}
          onChange={(image) => onChange(image ? { kind: 'own', image } : { kind: 'example', name: REFERENCE_BACKGROUNDS[0] })}
          disabled={disabled}
          label={ownLabel ?? t('referenceOwn')}
          testId="reference-upload"
        />
      </div>
    </div>
  );
}
