import { ORDER_STATUS_NAMES, TIER_BENEFITS } from '@productimage/core';
import { describe, expect, it } from 'vitest';
import { benefitLines, shownBenefits } from './benefits.ts';
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

describe('plan benefits promise only what this deployment offers', () => {
  it('drops lines whose tools have no engine and a dedicated channel with no reserved slots; operators see them marked', () => {
    const onlyCutout = benefitLines(TIER_BENEFITS.basic, false, ['MATTING_IMAGE']);
    const gaps = Object.fromEntries(onlyCutout.map((l) => [l.key, l.gap ?? null]));
    expect(gaps).toMatchObject({
      download2k: null,
      batch: null,
      customColors: 'engine',
      fixedScenes: 'engine',
      speedFast: null,
    });
    const member = shownBenefits(onlyCutout, false).map((l) => l.key);
    expect(member).toContain('batch');
    expect(member).not.toContain('customColors');
    expect(member).toContain('speedFast');
    expect(shownBenefits(onlyCutout, true)).toHaveLength(onlyCutout.length);
    // With product backgrounds and model engines the lines come back; enterprise compute is by contract.
    const all = benefitLines(TIER_BENEFITS.basic, false, ['PRODUCT_REPLACE_IMAGE', 'MODEL_IMAGE_NEW']);
    expect(all.filter((l) => l.gap).map((l) => l.key)).toEqual([]);
    // The flagship's dedicated channel holds where slots are reserved for it (RESERVED_SLOTS).
    expect(benefitLines(TIER_BENEFITS.flagship, false, ['MATTING_IMAGE']).find((l) => l.key === 'speedDedicated')?.gap).toBe(
      'queue',
    );
    expect(
      benefitLines(TIER_BENEFITS.flagship, false, ['MATTING_IMAGE'], true).find((l) => l.key === 'speedDedicated')?.gap,
    ).toBeUndefined();
    expect(
      benefitLines(TIER_BENEFITS.enterprise, true, ['MATTING_IMAGE']).find((l) => l.key.startsWith('speed'))?.gap,
    ).toBeUndefined();
  });
});
