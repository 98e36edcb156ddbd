import { Button, Modal, Typography } from '@douyinfe/semi-ui-19';
import { MODAL_WIDTH } from '@productimage/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isMobile } from '../../../../app/layout.ts';
import { useSession } from '../../../identity/accounts/session.ts';
import { ServiceContact } from '../serviceContact.tsx';
import { useInsufficientCoins } from './insufficientCoins.ts';
import { takeMembershipReminder } from './membershipReminder.ts';

/**
 * What the reminder offers (spec 000 §4): enterprise users contact customer service (QR code),
 * others renew in the benefits centre, and on mobile they are told to do it on the desktop site.
 */
export function ReminderAction({ onGo }: { onGo(): void }) {
  const { t } = useTranslation(['shell', 'common']);
  const { current } = useSession();
  if (current?.benefitPackage.product.productType === 'enterprise') {
    return (
      <div data-testid="reminder-service">
        <Typography.Paragraph>{t('shell:contactService')}</Typography.Paragraph>
        <ServiceContact size={160} />
      </div>
    );
  }
  if (isMobile) {
    return (
      <Typography.Paragraph type="tertiary" data-testid="reminder-desktop-hint">
        {t('shell:topUpOnDesktop')}
      </Typography.Paragraph>
    );
  }
  return (
    <Button theme="solid" block onClick={onGo} data-testid="reminder-go-member">
      {t('shell:goBenefits')}
    </Button>
  );
}

/** The 440 px membership-expiry reminder, opened at most once per expiry window. */
export function MembershipReminderModal() {
  const { t } = useTranslation('shell');
  const { current } = useSession();
  const navigate = useNavigate();
  const [days, setDays] = useState<number | null>(null);
  useEffect(() => {
    if (current) setDays(takeMembershipReminder(current.benefitPackage, Date.now(), localStorage));
  }, [current]);
  if (days === null) return null;
  const close = () => setDays(null);
  return (
    <Modal visible width={MODAL_WIDTH.reminder} title={t('expiryTitle')} footer={null} onCancel={close}>
      <div data-testid="membership-reminder" className="reminder-body">
        <Typography.Paragraph>{t('expiryBody', { count: days })}</Typography.Paragraph>
        <ReminderAction
          onGo={() => {
            close();
            navigate('/member');
          }}
        />
      </div>
    </Modal>
  );
}

/** The insufficient-lingshi modal: shown when an action fails for too few coins; points to the benefits centre. */
export function InsufficientCoinsModal() {
  const { t } = useTranslation('shell');
  const { open, hide } = useInsufficientCoins();
  const navigate = useNavigate();
  if (!open) return null;
  return (
    <Modal visible width={MODAL_WIDTH.reminder} title={t('notEnoughTitle')} footer={null} onCancel={hide}>
      <div data-testid="insufficient-coins" className="reminder-body">
        <Typography.Paragraph>{t('notEnoughBody')}</Typography.Paragraph>
        <ReminderAction
          onGo={() => {
            hide();
            navigate('/member');
          }}
        />
      </div>
    </Modal>
  );
}
