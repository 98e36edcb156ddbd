import { Empty, Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';

/** For routes whose tool arrives in a later release: says what it will do, never pretends to work. */
export default function ComingSoonPage({ routeId }: { routeId: string }) {
  const { t } = useTranslation(['common', 'routes']);
  return (
    <div className="page-center" data-testid="coming-soon">
      <Empty
        title={`${t(`routes:${routeId}`)} · ${t('common:comingSoonTitle')}`}
        description={<Typography.Text type="tertiary">{t(`comingSoon:${routeId}`, { defaultValue: '' })}</Typography.Text>}
      />
    </div>
  );
}
