import { Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';

/**
 * The customer-service QR code (it dials the support line; operators replace public/service-qr.svg
 * with their own contact code) and the support phone, shown where users are sent to a person.
 */
export const SERVICE_QR_URL = `${import.meta.env.BASE_URL}service-qr.svg`;

export function ServiceContact({ size = 140 }: { size?: number }) {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <div className="service-contact" data-testid="service-contact">
      <img src={SERVICE_QR_URL} alt={t('shell:serviceQrAlt')} width={size} height={size} />
      <Typography.Text type="tertiary">{t('shell:scanForService')}</Typography.Text>
      <Typography.Text type="tertiary">{t('common:supportPhone')}</Typography.Text>
    </div>
  );
}
