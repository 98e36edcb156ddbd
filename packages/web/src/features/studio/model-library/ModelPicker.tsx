import { Button, Typography } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../tools/common/ImageUpload.tsx';
import { ModelLibraryDialog } from './ModelLibraryDialog.tsx';
import type { ChosenModel } from './modelLibraryApi.ts';

export type { ChosenModel };

interface Props {
  value: ChosenModel | null;
  onChange: (model: ChosenModel | null) => void;
  disabled?: boolean;
  /** Offer the user's own picture too (not where the tool already asks for the person's photo). */
  allowOwn?: boolean;
}

/** Model choice of the model tools: as generated, the user's own picture, or one from the library. */
export function ModelPicker({ value, onChange, disabled, allowOwn = true }: Props) {
  const { t } = useTranslation('generation');
  const [open, setOpen] = useState(false);
  return (
    <div className="model-picker" data-testid="model-picker">
      <Typography.Text strong>{t('model')}</Typography.Text>
      {value ? (
        <div className="model-chosen" data-testid="model-chosen">
          <img src={value.preview} alt="" />
          <Typography.Text ellipsis={{ showTooltip: true }}>{t('modelChosen', { name: value.name })}</Typography.Text>
          <Button size="small" onClick={() => onChange(null)} disabled={disabled} data-testid="model-clear">
            {t('modelClear')}
          </Button>
        </div>
      ) : (
        <>
          <Typography.Text type="tertiary" size="small">
            {t('modelNone')}
          </Typography.Text>
          <div className="model-actions">
            <Button onClick={() => setOpen(true)} disabled={disabled} data-testid="model-library-open">
              {t('modelLibrary')}
            </Button>
          </div>
          {allowOwn && (
            <ImageUpload
              label={t('modelOwn')}
              value={null}
              onChange={(image) => image && onChange({ name: image.name, url: image.url, preview: image.preview })}
              disabled={disabled}
              testId="model-own"
            />
          )}
        </>
      )}
      <ModelLibraryDialog
        visible={open}
        onClose={() => setOpen(false)}
        onChoose={(model) => {
          onChange(model);
          setOpen(false);
        }}
      />
    </div>
  );
}
