/** Membership tiers, in ascending order (spec 000 §3, §6). */
export const TIERS = ['free', 'basic', 'professional', 'premium', 'flagship', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

export const isPaidTier = (tier: Tier | null | undefined): boolean => !!tier && tier !== 'free';

/** Points granted once to every new account (spec 000 §6). */
export const FREE_GRANT_POINTS = 500;
/** Points the inviter receives when an invited user registers. */
export const INVITE_REWARD_POINTS = 100;
/** Warn about expiry when this many days or fewer are left. */
export const EXPIRY_WARNING_DAYS = 3;

/**
 * Monthly points per tier. The spec gives two readings; both are kept and
 * `tiers` (5000/15000/35000/80000, the full tier list of spec 000 §6) is the default.
 * `desktop` is the desktop benefits text (1000/15000/80000 for three paid tiers).
 */
export const MONTHLY_POINTS_READINGS = {
  tiers: { free: 0, basic: 5000, professional: 15000, premium: 35000, flagship: 80000, enterprise: 0 },
  desktop: { free: 0, basic: 1000, professional: 15000, premium: 15000, flagship: 80000, enterprise: 0 },
} as const satisfies Record<string, Record<Tier, number>>;
export type MonthlyPointsReading = keyof typeof MONTHLY_POINTS_READINGS;

/** History retention in days per tier (spec 000 §6). */
export const HISTORY_RETENTION_DAYS: Record<Tier, number> = {
  free: 7,
  basic: 30,
  professional: 100,
  premium: 100,
  flagship: 365,
  enterprise: 365,
};

/** Order / payment status codes (spec 000 §3). */
export const ORDER_STATUS = {
  PENDING: 0,
  PAID: 1,
  FAILED: 2,
  PAYING: 3,
  CLOSED: 4,
  CLOSED_TIMEOUT: 5,
  REFUNDED: 6,
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/** Ledger reasons: every balance change carries exactly one. */
export const LEDGER_REASONS = [
  'grant',
  'monthly_grant',
  'topup',
  'spend',
  'refund',
  'invite_reward',
  'expiry',
  'admin_adjust',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];
