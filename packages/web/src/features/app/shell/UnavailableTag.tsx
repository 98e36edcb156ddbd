import { useTranslation } from 'react-i18next';
import { SmallTag } from '../../../shared/SmallTag.tsx';
import type { Unavailable } from './availabilityRules.ts';
import { showsConsole } from './menus.ts';
import { useViewer } from './useViewer.ts';

/**
 * The one mark of a tool this deployment cannot run (not built yet, engine or link not configured):
 * the same grey tag in the header menus and the side bar, with the reason as its tooltip. Platform
 * operators read what is missing on the tag itself ("needs an engine"), so they know what to set up.
 */
export function UnavailableTag({ reason, routeId }: { reason: Unavailable; routeId: string }) {
  const { t } = useTranslation('shell');
  const { viewer } = useViewer();
  const operator = showsConsole(viewer) && reason !== 'notBuilt';
  return (
    <span title={t(`unavailableReason_${reason}`)} data-testid={`unavailable-${routeId}`}>
      <SmallTag colour={operator ? 'amber' : 'grey'} className="unavailable-tag" data-operator={operator}>
        {operator ? t(`unavailableOperator_${reason}`) : reason === 'engine' ? t('unavailable_engine') : t('unavailable')}
      </SmallTag>
    </span>
  );
}
