import { IconAlertCircle, IconTickCircle } from '@douyinfe/semi-icons';
import { Button, Modal, Spin, Typography } from '@douyinfe/semi-ui-19';
import { formatDate, formatYuan, ORDER_POLL_INTERVAL_MS, type Order } from '@productimage/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_KEYS, memberApi, useRefreshMember } from './memberQueries.ts';
import { canScanAgain, isOpen, purchaseView } from './purchaseState.ts';

interface Props {
  order: Order;
  onClose: () => void;
  /** A new order for the same product (after a failed, timed-out, closed or revoked payment). */
  onScanAgain: (productId: string) => void;
}

/** The QR code of an order, polled every 5 s until it is paid or ends. */
export function PurchaseModal({ order, onClose, onScanAgain }: Props) {
  const { t } = useTranslation(['member', 'orders']);
  const refresh = useRefreshMember();
  const query = useQuery({
    queryKey: MEMBER_KEYS.order(order.orderNo),
    queryFn: () => memberApi.order(order.orderNo),
    initialData: order,
    refetchInterval: (q) => (q.state.data && isOpen(purchaseView(q.state.data)) ? ORDER_POLL_INTERVAL_MS : false),
  });
  const current = query.data ?? order;
  const view = purchaseView(current);
  const refreshed = useRef(false);
  useEffect(() => {
    if (view === 'success' && !refreshed.current) {
      refreshed.current = true;
      void refresh();
    }
  }, [view, refresh]);

  const qrCode = current.qrCode ?? order.qrCode;
  const ended = canScanAgain(view);
  return (
    <Modal
      visible
      title={t('purchase.title')}
      width={500}
      onCancel={onClose}
      footer={
        ended ? (
          <Button theme="solid" data-testid="purchase-scan-again" onClick={() => onScanAgain(current.productId)}>
            {t('purchase.scanAgain')}
          </Button>
        ) : view === 'success' ? (
          <Button theme="solid" data-testid="purchase-done" onClick={onClose}>
            {t('purchase.done')}
          </Button>
        ) : null
      }
    >
      <div className="purchase-body" data-testid="purchase-modal" data-view={view}>
        <Typography.Title heading={5}>{current.name}</Typography.Title>
        <div className="purchase-amount">{t('purchase.amount', { amount: formatYuan(current.amount) })}</div>
        {current.credit > 0 && <div className="purchase-meta">{t('orders:credit', { amount: formatYuan(current.credit) })}</div>}
        {isOpen(view) && (
          <>
            {qrCode ? <img className="purchase-qr" src={qrCode} alt={t('purchase.title')} data-testid="purchase-qr" /> : <Spin />}
            <div className="purchase-meta">{t('purchase.expiresAt', { time: formatDate(current.expiresAt, true) })}</div>
            <div className="purchase-status" data-testid="purchase-status">
              <Spin size="small" /> {view === 'processing' ? t('purchase.processing') : t('purchase.waiting')}
            </div>
            {current.provider === 'sandbox' && current.payUrl && (
              <div className="purchase-sandbox">
                <Typography.Text type="tertiary">{t('purchase.sandboxNotice')}</Typography.Text>
                <a href={current.payUrl} target="_blank" rel="noreferrer" data-testid="purchase-pay-link">
                  {t('purchase.openPayPage')}
                </a>
              </div>
            )}
          </>
        )}
        {view === 'success' && (
          <div className="purchase-result success" data-testid="purchase-success">
            <IconTickCircle size="extra-large" />
            <div>{t('purchase.success')}</div>
            <Typography.Text type="tertiary">{t('purchase.successBody')}</Typography.Text>
          </div>
        )}
        {(ended || view === 'refunded') && (
          <div className="purchase-result ended" data-testid="purchase-ended">
            <IconAlertCircle size="extra-large" />
            <div>{view === 'refunded' ? t('orders:statusNames.refunded') : t(`purchase.${view}`)}</div>
          </div>
        )}
      </div>
    </Modal>
  );
}
