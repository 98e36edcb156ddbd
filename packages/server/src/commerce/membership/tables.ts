import type { PackagePeriod, ProductKind, Tier } from '@productimage/core';

/** Membership tables: the product catalogue and users' paid packages. */
export interface MembershipTables {
  products: {
    id: string;
    kind: ProductKind;
    tier: Tier | null;
    period: PackagePeriod | null;
    name_zh: string;
    name_en: string;
    price_cents: number;
    /** Packages: monthly points override (null: the configured reading). Top-ups: points per pack. */
    points: number | null;
    /** Top-ups: days the points stay spendable. */
    validity_days: number | null;
    active: number;
    sort: number;
    created_at: number;
    updated_at: number;
  };
  /**
   * A paid package: `months` periods from start_at, each granting `monthly_points` (kept at
   * purchase so a later configuration change does not alter a package already sold).
   * status: active, replaced (by an upgrade) or refunded.
   */
  subscriptions: {
    id: string;
    user_id: string;
    tier: Tier;
    product_id: string | null;
    order_no: string | null;
    months: number;
    monthly_points: number;
    /** What the package was worth (list price), for the upgrade credit. */
    value_cents: number;
    start_at: number;
    end_at: number;
    status: 'active' | 'replaced' | 'refunded';
    created_at: number;
  };
}
