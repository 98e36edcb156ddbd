import { Banner, Tag } from '@douyinfe/semi-ui-19';
import type { TextEngineName } from '@productimage/core';
import { useTranslation } from 'react-i18next';

/** Why the offline writer writes (GET /api/marketing/engine offlineReason). */
export type OfflineReason = 'operatorChoice' | 'notConfigured' | null | undefined;

/**
 * The honest label of every result the offline writer made: "template draft" and why (the operators
 * chose the offline writer, or no AI model is configured).
 */
export function EngineLabel({ engine, reason }: { engine: TextEngineName; reason?: OfflineReason }) {
  const { t } = useTranslation('marketing');
  if (engine !== 'offline-writer') return null;
  return (
    <Tag color="orange" data-testid="offline-label">
      {t(reason === 'operatorChoice' ? 'engine.offlineLabelForced' : 'engine.offlineLabel')}
    </Tag>
  );
}

/** Said before generating while the offline writer writes, with the reason. */
export function EngineNotice({ engine, reason }: { engine: TextEngineName | undefined; reason?: OfflineReason }) {
  const { t } = useTranslation('marketing');
  if (engine !== 'offline-writer') return null;
  return (
    <Banner
      type="warning"
      fullMode={false}
      description={t(reason === 'operatorChoice' ? 'engine.offlineHintForced' : 'engine.offlineHint')}
      data-testid="offline-notice"
    />
  );
}
