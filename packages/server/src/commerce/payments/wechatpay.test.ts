import crypto from 'node:crypto';
import { ORDER_STATUS, type Order } from '@productimage/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test-support/harness.ts';
import { decryptResource } from './wechatpay.ts';

/**
 * WeChat Pay APIv3 notifications as documented (https://pay.weixin.qq.com/doc/v3/merchant/4012791861):
 * a JSON body whose `resource` is AEAD_AES_256_GCM-encrypted with the APIv3 key, signed
 * WECHATPAY2-SHA256-RSA2048 by the platform key over "timestamp\nnonce\nbody\n" and sent with the
 * Wechatpay-Timestamp / -Nonce / -Signature / -Serial headers. Keys are generated here; WeChat's
 * servers cannot be reached from this machine, so orders are written as the native API would leave them.
 */
const rsa = () =>
  crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const platform = rsa();
const merchant = rsa();
const API_V3_KEY = 'a'.repeat(16) + crypto.randomBytes(8).toString('hex');
const MCH_ID = '1900000109';
const APP_ID = 'wxd678efh567hg6787';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0114232134912410000000000000';

function encrypt(plain: object, key = API_V3_KEY) {
  const nonce = crypto.randomBytes(6).toString('hex');
  const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from('transaction'));
  const data = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    original_type: 'transaction',
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    associated_data: 'transaction',
    nonce,
  };
}

function notification(
  orderNo: string,
  over: { trade_state?: string; total?: number; mchid?: string } = {},
  signer = platform.privateKey,
) {
  const resource = {
    mchid: over.mchid ?? MCH_ID,
    appid: APP_ID,
    out_trade_no: orderNo,
    transaction_id: '1217752501201407033233368018',
    trade_type: 'NATIVE',
    trade_state: over.trade_state ?? 'SUCCESS',
    trade_state_desc: '支付成功',
    bank_type: 'CMC',
    attach: '',
    success_time: '2026-11-21T10:34:56+08:00',
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: { total: over.total ?? 2000, payer_total: over.total ?? 2000, currency: 'CNY', payer_currency: 'CNY' },
  };
  const body = JSON.stringify({
    id: crypto.randomUUID(),
    create_time: '2026-11-21T10:34:56+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: encrypt(resource),
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = crypto.randomBytes(16).toString('hex');
  const signature = crypto.createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(signer, 'base64');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': PLATFORM_SERIAL,
    },
  };
}

