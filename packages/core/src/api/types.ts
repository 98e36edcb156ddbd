import type {
  LedgerReason,
  MonthlyPointsReading,
  OrderStatus,
  OrderStatusName,
  PackagePeriod,
  ProductKind,
  Tier,
  TierBenefits,
} from '../constants/membership.ts';

/** Wire types shared by server and clients. Each domain adds its contracts here or beside it. */

export interface TokenResponse {
  token_type: 'bearer';
  access_token: string;
  expires_in: number;
}

export interface UserInfo {
  id: string;
  phone: string | null;
  email: string | null;
  userName: string;
  tenant: string;
  tenantName: string;
  tenantId: string;
  tenantIcon: string | null;
  companyName: string | null;
  inviterLink: string;
  hasPassword: boolean;
  createdAt: number;
}

export interface BenefitPackage {
  remainBeanCount: number;
  endTime: number | null;
  product: { productType: Tier };
}

export interface CurrentUser {
  user: UserInfo;
  benefitPackage: BenefitPackage;
  vipUser: boolean;
  premiumVipUser: boolean;
  professionalOrFlagship: boolean;
  hotspotTrial: boolean;
  chatAllow: boolean;
  recommended: boolean;
}

export interface SendCodeResult {
  code: 0 | 1;
  errMsg?: string;
}

export interface OutboxMessage {
  to: string;
  channel: 'sms' | 'mail' | 'captcha';
  text: string;
  code: string;
  sentAt: number;
}

/** A page of a list answer. */
export interface Page<T> {
  list: T[];
  total: number;
}

/** One points ledger row (GET /api/points/ledger). */
export interface LedgerEntry {
  id: number;
  delta: number;
  reason: LedgerReason;
  refType: string;
  refId: string;
  balanceAfter: number;
  note: string | null;
  createdAt: number;
}

/** A catalogue product (GET /api/membership/products); prices in cents. */
export interface Product {
  id: string;
  kind: ProductKind;
  tier: Tier | null;
  period: PackagePeriod | null;
  name: string;
  nameZh: string;
  nameEn: string;
  price: number;
  /** Packages: points per month; top-ups: points of the pack. */
  points: number;
  validityDays: number | null;
  active: boolean;
  sort: number;
}

/** What the logged-in user would pay for a product now. */
export interface ProductQuote {
  productId: string;
  /** Amount to pay in cents (list price minus the credit). */
  amount: number;
  /** Remaining value of the current package deducted (upgrades). */
  credit: number;
  /** Why the product cannot be bought now (an errors catalogue key), or null. */
  blockedBy: 'downgradeNotAllowed' | 'upgradeCreditTooHigh' | null;
}

export interface MembershipProducts {
  reading: MonthlyPointsReading;
  tiers: Array<{ tier: Tier; monthlyPoints: number; benefits: TierBenefits }>;
  packages: Product[];
  topups: Product[];
  enterprise: Product | null;
  /** Customer service for the enterprise offer: link and its QR code (data URL). */
  service: { url: string | null; qrCode: string | null; phone: string | null };
  /** Present when logged in. */
  current: { tier: Tier; endTime: number | null; balance: number } | null;
  quotes: ProductQuote[];
}

/** An order (GET /api/orders, POST /api/orders); amounts in cents. */
export interface Order {
  orderNo: string;
  productId: string;
  productKind: ProductKind;
  tier: Tier | null;
  period: PackagePeriod | null;
  name: string;
  points: number;
  listPrice: number;
  credit: number;
  amount: number;
  status: OrderStatus;
  statusName: OrderStatusName;
  provider: string;
  payUrl: string | null;
  /** The pay URL as a QR code (data URL); single-order answers only. */
  qrCode?: string;
  createdAt: number;
  expiresAt: number;
  paidAt: number | null;
  closedAt: number | null;
  refundedAt: number | null;
}

/** An inbox message as GET /api/inbox lists it (spec 000 §3); msgSendTime is epoch ms. */
export interface InboxMessage {
  msgId: string;
  msgTitle: string;
  msgBrief: string;
  msgContent: string;
  msgContentType: 'text' | 'html' | 'link';
  msgSendTime: number;
  msgImg: string | null;
  readed: boolean;
}

export interface InboxPage {
  list: InboxMessage[];
  total: number;
  unReadMsgCnt: number;
}
