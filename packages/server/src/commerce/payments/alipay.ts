import type * as Alipay from 'alipay-sdk';
import { AppError } from '../../platform/http/errors.ts';
import { requireOnUse } from '../../platform/require-on-use.ts';
import {
  centsToYuan,
  type NotifyAnswer,
  type NotifyRequest,
  type PaymentNotification,
  type PaymentOutcome,
  type PaymentProvider,
  yuanToCents,
} from './provider.ts';

export interface AlipayConfig {
  appId: string;
  /** The application's private key (RSA2); PKCS#8 ("PRIVATE KEY") or PKCS#1 ("RSA PRIVATE KEY"). */
  privateKey: string;
  /** Alipay's public key, which signs the notifications. */
  alipayPublicKey: string;
  gateway: string;
}

/** Alipay trade states (https://opendocs.alipay.com/open/194/103296) as our outcomes. */
const OUTCOMES: Record<string, PaymentOutcome> = {
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  TRADE_CLOSED: 'closed',
  WAIT_BUYER_PAY: 'paying',
};

/** Alipay's time format for time_expire: yyyy-MM-dd HH:mm:ss in China Standard Time. */
function alipayTime(at: number): string {
  return new Date(at + 8 * 3600 * 1000).toISOString().replace('T', ' ').slice(0, 19);
}

/**
 * Alipay face-to-face payment (alipay.trade.precreate gives the QR code content) through Alipay's
 * own SDK. Notifications are form posts signed RSA2 over the sorted parameters; the SDK verifies
 * them (checkNotifySignV2: the values as received, already form-decoded) and we also check that
 * they are for our app id. Alipay expects the text `success`, else it retries.
 */
export function createAlipayProvider(config: AlipayConfig): PaymentProvider {
  // Loaded with the provider (PAYMENT_PROVIDER=alipay), not at every start (platform/require-on-use.ts).
  const { AlipaySdk } = requireOnUse<typeof Alipay>('alipay-sdk');
  const sdk = new AlipaySdk({
    appId: config.appId,
    privateKey: config.privateKey,
    alipayPublicKey: config.alipayPublicKey,
    gateway: config.gateway,
    keyType: config.privateKey.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
    signType: 'RSA2',
  });

  async function call(method: string, bizContent: Record<string, unknown>, extra: Record<string, unknown> = {}) {
    let result: Record<string, any>;
    try {
      // validateSign: Alipay's answer must carry its signature, as much as its notifications.
      result = await sdk.exec(method, { ...extra, bizContent }, { validateSign: true });
    } catch {
      throw new AppError('paymentProviderFailed');
    }
    if (result.code !== '10000') throw new AppError('paymentProviderFailed', {}, { providerCode: result.subCode ?? result.code });
    return result;
  }

  return {
    name: 'alipay',
    async createPayment(order, urls) {
      const result = await call(
        'alipay.trade.precreate',
        {
          out_trade_no: order.orderNo,
          total_amount: centsToYuan(order.amountCents),
          subject: order.subject,
          time_expire: alipayTime(order.expiresAt),
        },
        { notify_url: urls.notifyUrl },
      );
      return { payUrl: result.qrCode as string };
    },
    async verifyNotification(request: NotifyRequest): Promise<PaymentNotification> {
      const params = Object.fromEntries(new URLSearchParams(request.rawBody));
      if (!sdk.checkNotifySignV2(params) || params.app_id !== config.appId) throw new AppError('paymentSignatureInvalid');
      return {
        eventId: params.notify_id ?? `${params.out_trade_no}:${params.trade_status}:${params.gmt_payment ?? params.notify_time}`,
        orderNo: params.out_trade_no ?? '',
        outcome: OUTCOMES[params.trade_status ?? ''] ?? 'ignored',
        amountCents: params.total_amount ? yuanToCents(params.total_amount) : null,
        tradeNo: params.trade_no ?? null,
        payload: params,
      };
    },
    acknowledge(ok): NotifyAnswer {
      return { status: 200, contentType: 'text/plain', body: ok ? 'success' : 'fail' };
    },
    async close(orderNo) {
      await call('alipay.trade.close', { out_trade_no: orderNo });
    },
    async refund(input) {
      await call('alipay.trade.refund', {
        out_trade_no: input.orderNo,
        refund_amount: centsToYuan(input.amountCents),
        out_request_no: input.refundNo,
        refund_reason: input.reason.slice(0, 200),
      });
    },
  };
}
