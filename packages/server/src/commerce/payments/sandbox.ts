import crypto from 'node:crypto';
import { AppError } from '../../platform/http/errors.ts';
import type { NotifyAnswer, NotifyRequest, PaymentNotification, PaymentProvider } from './provider.ts';

/**
 * The sandbox provider (the default, a test mode: no money moves). Its pay page is served by this
 * server; the page's buttons call POST /api/payments/sandbox/:orderNo/pay, which sends a signed
 * notification to the same webhook path a real provider uses. The signature is an HMAC-SHA256 of
 * `${timestamp}.${body}` with the server secret, in the header `x-sandbox-signature: t=..,v1=..`;
 * notifications older than five minutes are refused (replays of the same event id change nothing).
 */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
const TOLERANCE_MS = 5 * 60 * 1000;

export type SandboxResult = 'success' | 'fail' | 'timeout';

export interface SandboxEvent {
  eventId: string;
  orderNo: string;
  result: SandboxResult;
  amount: number;
  tradeNo: string;
}

/**
 * The pay page's capability: an HMAC of the order number with the server secret. Only the order's
 * owner receives it (in the order's `payUrl`), so an order number alone neither shows the page nor
 * presses its buttons (security.md "Payments").
 */
export function sandboxPayToken(secret: string, orderNo: string): string {
  return crypto.createHmac('sha256', secret).update(`sandbox-pay:${orderNo}`).digest('base64url').slice(0, 32);
}

/** Whether `token` is the pay page capability of this order (constant time). */
export function validPayToken(secret: string, orderNo: string, token: unknown): boolean {
  if (typeof token !== 'string') return false;
  const expected = Buffer.from(sandboxPayToken(secret, orderNo));
  const given = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export function signSandbox(secret: string, body: string, timestamp = Date.now()): string {
  const mac = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

function verifySandbox(secret: string, body: string, header: string | undefined, now = Date.now()): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!parts.v1 || !Number.isFinite(timestamp) || Math.abs(now - timestamp) > TOLERANCE_MS) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

const OUTCOMES = { success: 'paid', fail: 'failed', timeout: 'closed' } as const;

export function createSandboxProvider(secret: string): PaymentProvider {
  return {
    name: 'sandbox',
    async createPayment(order, urls) {
      const path = `/api/payments/sandbox/${encodeURIComponent(order.orderNo)}`;
      return { payUrl: `${urls.origin}${path}?t=${sandboxPayToken(secret, order.orderNo)}` };
    },
    async verifyNotification(request: NotifyRequest): Promise<PaymentNotification> {
      const header = request.headers[SANDBOX_SIGNATURE_HEADER];
      if (!verifySandbox(secret, request.rawBody, typeof header === 'string' ? header : undefined))
        throw new AppError('paymentSignatureInvalid');
      let event: SandboxEvent;
      try {
        event = JSON.parse(request.rawBody);
      } catch {
        throw new AppError('paymentSignatureInvalid');
      }
      return {
        eventId: event.eventId,
        orderNo: event.orderNo,
        outcome: OUTCOMES[event.result] ?? 'ignored',
        amountCents: event.amount,
        tradeNo: event.tradeNo,
        payload: event,
      };
    },
    acknowledge(ok): NotifyAnswer {
      return { status: ok ? 200 : 400, contentType: 'application/json', body: JSON.stringify({ ok }) };
    },
    async close() {},
    async refund() {},
  };
}
