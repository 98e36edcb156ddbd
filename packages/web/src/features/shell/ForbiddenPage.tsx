import { IllustrationNoAccess } from '@douyinfe/semi-illustrations';
import { Button, Empty } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * A page this user may not open. Gated routes say why and how to get in (spec 000 §6: vipUser for
 * product management and the knowledge base, isChatAllow for the agent: both through the benefits
 * centre); a bare /403 keeps the plain message.
 */
export default function ForbiddenPage({ reason }: { reason?: 'vip' | 'chat' | 'feature' }) {
  const { t } = useTranslation(['common', 'shell', 'routes']);
  const title = reason ? t(`shell:${reason}NeededTitle`) : t('forbiddenTitle');
  const body = reason ? t(`shell:${reason}NeededBody`) : t('forbiddenBody');
  return (
    <div className="page-center" data-testid="forbidden" data-reason={reason ?? ''}>
      <Empty image={<IllustrationNoAccess style={{ width: 150, height: 150 }} />} title={title} description={body}>
        <div className="coming-soon-actions">
          {(reason === 'vip' || reason === 'chat') && (
            <Link to="/member" data-testid="forbidden-benefits">
              <Button theme="solid">{t('shell:goBenefits')}</Button>
            </Link>
          )}
          <Link to="/">
            <Button theme={reason === 'vip' || reason === 'chat' ? 'light' : 'solid'}>{t('backHome')}</Button>
          </Link>
        </div>
      </Empty>
    </div>
  );
}