describe('WeChat Pay provider', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('sqlite', {
      PAYMENT_PROVIDER: 'wechatpay',
      WECHATPAY_APP_ID: APP_ID,
      WECHATPAY_MCH_ID: MCH_ID,
      WECHATPAY_SERIAL_NO: '3775B6A45ACD588826D15E583A95F5DD********',
      WECHATPAY_PRIVATE_KEY: merchant.privateKey,
      WECHATPAY_API_V3_KEY: API_V3_KEY,
      WECHATPAY_PLATFORM_SERIAL: PLATFORM_SERIAL,
      WECHATPAY_PLATFORM_PUBLIC_KEY: platform.publicKey,
    });
  });
  afterAll(() => h.close());

  /** An open order as POST /api/orders leaves it after the native API answered a code_url. */
  async function openOrder(userId: string) {
    const now = Date.now();
    const orderNo = `PI${now}${crypto.randomInt(0, 1e6)}`;
    await h.ctx.db
      .insertInto('orders')
      .values({
        order_no: orderNo,
        user_id: userId,
        tenant_id: 'default',
        product_id: 'topup-1000',
        product_kind: 'topup',
        tier: null,
        period: null,
        name_zh: '1000 灵石加油包',
        name_en: '1000 coins top-up',
        points: 1000,
        validity_days: 90,
        months: null,
        list_price_cents: 2000,
        credit_cents: 0,
        amount_cents: 2000,
        replaces_subscription: null,
        status: ORDER_STATUS.PENDING,
        close_reason: null,
        provider: 'wechatpay',
        provider_trade_no: null,
        pay_url: 'weixin://wxpay/bizpayurl?pr=abc',
        refund_note: null,
        created_at: now,
        updated_at: now,
        expires_at: now + 900_000,
        paid_at: null,
        closed_at: null,
        refunded_at: null,
      })
      .execute();
    return orderNo;
  }
  const send = (n: { body: string; headers: Record<string, string> }) =>
    h.app.inject({ method: 'POST', url: '/api/payments/wechatpay/notify', headers: n.headers, payload: n.body });
  const statusOf = async (auth: Record<string, string>, orderNo: string) =>
    (await h.call<Order>({ method: 'GET', url: `/api/orders/${orderNo}`, headers: auth })).data;
  const balance = async (auth: Record<string, string>) =>
    (await h.call({ method: 'GET', url: '/api/membership/products', headers: auth })).data.current.balance as number;

  it('pays the order on a genuine TRANSACTION.SUCCESS once, however often it is delivered', async () => {
    const u = await h.user();
    const orderNo = await openOrder(u.id);
    const n = notification(orderNo);
    const first = await send(n);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ code: 'SUCCESS', message: '' });
    expect((await send(n)).statusCode).toBe(200);
    expect(await statusOf(u.auth, orderNo)).toMatchObject({ status: 1, statusName: 'success' });
    expect(await balance(u.auth)).toBe(1500);
  });

  it('answers FAIL and changes nothing when the signature, serial, body, amount or merchant is wrong', async () => {
    const u = await h.user();
    const orderNo = await openOrder(u.id);
    const forged = notification(orderNo, {}, merchant.privateKey);
    expect((await send(forged)).statusCode).toBe(400);
    const wrongSerial = notification(orderNo);
    wrongSerial.headers['wechatpay-serial'] = 'PUB_KEY_ID_OTHER';
    expect((await send(wrongSerial)).statusCode).toBe(400);
    const tampered = notification(orderNo);
    expect(
      (await send({ ...tampered, body: tampered.body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESS ') })).statusCode,
    ).toBe(400);
    const stale = notification(orderNo);
    stale.headers['wechatpay-timestamp'] = String(Math.floor(Date.now() / 1000) - 3600);
    expect((await send(stale)).statusCode).toBe(400);
    expect((await send(notification(orderNo, { total: 1 }))).statusCode).toBe(400);
    expect((await send(notification(orderNo, { mchid: '1900000999' }))).statusCode).toBe(400);
    expect(await statusOf(u.auth, orderNo)).toMatchObject({ status: 0 });
    expect(await balance(u.auth)).toBe(500);
  });

  it('maps CLOSED, REVOKED and PAYERROR to their statuses', async () => {
    const u = await h.user();
    for (const [state, status, name] of [
      ['PAYERROR', 2, 'failed'],
      ['REVOKED', 4, 'revoked'],
      ['CLOSED', 5, 'paymentTimeout'],
    ] as const) {
      const orderNo = await openOrder(u.id);
      expect((await send(notification(orderNo, { trade_state: state }))).statusCode).toBe(200);
      expect(await statusOf(u.auth, orderNo)).toMatchObject({ status, statusName: name });
    }
  });

  it('checks the GCM tag when decrypting a resource', () => {
    const resource = encrypt({ out_trade_no: 'x' });
    expect(decryptResource(resource, API_V3_KEY)).toEqual({ out_trade_no: 'x' });
    const data = Buffer.from(resource.ciphertext, 'base64');
    data[0] = (data[0] as number) ^ 1;
    expect(() => decryptResource({ ...resource, ciphertext: data.toString('base64') }, API_V3_KEY)).toThrow();
    expect(() => decryptResource({ ...resource, associated_data: 'other' }, API_V3_KEY)).toThrow();
  });
});
