import { IconCustomerSupport, IconHelpCircle, IconPlus } from '@douyinfe/semi-icons';
import { Button } from '@douyinfe/semi-ui-19';
import type { CurrentUser } from '@productimage/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFlags } from '../../identity/tenants/useFlags.ts';
import { CoinIcon } from './CoinIcon.tsx';

/** Coin balance with the add-purchase link to the benefits centre. */
export function CoinBalance({ current }: { current: CurrentUser }) {
  const { t } = useTranslation(['common', 'shell']);
  return (
    <span className="coins">
      <CoinIcon tier={current.benefitPackage.product.productType} />
      <span data-testid="coin-balance">{t('coinsCount', { count: current.benefitPackage.remainBeanCount })}</span>
      <Link to="/member" className="coin-add" data-testid="coin-add" title={t('shell:buyCoins')}>
        <IconPlus size="small" />
      </Link>
    </span>
  );
}

/** The enterprise-service button: opens the enquiry form. */
export function EnterpriseServiceButton({ onClick }: { onClick(): void }) {
  const { t } = useTranslation('shell');
  return (
    <Button
      theme="borderless"
      icon={<IconCustomerSupport />}
      aria-label={t('enterpriseService')}
      title={t('enterpriseService')}
      onClick={onClick}
      data-testid="enterprise-service"
    >
      <span className="header-label">{t('enterpriseService')}</span>
    </Button>
  );
}

/**
 * The tenant's help link (console: tenant settings), with the support phone in its tooltip; the
 * phone itself is shown in the floating helper's contact panel. Neither set: nothing renders.
 */
export function HelpLink() {
  const { t } = useTranslation(['common', 'shell']);
  // Tenant flags only: the first screen does not load the membership catalogue (issue 16 budget).
  const { helpLink, supportPhone: phone } = useFlags().flags;
  if (!helpLink) return null;
  const title = phone ? `${t('common:helpLink')} · ${t('shell:servicePhone', { phone })}` : t('common:helpLink');
  return (
    <a
      href={helpLink}
      target="_blank"
      rel="noopener noreferrer"
      className="header-link"
      title={title}
      data-testid="header-help-link"
    >
      <IconHelpCircle />
      <span className="header-label">{t('common:helpLink')}</span>
    </a>
  );
}
