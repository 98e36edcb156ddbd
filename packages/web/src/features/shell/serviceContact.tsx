import { Typography } from '@douyinfe/semi-ui-19';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MEMBER_KEYS, memberApi } from '../member/memberQueries.ts';

/**
 * Customer service as the operators configured it (the membership catalogue's service contact: its
 * link as a QR code and the phone), shown where users are sent to a person; the product's support
 * line when nothing is configured.
 */
export function ServiceContact({ size = 140 }: { size?: number }) {
  const { t } = useTranslation(['shell', 'common']);
  const service = useQuery({ queryKey: MEMBER_KEYS.products, queryFn: memberApi.products, staleTime: 5 * 60_000 }).data?.service;
  return (
    <div className="service-contact" data-testid="service-contact">
      {service?.qrCode && (
        <>
          <img src={service.qrCode} alt={t('shell:serviceQrAlt')} width={size} height={size} data-testid="service-contact-qr" />
          <Typography.Text type="tertiary">{t('shell:scanForService')}</Typography.Text>
        </>
      )}
      <Typography.Text type="tertiary">
        {service?.phone ? t('shell:servicePhone', { phone: service.phone }) : t('common:supportPhone')}
      </Typography.Text>
    </div>
  );
}
