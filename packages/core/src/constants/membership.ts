/** Membership tiers, in ascending order (spec 000 §3, §6). */
export const TIERS = ['free', 'basic', 'professional', 'premium', 'flagship', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

export const isPaidTier = (tier: Tier | null | undefined): boolean => !!tier && tier !== 'free';

/** Points granted once to every new account (spec 000 §6). */
export const FREE_GRANT_POINTS = 500;
/**
 * Points the inviter receives for an invited user, once that user has verified a phone number by
 * SMS (at registration or when binding one later): an e-mail address costs an attacker nothing.
 */
export const INVITE_REWARD_POINTS = 100;
/** Invite rewards one inviter can earn per calendar day (China time); further invitees earn nothing. */
export const INVITE_REWARD_DAILY_CAP = 10;
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

/** What each tier gives (spec 000 §6, spec 001 §6); monthly points come from the configured reading. */
export interface TierBenefits {
  /** Download definition: standard 1080P for everyone, 2K with a paid membership. */
  download: '1080p' | '2k';
  speed: 'normal' | 'fast' | 'dedicated' | 'cluster';
  historyDays: number;
  batch: boolean;
  customColors: boolean;
  fixedScenes: boolean;
  dedicatedService: boolean;
  exclusiveModels: boolean;
  apiAccess: boolean;
}

export const TIER_BENEFITS: Record<Tier, TierBenefits> = {
  free: base(7, { download: '1080p', speed: 'normal' }),
  basic: base(30, { download: '2k', speed: 'fast', batch: true, customColors: true, fixedScenes: true, dedicatedService: true }),
  professional: base(100, {
    download: '2k',
    speed: 'fast',
    batch: true,
    customColors: true,
    fixedScenes: true,
    dedicatedService: true,
  }),
  premium: base(100, {
    download: '2k',
    speed: 'fast',
    batch: true,
    customColors: true,
    fixedScenes: true,
    dedicatedService: true,
  }),
  flagship: base(365, {
    download: '2k',
    speed: 'dedicated',
    batch: true,
    customColors: true,
    fixedScenes: true,
    dedicatedService: true,
  }),
  enterprise: base(365, {
    download: '2k',
    speed: 'cluster',
    batch: true,
    customColors: true,
    fixedScenes: true,
    dedicatedService: true,
    exclusiveModels: true,
    apiAccess: true,
  }),
};

function base(historyDays: number, rest: Partial<TierBenefits> & Pick<TierBenefits, 'download' | 'speed'>): TierBenefits {
  return {
    historyDays,
    batch: false,
    customColors: false,
    fixedScenes: false,
    dedicatedService: false,
    exclusiveModels: false,
    apiAccess: false,
    ...rest,
  };
}

/** Tier order for upgrades: a purchase may only keep or raise the tier. */
export const tierRank = (tier: Tier): number => TIERS.indexOf(tier);

/** Product kinds in the catalogue: membership packages, top-up packs, and the enterprise offer (by contact). */
export const PRODUCT_KINDS = ['package', 'topup', 'enterprise'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
export const PACKAGE_PERIODS = ['monthly', 'annual'] as const;
export type PackagePeriod = (typeof PACKAGE_PERIODS)[number];
/** Months a package lasts; each month grants the tier's monthly points. */
export const PERIOD_MONTHS: Record<PackagePeriod, number> = { monthly: 1, annual: 12 };

/**
 * Desktop status names (spec 000 §3). Codes 4 and 5 are both "closed"; the name tells why:
 * cancelled by the user (closed), revoked by the payer in the provider's app (revoked) or not paid
 * in time (paymentTimeout).
 */
export const ORDER_STATUS_NAMES = [
  'pendingPayment',
  'processing',
  'success',
  'failed',
  'closed',
  'refunded',
  'revoked',
  'paymentTimeout',
] as const;
export type OrderStatusName = (typeof ORDER_STATUS_NAMES)[number];
export type OrderCloseReason = 'cancelled' | 'revoked' | 'timeout';

/** The desktop status name of an order. */
export function orderStatusName(status: OrderStatus, closeReason: OrderCloseReason | null): OrderStatusName {
  switch (status) {
    case ORDER_STATUS.PENDING:
      return 'pendingPayment';
    case ORDER_STATUS.PAYING:
      return 'processing';
    case ORDER_STATUS.PAID:
      return 'success';
    case ORDER_STATUS.FAILED:
      return 'failed';
    case ORDER_STATUS.REFUNDED:
      return 'refunded';
    case ORDER_STATUS.CLOSED_TIMEOUT:
      return 'paymentTimeout';
    default:
      return closeReason === 'revoked' ? 'revoked' : 'closed';
  }
}

/** Orders a user may still pay: they block a new order (pending-order conflict). */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = [ORDER_STATUS.PENDING, ORDER_STATUS.PAYING];

/** The purchase modal polls the order this often (spec 000 §9 polling helper). */
export const ORDER_POLL_INTERVAL_MS = 5000;
