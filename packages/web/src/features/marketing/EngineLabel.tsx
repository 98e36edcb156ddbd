import { Banner, Tag } from '@douyinfe/semi-ui-19';
import type { TextEngineName } from '@productimage/core';
import { useTranslation } from 'react-i18next';

/** The honest label of every result the offline writer made ("template draft: no AI model configured"). */
export function EngineLabel({ engine }: { engine: TextEngineName }) {
  const { t } = useTranslation('marketing');
  if (engine !== 'offline-writer') return null;
  return (
    <Tag color="orange" data-testid="offline-label">
      {t('engine.offlineLabel')}
    </Tag>
  );
}

/** Said before generating when no AI model is configured. */
export function EngineNotice({ engine }: { engine: TextEngineName | undefined }) {
  const { t } = useTranslation('marketing');
  if (engine !== 'offline-writer') return null;
  return <Banner type="warning" fullMode={false} description={t('engine.offlineHint')} data-testid="offline-notice" />;
}
