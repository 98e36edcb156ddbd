import { IconExternalOpen } from '@douyinfe/semi-icons';
import { Button, Empty, Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { findRoute } from '../../../app/routes.ts';
import { useOpenRoute } from './HeaderMenus.tsx';

/**
 * An external video tool reached by its address: the partner's page opens in a new tab from a click
 * (browsers block tabs opened without one), after the server hands out its URL.
 */
export default function ExternalToolPage() {
  const { t } = useTranslation(['shell', 'routes', 'comingSoon']);
  const route = findRoute(useLocation().pathname);
  const open = useOpenRoute();
  if (!route) return null;
  return (
    <div className="page-center" data-testid="external-tool">
      <Empty
        title={t(`routes:${route.id}`)}
        description={<Typography.Text type="tertiary">{t(`comingSoon:${route.id}`)}</Typography.Text>}
      >
        <Button theme="solid" icon={<IconExternalOpen />} onClick={() => open(route)} data-testid="external-open">
          {t('shell:openExternal')}
        </Button>
      </Empty>
    </div>
  );
}
