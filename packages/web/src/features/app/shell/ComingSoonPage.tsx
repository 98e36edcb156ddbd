import { IconArrowRight } from '@douyinfe/semi-icons';
import { IllustrationConstruction } from '@douyinfe/semi-illustrations';
import { Button, Empty, Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShowcasePair } from '../home/ShowcasePair.tsx';
import { useShowcase } from '../home/showcaseApi.ts';
import type { Unavailable } from './availability.ts';
import { nearestAvailable } from './menus.ts';
import { useViewer } from './useViewer.ts';
import './shell.css';

/**
 * A tool this deployment cannot run (not built yet, engine or link not configured): says what it
 * will do and why it is not here, shows what the product's own engines make today, and links to the
 * nearest tool that works. Never a fake tool, and never charges anything.
 */
export default function ComingSoonPage({ routeId, reason = 'notBuilt' }: { routeId: string; reason?: Unavailable }) {
  const { t } = useTranslation(['shell', 'routes', 'comingSoon']);
  const { menus } = useViewer();
  const near = nearestAvailable(menus, routeId);
  const { items } = useShowcase();
  // The example is the nearest tool's own output where one exists, else any real output.
  const example = items.find((item) => near?.bizType && item.bizType === near.bizType) ?? items[0];
  const name = t(`routes:${routeId}`);
  return (
    <div className="page-center coming-soon" data-testid="coming-soon" data-reason={reason}>
      <Empty
        image={<IllustrationConstruction style={{ width: 150, height: 150 }} />}
        title={t(`shell:unavailableTitle_${reason}`, { name })}
        description={
          <span className="coming-soon-text">
            <Typography.Paragraph>{t(`comingSoon:${routeId}`, { defaultValue: '' })}</Typography.Paragraph>
            <Typography.Paragraph type="tertiary" size="small">
              {t(`shell:unavailableReason_${reason}`)}
            </Typography.Paragraph>
          </span>
        }
      >
        <div className="coming-soon-actions">
          {near && (
            <Link to={near.path} data-testid="coming-soon-nearest">
              <Button theme="solid" icon={<IconArrowRight />} iconPosition="right">
                {t('shell:nearestTool', { name: t(`routes:${near.id}`) })}
              </Button>
            </Link>
          )}
          <Link to="/" data-testid="coming-soon-home">
            <Button>{t('common:backHome')}</Button>
          </Link>
        </div>
        {example && (
          <figure className="coming-soon-example" data-testid="coming-soon-example">
            <figcaption>{t('shell:unavailableExample')}</figcaption>
            <ShowcasePair item={example} width={280} />
          </figure>
        )}
      </Empty>
    </div>
  );
}
