import { Button, Modal, Typography } from '@douyinfe/semi-ui-19';
import { formatYuan, type Order } from '@productimage/core';
import { useTranslation } from 'react-i18next';

interface Props {
  open: Order;
  onPay: () => void;
  onCancelAndReorder: () => void;
  onClose: () => void;
}

/** An order is already waiting for payment: pay it, or cancel it and order the new product. */
export function PendingOrderModal({ open, onPay, onCancelAndReorder, onClose }: Props) {
  const { t } = useTranslation('orders');
  return (
    <Modal
      visible
      title={t('pendingTitle')}
      width={440}
      onCancel={onClose}
      footer={
        <>
          <Button data-testid="pending-cancel-reorder" onClick={onCancelAndReorder}>
            {t('cancelAndReorder')}
          </Button>
          <Button theme="solid" data-testid="pending-pay-current" onClick={onPay}>
            {t('payCurrent')}
          </Button>
        </>
      }
    >
      <Typography.Paragraph data-testid="pending-order">
        {t('pendingBody', { name: open.name, amount: formatYuan(open.amount) })}
      </Typography.Paragraph>
    </Modal>
  );
}
