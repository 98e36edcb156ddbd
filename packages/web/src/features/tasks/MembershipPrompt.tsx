import { Button, Modal, Typography } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

interface Props {
  open: boolean;
  message: string;
  onClose: () => void;
}

/** For paid-member features (custom colours, 2K): says so and leads to the benefits centre. */
export function MembershipPrompt({ open, message, onClose }: Props) {
  const { t } = useTranslation(['tasks', 'common']);
  const navigate = useNavigate();
  return (
    <Modal
      visible={open}
      title={t('membershipTitle')}
      width={440}
      onCancel={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button
            theme="solid"
            data-testid="open-membership"
            onClick={() => {
              onClose();
              navigate('/member');
            }}
          >
            {t('openMembership')}
          </Button>
        </>
      }
    >
      <Typography.Paragraph data-testid="membership-message">{message}</Typography.Paragraph>
    </Modal>
  );
}
