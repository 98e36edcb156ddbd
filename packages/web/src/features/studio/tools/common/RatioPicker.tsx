import { RATIOS, type Ratio } from '@productimage/core';
import { useTranslation } from 'react-i18next';
import { OptionGroup } from './OptionGroup.tsx';

/** Output ratio: original, 1:1, 3:4, 16:9, 9:16 (spec 001 §5). */
export function RatioPicker({ value, onChange, disabled }: { value: Ratio; onChange: (r: Ratio) => void; disabled?: boolean }) {
  const { t } = useTranslation('tools');
  return (
    <OptionGroup
      label={t('ratio')}
      value={value}
      onChange={onChange}
      disabled={disabled}
      testId="ratio"
      options={RATIOS.map((ratio) => ({
        value: ratio,
        label: ratio === 'original' ? t('ratioOriginal') : ratio,
        testId: `ratio-${ratio}`,
      }))}
    />
  );
}
