import { Button, Card, Typography } from '@douyinfe/semi-ui-19';
import type { MembershipProducts } from '@productimage/core';
import { useTranslation } from 'react-i18next';
import { useLeadModal } from '../leads/leadModalStore.ts';
import { BenefitList } from './BenefitList.tsx';

/**
 * The enterprise offer: custom coins by contract, so no buy button but the customer-service QR code
 * (when the operator has set one) and the enquiry form.
 */
export function EnterpriseCard({ data }: { data: MembershipProducts }) {
  const { t } = useTranslation('member');
  const showLead = useLeadModal((s) => s.show);
  const tier = data.tiers.find((x) => x.tier === 'enterprise');
  const mine = data.current?.tier === 'enterprise';
  return (
    <Card
      className={`member-card enterprise${mine ? ' current' : ''}`}
      data-testid="tier-card-enterprise"
      title={t('enterpriseTitle')}
    >
      <Typography.Paragraph type="secondary">{mine ? t('enterpriseYours') : t('enterpriseBody')}</Typography.Paragraph>
      {tier && <BenefitList benefits={tier.benefits} enterprise />}
      {data.service.qrCode && (
        <img className="member-service-qr" src={data.service.qrCode} alt={t('contactUs')} data-testid="service-qr" />
      )}
      {data.service.phone && <div className="member-service-phone">{t('servicePhone', { phone: data.service.phone })}</div>}
      <Button block onClick={() => showLead('MODI', 'member-enterprise')} data-testid="enterprise-contact">
        {t('contactUs')}
      </Button>
    </Card>
  );
}
