import { Button } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';

interface Props {
  cost: number;
  onClick: () => void;
  loading?: boolean;
  disabled?: boolean;
  /** Why it is disabled, shown under the button. */
  hint?: string | null;
}

/** The generate button, which says what it costs before anything is charged. */
export function GenerateButton({ cost, onClick, loading, disabled, hint }: Props) {
  const { t } = useTranslation('tools');
  return (
    <div className="generate">
      <Button theme="solid" size="large" block loading={loading} disabled={disabled} onClick={onClick} data-testid="generate">
        {t('generate')}
        <span className="generate-cost" data-testid="generate-cost">
          {cost > 0 ? t('costCoins', { count: cost }) : t('costFree')}
        </span>
      </Button>
      {hint && <span className="generate-hint">{hint}</span>}
    </div>
  );
}
