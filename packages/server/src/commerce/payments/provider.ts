/**
 * One interface for every payment provider (sandbox, Alipay, WeChat Pay). Orders never talk to a
 * provider's SDK directly: they create a payment, close or refund it, and receive notifications
 * that the provider has verified (signature, and decryption where the protocol has it).
 */
export type ProviderName = 'sandbox' | 'alipay' | 'wechatpay';

export interface PayableOrder {
  orderNo: string;
  amountCents: number;
  subject: string;
  expiresAt: number;
}

/** What a verified notification says happened to an order's payment. */
export type PaymentOutcome = 'paid' | 'failed' | 'closed' | 'revoked' | 'paying' | 'ignored';

export interface PaymentNotification {
  /** The provider's unique id of this notification: a replay carries the same id. */
  eventId: string;
  orderNo: string;
  outcome: PaymentOutcome;
  /** The amount paid in cents, when the notification states it. */
  amountCents: number | null;
  tradeNo: string | null;
  payload: unknown;
}

export interface NotifyRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

export interface NotifyAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Opens the payment at the provider; answers what the user scans (the QR code's content). */
  createPayment(order: PayableOrder, urls: { notifyUrl: string; origin: string }): Promise<{ payUrl: string }>;
  /** Verifies a notification; throws AppError('paymentSignatureInvalid') when it is not genuine. */
  verifyNotification(request: NotifyRequest): Promise<PaymentNotification>;
  /** The answer the provider expects, so it stops (ok) or retries (not ok). */
  acknowledge(ok: boolean): NotifyAnswer;
  /** Closes an unpaid payment so it can no longer be paid. */
  close(orderNo: string): Promise<void>;
  /** Refunds a paid order in full; the refund number makes a retry refund once. */
  refund(input: { orderNo: string; amountCents: number; refundNo: string; reason: string }): Promise<void>;
}

/** Yuan with two decimals, as Alipay writes amounts. */
export const centsToYuan = (cents: number) => (cents / 100).toFixed(2);
export const yuanToCents = (yuan: string) => Math.round(Number.parseFloat(yuan) * 100);
