import { Tag } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import type { Angle } from './planApi.ts';

/** One angle: its kind and the sentence built from the hot item, the product and the persona. */
export function AngleText({ angle }: { angle: Angle }) {
  const { t } = useTranslation('marketing');
  return (
    <span className="mkt-angle" data-testid="angle">
      <Tag size="small" color="blue">
        {t(`plan.angleKinds.${angle.kind}`)}
      </Tag>{' '}
      {t(`plan.angles.${angle.kind}`, { ...angle.params, interpolation: { escapeValue: false } })}
    </span>
  );
}
