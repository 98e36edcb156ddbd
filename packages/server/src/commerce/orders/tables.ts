import type { OrderCloseReason, OrderStatus, PackagePeriod, ProductKind, Tier } from '@productimage/core';
import type { Generated } from 'kysely';

/** Orders keep a snapshot of the product bought, so later catalogue edits do not change them. */
export interface OrderTables {
  orders: {
    order_no: string;
    user_id: string;
    tenant_id: string;
    product_id: string;
    product_kind: ProductKind;
    tier: Tier | null;
    period: PackagePeriod | null;
    name_zh: string;
    name_en: string;
    /** Top-ups: points of the pack; packages: monthly points. */
    points: number;
    validity_days: number | null;
    months: number | null;
    list_price_cents: number;
    /** Remaining value of the package an upgrade replaces. */
    credit_cents: number;
    amount_cents: number;
    replaces_subscription: string | null;
    status: OrderStatus;
    close_reason: OrderCloseReason | null;
    provider: string;
    provider_trade_no: string | null;
    pay_url: string | null;
    refund_note: string | null;
    created_at: number;
    updated_at: number;
    expires_at: number;
    paid_at: number | null;
    closed_at: number | null;
    refunded_at: number | null;
  };
  /** Every verified payment notification, once per (provider, event_id): replays change nothing. */
  payment_events: {
    id: Generated<number>;
    provider: string;
    event_id: string;
    order_no: string;
    outcome: string;
    payload: string;
    received_at: number;
  };
}
