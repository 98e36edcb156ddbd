import { ORDER_STATUS_NAMES } from '@productimage/core';
import { describe, expect, it } from 'vitest';
import { canScanAgain, isOpen, purchaseView } from './purchaseState.ts';

describe('purchase modal states', () => {
  it('polls only while the order can still be paid and offers scan-again after every unpaid end', () => {
    const views = Object.fromEntries(ORDER_STATUS_NAMES.map((name) => [name, purchaseView({ statusName: name })]));
    expect(views).toEqual({
      pendingPayment: 'waiting',
      processing: 'processing',
      success: 'success',
      failed: 'failed',
      closed: 'closed',
      refunded: 'refunded',
      revoked: 'revoked',
      paymentTimeout: 'timedOut',
    });
    expect(ORDER_STATUS_NAMES.filter((n) => isOpen(purchaseView({ statusName: n })))).toEqual(['pendingPayment', 'processing']);
    expect(ORDER_STATUS_NAMES.filter((n) => canScanAgain(purchaseView({ statusName: n })))).toEqual([
      'failed',
      'closed',
      'revoked',
      'paymentTimeout',
    ]);
  });
});
