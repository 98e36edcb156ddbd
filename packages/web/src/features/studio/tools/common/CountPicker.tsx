import { useTranslation } from 'react-i18next';
import { OptionGroup } from './OptionGroup.tsx';

/** How many results one generation makes. */
export function CountPicker({
  value,
  onChange,
  max = 4,
  disabled,
}: {
  value: number;
  onChange: (n: number) => void;
  max?: number;
  disabled?: boolean;
}) {
  const { t } = useTranslation('tools');
  return (
    <OptionGroup
      label={t('count')}
      value={value}
      onChange={onChange}
      disabled={disabled}
      testId="count"
      options={Array.from({ length: max }, (_, i) => ({ value: i + 1, label: String(i + 1), testId: `count-${i + 1}` }))}
    />
  );
}
