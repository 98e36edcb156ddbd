import { Banner, Button } from '@douyinfe/semi-ui-19';
import type { BizType } from '@productimage/core';
import { useTranslation } from 'react-i18next';
import { EngineKeys } from '../../../app/shell/EngineKeys.tsx';
import { useEngineReady } from '../../tasks/useEngineReady.ts';

interface Props {
  bizType: BizType;
  cost: number;
  onClick: () => void;
  loading?: boolean;
  disabled?: boolean;
  /** Why it is disabled, shown under the button. */
  hint?: string | null;
}

/**
 * The generate button, which says what it costs before anything is charged, and says so plainly
 * when no engine is configured for the tool (to console operators also which settings turn it on).
 */
export function GenerateButton({ bizType, cost, onClick, loading, disabled, hint }: Props) {
  const { t } = useTranslation(['tools', 'errors']);
  const ready = useEngineReady(bizType);
  return (
    <div className="generate">
      {ready === false && (
        <Banner type="danger" closeIcon={null} description={t('errors:engineNotConfigured')} data-testid="engine-missing" />
      )}
      {ready === false && <EngineKeys bizType={bizType} />}
      <Button
        theme="solid"
        size="large"
        block
        loading={loading}
        disabled={disabled || ready === false}
        onClick={onClick}
        data-testid="generate"
      >
        {t('generate')}
        <span className="generate-cost" data-testid="generate-cost">
          {cost > 0 ? t('costCoins', { count: cost }) : t('costFree')}
        </span>
      </Button>
      {hint && <span className="generate-hint">{hint}</span>}
    </div>
  );
}
