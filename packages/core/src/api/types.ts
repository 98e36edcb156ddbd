import type { Tier } from '../constants/membership.ts';

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
