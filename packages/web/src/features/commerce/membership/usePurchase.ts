import { Toast } from '@douyinfe/semi-ui-19';
import { ApiError, ERRORS, type Order } from '@productimage/core';
import { useState } from 'react';
import { memberApi, useRefreshMember } from './memberQueries.ts';

const message = (error: unknown) => (error as Error)?.message || String(error);

/**
 * The purchase flow: order a product and show its QR code; when an order is already waiting (409
 * with that order), offer to pay it or to cancel it and order anew.
 */
export function usePurchase() {
  const [order, setOrder] = useState<Order | null>(null);
  const [conflict, setConflict] = useState<{ open: Order; productId: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = useRefreshMember();

  const buy = async (productId: string) => {
    setBusy(productId);
    try {
      setOrder(await memberApi.createOrder(productId));
      void refresh();
    } catch (error) {
      if (error instanceof ApiError && error.code === ERRORS.pendingOrderExists.code && error.data) {
        setConflict({ open: error.data as Order, productId });
      } else Toast.error(message(error));
    } finally {
      setBusy(null);
    }
  };

  /** Shows an existing open order's QR code (order list "Pay", or the conflict's first choice). */
  const payOrder = async (orderNo: string) => {
    try {
      setConflict(null);
      setOrder(await memberApi.order(orderNo));
    } catch (error) {
      Toast.error(message(error));
    }
  };

  const cancelAndReorder = async () => {
    if (!conflict) return;
    const { open, productId } = conflict;
    setConflict(null);
    try {
      await memberApi.cancelOrder(open.orderNo);
    } catch (error) {
      Toast.error(message(error));
      return;
    }
    await buy(productId);
  };

  return {
    order,
    conflict,
    busy,
    buy,
    payOrder,
    cancelAndReorder,
    closeOrder: () => {
      setOrder(null);
      void refresh();
    },
    closeConflict: () => setConflict(null),
  };
}
