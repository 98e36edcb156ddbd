import crypto from 'node:crypto';
import type WxPayClass from 'wechatpay-node-v3';
import { AppError } from '../../platform/http/errors.ts';
import { requireOnUse } from '../../platform/require-on-use.ts';
import type { NotifyAnswer, NotifyRequest, PaymentNotification, PaymentOutcome, PaymentProvider } from './provider.ts';

export interface WechatPayConfig {
  appId: string;
  mchId: string;
  /** Serial number of the merchant API certificate (signs our requests). */
  serialNo: string;
  privateKey: string;
  /** The APIv3 key (32 bytes) that encrypts notification resources. */
  apiV3Key: string;
  /** WeChat Pay's platform public key and its id/serial (Wechatpay-Serial of notifications). */
  platformSerial: string;
  platformPublicKey: string;
}

/** WeChat Pay trade_state values (https://pay.weixin.qq.com/doc/v3/merchant/4012791861) as our outcomes. */
const OUTCOMES: Record<string, PaymentOutcome> = {
  SUCCESS: 'paid',
  PAYERROR: 'failed',
  CLOSED: 'closed',
  REVOKED: 'revoked',
  USERPAYING: 'paying',
  NOTPAY: 'ignored',
  REFUND: 'ignored',
};
const TOLERANCE_SECONDS = 5 * 60;

const header = (h: NotifyRequest['headers'], name: string) => {
  const v = h[name];
  return typeof v === 'string' ? v : undefined;
};

/** Verifies WECHATPAY2-SHA256-RSA2048: SHA256withRSA over "timestamp\nnonce\nbody\n". */
export function verifyWechatSignature(
  request: NotifyRequest,
  platformSerial: string,
  platformPublicKey: string,
  now = Date.now(),
): boolean {
  const timestamp = header(request.headers, 'wechatpay-timestamp');
  const nonce = header(request.headers, 'wechatpay-nonce');
  const signature = header(request.headers, 'wechatpay-signature');
  const serial = header(request.headers, 'wechatpay-serial');
  if (!timestamp || !nonce || !signature || serial !== platformSerial) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  return crypto
    .createVerify('RSA-SHA256')
    .update(`${timestamp}\n${nonce}\n${request.rawBody}\n`)
    .verify(platformPublicKey, signature, 'base64');
}

/** AEAD_AES_256_GCM decryption of a notification resource; the tag (last 16 bytes) is checked. */
export function decryptResource(
  resource: { ciphertext: string; nonce: string; associated_data?: string },
  apiV3Key: string,
): Record<string, any> {
  const data = Buffer.from(resource.ciphertext, 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  const plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
  return JSON.parse(plain.toString('utf8'));
}

/**
 * WeChat Pay APIv3 Native payment (the code_url is what the user scans) through wechatpay-node-v3
 * for the signed outgoing calls. Notifications are verified here with node:crypto against the
 * configured platform public key (the SDK would fetch certificates over the network and does not
 * check the GCM tag), then the resource is decrypted with the APIv3 key. WeChat Pay expects 200/204
 * on success, else it retries.
 */
export function createWechatPayProvider(config: WechatPayConfig): PaymentProvider {
  // Loaded with the provider (PAYMENT_PROVIDER=wechatpay), not at every start (platform/require-on-use.ts).
  const WxPay = requireOnUse<typeof WxPayClass>('wechatpay-node-v3');
  const pay = new WxPay({
    appid: config.appId,
    mchid: config.mchId,
    serial_no: config.serialNo,
    // The SDK wants the merchant certificate only to read its serial number, which we give.
    publicKey: Buffer.from(config.platformPublicKey),
    privateKey: Buffer.from(config.privateKey),
    key: config.apiV3Key,
  });

  async function expectOk(promise: Promise<{ status: number; data?: any; error?: unknown }>) {
    let result: { status: number; data?: any; error?: unknown };
    try {
      result = await promise;
    } catch {
      throw new AppError('paymentProviderFailed');
    }
    if (result.status < 200 || result.status >= 300) throw new AppError('paymentProviderFailed');
    return result.data;
  }

  return {
    name: 'wechatpay',
    async createPayment(order, urls) {
      const data = await expectOk(
        pay.transactions_native({
          description: order.subject.slice(0, 127),
          out_trade_no: order.orderNo,
          notify_url: urls.notifyUrl,
          time_expire: new Date(order.expiresAt).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
          amount: { total: order.amountCents, currency: 'CNY' },
        } as Parameters<typeof pay.transactions_native>[0]),
      );
      return { payUrl: data.code_url as string };
    },
    async verifyNotification(request: NotifyRequest): Promise<PaymentNotification> {
      if (!verifyWechatSignature(request, config.platformSerial, config.platformPublicKey))
        throw new AppError('paymentSignatureInvalid');
      let body: any;
      let resource: Record<string, any>;
      try {
        body = JSON.parse(request.rawBody);
        resource = decryptResource(body.resource, config.apiV3Key);
      } catch {
        throw new AppError('paymentSignatureInvalid');
      }
      if (resource.mchid !== config.mchId) throw new AppError('paymentSignatureInvalid');
      return {
        eventId: String(body.id),
        orderNo: String(resource.out_trade_no ?? ''),
        outcome: OUTCOMES[resource.trade_state] ?? 'ignored',
        amountCents: typeof resource.amount?.total === 'number' ? resource.amount.total : null,
        tradeNo: resource.transaction_id ?? null,
        payload: { ...body, resource },
      };
    },
    acknowledge(ok): NotifyAnswer {
      return ok
        ? { status: 200, contentType: 'application/json', body: JSON.stringify({ code: 'SUCCESS', message: '' }) }
        : { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: 'rejected' }) };
    },
    async close(orderNo) {
      await expectOk(pay.close(orderNo));
    },
    async refund(input) {
      await expectOk(
        pay.refunds({
          out_trade_no: input.orderNo,
          out_refund_no: input.refundNo,
          reason: input.reason.slice(0, 80),
          amount: { refund: input.amountCents, total: input.amountCents, currency: 'CNY' },
        } as Parameters<typeof pay.refunds>[0]),
      );
    },
  };
}
