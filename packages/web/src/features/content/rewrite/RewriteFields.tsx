import { Button, Radio, RadioGroup, Select, TextArea, Typography } from '@douyinfe/semi-ui-19';
import {
  REWRITE_GEN_NUM,
  REWRITE_INPUT_MAX,
  REWRITE_PLATFORM_LIMITS,
  REWRITE_PLATFORMS,
  REWRITE_RES_MAX,
  REWRITE_STYLES,
  type RewritePlatform,
} from '@productimage/core';
import { type ReactNode, useState } from 'react';
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

/** The fields every rewrite form has: the user's product, where it is published, how many. */
export function useRewriteFields(init: { genNum: number; productInfo?: string | null; marketDesc?: string | null }) {
  const [productInfo, setProductInfo] = useState(init.productInfo ?? '');
  const [marketDesc, setMarketDesc] = useState(init.marketDesc ?? '');
  const [platform, setPlatform] = useState<RewritePlatform>('xiaohongshu');
  const [style, setStyle] = useState<RewriteStyle>('default');
  const [genNum, setGenNum] = useState(init.genNum);
  const [res, setRes] = useState('');
  return {
    values: { productInfo, marketDesc, platform, style, genNum, res },
    set: {
      productInfo: setProductInfo,
      marketDesc: setMarketDesc,
      platform: setPlatform,
      style: setStyle,
      genNum: setGenNum,
      res: setRes,
    },
  };
}
export type RewriteFields = ReturnType<typeof useRewriteFields>;

/**
 * The layout of a rewrite tool's form (spec 001 §3): what to rewrite (`children`), the product
 * fields, the tool's options with how many to write, a note (limits or price) and the submit button
 * with what the batch costs.
 */
export function RewriteForm({
  children,
  fields,
  productRequired,
  platformStyle,
  resources,
  options,
  note,
  submit,
}: {
  children: ReactNode;
  fields: RewriteFields;
  productRequired?: boolean;
  /** Platform and style pickers, with the platform's length limits below. */
  platformStyle?: boolean;
  /** The "resources to use" text (picture and video tools). */
  resources?: boolean;
  /** Options before the count (a picture's ratio). */
  options?: ReactNode;
  note?: ReactNode;
  submit: { busy: boolean; disabled: boolean; onClick: () => void; cost?: number; label?: string };
}) {
  const { t } = useTranslation('rewrite');
  const { values, set } = fields;
  const limits = platformStyle && values.platform !== 'weibo' ? t('limits', REWRITE_PLATFORM_LIMITS[values.platform]) : null;
  return (
    <div className="rewrite-form" data-testid="rewrite-form">
      {children}
      <ProductFields
        productInfo={values.productInfo}
        marketDesc={values.marketDesc}
        onProductInfo={set.productInfo}
        onMarketDesc={set.marketDesc}
        productRequired={productRequired}
      />
      {resources && (
        <TextArea
          value={values.res}
          onChange={set.res}
          maxLength={REWRITE_RES_MAX}
          rows={2}
          placeholder={t('resPlaceholder')}
          aria-label={t('res')}
        />
      )}
      <div className="rewrite-row">
        {platformStyle && (
          <PlatformStyle platform={values.platform} style={values.style} onPlatform={set.platform} onStyle={set.style} />
        )}
        {options}
        <GenNumPicker value={values.genNum} onChange={set.genNum} />
      </div>
      {(limits ?? note) && (
        <Typography.Text type="tertiary" size="small">
          {limits ?? note}
        </Typography.Text>
      )}
      <SubmitButton {...submit} />
    </div>
  );
}
