import { Tag } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import type { Unavailable } from './availabilityRules.ts';

/**
 * The one mark of a tool this deployment cannot run (not built yet, engine or link not configured):
 * the same grey tag in the header menus and the side bar, with the reason as its tooltip.
 */
export function UnavailableTag({ reason, routeId }: { reason: Unavailable; routeId: string }) {
  const { t } = useTranslation('shell');
  return (
    <span title={t(`unavailableReason_${reason}`)} data-testid={`unavailable-${routeId}`}>
      <Tag size="small" color="grey" className="unavailable-tag">
        {t('unavailable')}
      </Tag>
    </span>
  );
}
