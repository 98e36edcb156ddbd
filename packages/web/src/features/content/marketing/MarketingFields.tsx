import { Radio, RadioGroup, Select } from '@douyinfe/semi-ui-19';
import { IDEA_STYLES, type IdeaStyle, type MktType } from '@productimage/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A labelled field of the marketing forms (ideas, content): the label above its input. */
export function MktField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="mkt-field">
      <span>{label}</span>
      {children}
    </div>
  );
}

/** What the marketing is for: a product or the brand. */
export function MktTypeField({ value, onChange }: { value: MktType; onChange: (value: MktType) => void }) {
  const { t } = useTranslation('marketing');
  return (
    <MktField label={t('form.mktType')}>
      <RadioGroup value={value} onChange={(e) => onChange(e.target.value as MktType)}>
        <Radio value="product">{t('form.mktTypes.product')}</Radio>
        <Radio value="brand">{t('form.mktTypes.brand')}</Radio>
      </RadioGroup>
    </MktField>
  );
}

/** The writing style of the ideas and posts. */
export function IdeaStyleField({ value, onChange }: { value: IdeaStyle; onChange: (value: IdeaStyle) => void }) {
  const { t } = useTranslation('marketing');
  return (
    <MktField label={t('form.ideaStyle')}>
      <Select value={value} onChange={(v) => onChange(v as IdeaStyle)} style={{ width: 200 }}>
        {IDEA_STYLES.map((s) => (
          <Select.Option key={s} value={s}>
            {s}
          </Select.Option>
        ))}
      </Select>
    </MktField>
  );
}
