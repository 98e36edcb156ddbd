import type { Order, OrderStatusName } from '@productimage/core';

/** What the purchase modal shows for an order: waiting (QR code), paid, or ended without payment. */
export type PurchaseView = 'waiting' | 'processing' | 'success' | 'failed' | 'timedOut' | 'closed' | 'revoked' | 'refunded';

const VIEWS: Record<OrderStatusName, PurchaseView> = {
  pendingPayment: 'waiting',
  processing: 'processing',
  success: 'success',
  failed: 'failed',
  paymentTimeout: 'timedOut',
  closed: 'closed',
  revoked: 'revoked',
  refunded: 'refunded',
};

export const purchaseView = (order: Pick<Order, 'statusName'>): PurchaseView => VIEWS[order.statusName];

/** Still worth polling: the payment can still happen. */
export const isOpen = (view: PurchaseView) => view === 'waiting' || view === 'processing';

/** Ended without payment: the modal offers to scan again (a new order for the same product). */
export const canScanAgain = (view: PurchaseView) =>
  view === 'failed' || view === 'timedOut' || view === 'closed' || view === 'revoked';
