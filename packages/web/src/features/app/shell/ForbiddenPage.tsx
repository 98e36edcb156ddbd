import { IllustrationNoAccess } from '@douyinfe/semi-illustrations';
import { Button, Empty } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isMobile } from '../../../app/layout.ts';
import { useLeadModal } from '../../commerce/leads/leadModalStore.ts';
import { ServiceContact } from './serviceContact.tsx';

/**
 * A page this user may not open. Gated routes say why and how to get in (spec 000 §6): vipUser
 * (product management, knowledge base) comes with a membership, so the benefits centre; isChatAllow
 * (the agent) is the tenant's chatAllow flag that operators switch on, so customer service and an
 * enquiry, never an upgrade that would not grant it (issue 31). A bare /403 keeps the plain message.
 */
export default function ForbiddenPage({ reason }: { reason?: 'vip' | 'chat' | 'feature' }) {
  const { t } = useTranslation(['common', 'shell', 'routes']);
  const title = reason ? t(`shell:${reason}NeededTitle`) : t('forbiddenTitle');
  const body = reason ? t(`shell:${reason}NeededBody`) : t('forbiddenBody');
  const showLead = useLeadModal((s) => s.show);
  return (
    <div className="page-center" data-testid="forbidden" data-reason={reason ?? ''}>
      <Empty image={<IllustrationNoAccess style={{ width: 150, height: 150 }} />} title={title} description={body}>
        <div className="coming-soon-actions">
          {reason === 'vip' && (
            <Link to="/member" data-testid="forbidden-benefits">
              <Button theme="solid">{t('shell:goBenefits')}</Button>
            </Link>
          )}
          {reason === 'chat' && !isMobile && (
            <Button theme="solid" onClick={() => showLead('MODI', 'agent-access')} data-testid="forbidden-request-access">
              {t('shell:requestAccess')}
            </Button>
          )}
          <Link to="/">
            <Button theme={reason === 'vip' || reason === 'chat' ? 'light' : 'solid'}>{t('backHome')}</Button>
          </Link>
        </div>
        {reason === 'chat' && <ServiceContact size={120} />}
      </Empty>
    </div>
  );
}
