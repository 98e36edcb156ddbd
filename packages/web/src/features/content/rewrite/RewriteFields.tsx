import { Button, Radio, RadioGroup, Select, TextArea } from '@douyinfe/semi-ui-19';
import { REWRITE_GEN_NUM, REWRITE_INPUT_MAX, REWRITE_PLATFORMS, REWRITE_STYLES, type RewritePlatform } from '@productimage/core';
import { useTranslation } from 'react-i18next';

/** Form pieces the rewrite tools share (spec 001 §3 field sets: productInfo, marketDesc; platform, style, genNum). */

export type RewriteStyle = (typeof REWRITE_STYLES)[number];

export function ProductFields({
  productInfo,
  marketDesc,
  onProductInfo,
  onMarketDesc,
  productRequired,
}: {
  productInfo: string;
  marketDesc: string;
  onProductInfo: (v: string) => void;
  onMarketDesc: (v: string) => void;
  productRequired?: boolean;
}) {
  const { t } = useTranslation('rewrite');
  const label = productRequired ? t('productInfoRequired') : t('productInfo');
  return (
    <>
      <TextArea
        value={productInfo}
        onChange={onProductInfo}
        maxLength={REWRITE_INPUT_MAX.productInfo}
        rows={2}
        placeholder={label}
        aria-label={label}
        data-testid="rewrite-product"
      />
      <TextArea
        value={marketDesc}
        onChange={onMarketDesc}
        maxLength={REWRITE_INPUT_MAX.marketDesc}
        rows={2}
        placeholder={t('marketDesc')}
        aria-label={t('marketDesc')}
        data-testid="rewrite-market"
      />
    </>
  );
}

export function PlatformStyle({
  platform,
  style,
  onPlatform,
  onStyle,
}: {
  platform: RewritePlatform;
  style: RewriteStyle;
  onPlatform: (v: RewritePlatform) => void;
  onStyle: (v: RewriteStyle) => void;
}) {
  const { t } = useTranslation('rewrite');
  return (
    <>
      <Select
        value={platform}
        onChange={(v) => onPlatform(v as RewritePlatform)}
        aria-label={t('platform')}
        style={{ width: 160 }}
      >
        {REWRITE_PLATFORMS.map((p) => (
          <Select.Option key={p} value={p}>
            {t(`platform_${p}`)}
          </Select.Option>
        ))}
      </Select>
      <Select value={style} onChange={(v) => onStyle(v as RewriteStyle)} aria-label={t('style')} style={{ width: 160 }}>
        {REWRITE_STYLES.map((s, i) => (
          <Select.Option key={s} value={s}>
            {t(`style_${i}`)}
          </Select.Option>
        ))}
      </Select>
    </>
  );
}

export function GenNumPicker({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  const { t } = useTranslation('rewrite');
  return (
    <RadioGroup type="button" value={value} onChange={(e) => onChange(Number(e.target.value))} aria-label={t('genNum')}>
      {Array.from({ length: REWRITE_GEN_NUM.max }, (_, i) => (
        <Radio key={i + 1} value={i + 1} data-testid={`rewrite-count-${i + 1}`}>
          {i + 1}
        </Radio>
      ))}
    </RadioGroup>
  );
}

/** The submit button; priced tools say what the batch costs before anything is charged. */
export function SubmitButton({
  busy,
  disabled,
  onClick,
  cost,
  label,
}: {
  busy: boolean;
  disabled: boolean;
  onClick: () => void;
  cost?: number;
  label?: string;
}) {
  const { t } = useTranslation(['rewrite', 'tools']);
  return (
    <Button theme="solid" size="large" loading={busy} disabled={disabled} onClick={onClick} data-testid="rewrite-submit">
      {label ?? t('submit')}
      {cost !== undefined && (
        <span className="generate-cost" data-testid="rewrite-cost">
          {cost > 0 ? t('tools:costCoins', { count: cost }) : t('tools:costFree')}
        </span>
      )}
    </Button>
  );
}
