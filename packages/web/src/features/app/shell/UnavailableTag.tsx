import { useTranslation } from 'react-i18next';
import type { RouteDef } from '../../../app/routes.ts';
import { SmallTag } from '../../../shared/SmallTag.tsx';
import type { Unavailable } from './availabilityRules.ts';
import { showsConsole } from './menus.ts';
import { useEngineKeys } from './useEngineKeys.ts';
import { useViewer } from './useViewer.ts';

/**
 * The one mark of a tool this deployment cannot run (not built yet, engine or link not configured):
 * the same grey tag in the header menus and the side bar, with the reason as its tooltip. Platform
 * operators read what is missing on the tag itself ("needs an engine"), and in its tooltip the
 * settings that would turn the tool on, so they know what to set up.
 */
export function UnavailableTag({ reason, route }: { reason: Unavailable; route: RouteDef }) {
  const { t } = useTranslation('shell');
  const { viewer } = useViewer();
  const operator = showsConsole(viewer) && reason !== 'notBuilt';
  const keys = useEngineKeys(reason === 'engine' ? route.bizType : undefined);
  const title = t(`unavailableReason_${reason}`) + (operator && keys.length ? ` · ${keys.join(' / ')}` : '');
  return (
    <span title={title} data-testid={`unavailable-${route.id}`}>
      <SmallTag colour={operator ? 'amber' : 'grey'} className="unavailable-tag" data-operator={operator}>
        {operator ? t(`unavailableOperator_${reason}`) : reason === 'engine' ? t('unavailable_engine') : t('unavailable')}
      </SmallTag>
    </span>
  );
}
