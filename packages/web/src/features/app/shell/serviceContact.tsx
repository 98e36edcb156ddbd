import { Typography } from '@douyinfe/semi-ui-19';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MEMBER_KEYS, memberApi } from '../../commerce/membership/memberQueries.ts';
import { useFlags } from '../../identity/tenants/useFlags.ts';

/** The tenant's support phone and help link (console: tenant settings), else the catalogue's service phone. */
export function useSupport() {
  const { flags } = useFlags();
  const service = useQuery({ queryKey: MEMBER_KEYS.products, queryFn: memberApi.products, staleTime: 5 * 60_000 }).data?.service;
  return {
    phone: flags.supportPhone ?? service?.phone ?? null,
    helpLink: flags.helpLink ?? null,
    qrCode: service?.qrCode ?? null,
  };
}

/**
 * Customer service where users are sent to a person (spec 000: the support phone and a help link
 * are shown in the interface): the operators' QR code, the tenant's support phone (else the
 * membership catalogue's service phone) and the tenant's help link. Nothing configured shows
 * nothing: never a placeholder number.
 */
export function ServiceContact({ size = 140 }: { size?: number }) {
  const { t } = useTranslation(['shell', 'common']);
  const { phone, helpLink, qrCode } = useSupport();
  return (
    <div className="service-contact" data-testid="service-contact">
      {qrCode && (
        <>
          <img src={qrCode} alt={t('shell:serviceQrAlt')} width={size} height={size} data-testid="service-contact-qr" />
          <Typography.Text type="tertiary">{t('shell:scanForService')}</Typography.Text>
        </>
      )}
      {phone && (
        <Typography.Text type="tertiary" data-testid="support-phone">
          {t('shell:servicePhone', { phone })}
        </Typography.Text>
      )}
      {helpLink && (
        <a href={helpLink} target="_blank" rel="noopener noreferrer" data-testid="help-link">
          {t('common:helpLink')}
        </a>
      )}
    </div>
  );
}
