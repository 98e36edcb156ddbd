import { IconTick } from '@douyinfe/semi-icons';
import { Tag } from '@douyinfe/semi-ui-19';
import type { TierBenefits } from '@productimage/core';
import { useTranslation } from 'react-i18next';
import { useAvailability } from '../../app/shell/availability.ts';
import { showsConsole } from '../../app/shell/menus.ts';
import { useViewer } from '../../app/shell/useViewer.ts';
import { benefitLines, shownBenefits } from './benefits.ts';

/**
 * A tier's benefits as this deployment keeps them: members see only what works here; platform
 * operators also see the rest, each marked with what it needs (an engine, a priority queue).
 */
export function BenefitList({ benefits, enterprise = false }: { benefits: TierBenefits; enterprise?: boolean }) {
  const { t } = useTranslation('member');
  const { availability } = useAvailability();
  const { viewer } = useViewer();
  const operator = showsConsole(viewer);
  const lines = shownBenefits(
    benefitLines(benefits, enterprise, availability?.bizTypes, availability?.reservedChannel),
    operator,
  );
  return (
    <ul className="member-benefits">
      {lines.map((line) => (
        <li key={line.key} className={line.gap ? 'member-benefit-gap' : undefined} data-gap={line.gap}>
          <IconTick /> {t(`benefits.${line.key}`, line.params)}
          {line.gap ? (
            <span title={t(`benefitGapWhy_${line.gap}`)} data-testid="benefit-gap">
              <Tag size="small" color="grey" style={{ marginLeft: 6 }}>
                {t(`benefitGap_${line.gap}`)}
              </Tag>
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
