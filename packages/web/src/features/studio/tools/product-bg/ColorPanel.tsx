import { IconEyeOpened } from '@douyinfe/semi-icons';
import { Button, ColorPicker, Tooltip, Typography } from '@douyinfe/semi-ui-19';
import { BACKGROUND_COLORS } from '@productimage/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MembershipPrompt } from '../../tasks/MembershipPrompt.tsx';
import { normaliseHex } from './recentColors.ts';

interface Props {
  value: string;
  onChange: (hex: string) => void;
  /** Custom colours are a paid-member feature (spec 001 §5). */
  paid: boolean;
  recent: string[];
  /** Picking a colour from the uploaded photo is on. */
  picking: boolean;
  onPicking: (on: boolean) => void;
  canPickFromPhoto: boolean;
  disabled?: boolean;
}

const PRESETS: readonly string[] = BACKGROUND_COLORS;

/**
 * Background colour: the seven preset colours for everyone; a colour picker, an eyedropper over
 * the photo and the recently used custom colours for paid members.
 */
export function ColorPanel({ value, onChange, paid, recent, picking, onPicking, canPickFromPhoto, disabled }: Props) {
  const { t } = useTranslation(['tools', 'errors']);
  const [prompt, setPrompt] = useState(false);
  const custom = (action: () => void) => () => (paid ? action() : setPrompt(true));

  const swatch = (hex: string, testId: string, onClick: () => void) => (
    <Tooltip key={`${testId}-${hex}`} content={hex}>
      <button
        type="button"
        className={`swatch${value === hex ? ' selected' : ''}`}
        style={{ background: hex }}
        aria-label={hex}
        aria-pressed={value === hex}
        disabled={disabled}
        onClick={onClick}
        data-testid={testId}
      />
    </Tooltip>
  );

  return (
    <div className="color-panel" data-testid="color-panel">
      <Typography.Text strong>{t('backgroundColor')}</Typography.Text>
      <div className="swatches" style={{ marginTop: 8 }}>
        {PRESETS.map((hex) => swatch(hex, 'preset-color', () => onChange(hex)))}
      </div>
      <div className="swatches" style={{ marginTop: 12 }}>
        {paid ? (
          <ColorPicker
            usePopover
            alpha={false}
            eyeDropper
            value={ColorPicker.colorStringToValue(value)}
            onChange={(color) => {
              const hex = normaliseHex(color.hex.slice(0, 7));
              if (hex) onChange(hex);
            }}
          >
            <span className="trigger">
              <Button disabled={disabled} data-testid="custom-color">
                {t('customColor')}
              </Button>
            </span>
          </ColorPicker>
        ) : (
          <Button disabled={disabled} onClick={() => setPrompt(true)} data-testid="custom-color">
            {t('customColor')}
          </Button>
        )}
        {canPickFromPhoto && (
          <Button
            icon={<IconEyeOpened />}
            type={picking ? 'primary' : 'tertiary'}
            theme={picking ? 'solid' : 'light'}
            disabled={disabled}
            onClick={custom(() => onPicking(!picking))}
            data-testid="eyedropper"
          >
            {picking ? t('eyedropperOn') : t('eyedropper')}
          </Button>
        )}
      </div>
      {recent.length > 0 && (
        <>
          <Typography.Text type="tertiary" size="small" style={{ display: 'block', marginTop: 12 }}>
            {t('recentColors')}
          </Typography.Text>
          <div className="swatches" style={{ marginTop: 6 }} data-testid="recent-colors">
            {recent.map((hex) =>
              swatch(
                hex,
                'recent-color',
                custom(() => onChange(hex)),
              ),
            )}
          </div>
        </>
      )}
      <MembershipPrompt open={prompt} message={t('errors:customColorNeedsMembership')} onClose={() => setPrompt(false)} />
    </div>
  );
}
