import { Modal, Typography } from '@douyinfe/semi-ui-19';
import { MODAL_WIDTH } from '@productimage/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ReminderAction } from './reminders/ReminderModals.tsx';

/** What a tap on the mobile coin balance opens: coins explained and where to top up (spec 000 §4). */
export default function CoinGuideModal({ count, onClose }: { count: number; onClose(): void }) {
  const { t } = useTranslation(['common', 'shell']);
  const navigate = useNavigate();
  return (
    <Modal
      visible
      width={MODAL_WIDTH.reminder}
      title={t('shell:coinGuideTitle')}
      footer={null}
      onCancel={onClose}
      className="padded-modal"
    >
      <div data-testid="coin-guide" className="reminder-body">
        <Typography.Paragraph>{t('shell:coinGuideBody', { count })}</Typography.Paragraph>
        <ReminderAction
          onGo={() => {
            onClose();
            navigate('/member');
          }}
        />
      </div>
    </Modal>
  );
}
