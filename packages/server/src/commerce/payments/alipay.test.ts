import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Order } from '@productimage/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test-support/harness.ts';

/**
 * Alipay, end to end on this machine: a local stand-in for Alipay's gateway (openapi.alipay.com
 * cannot be reached from here) that speaks the documented protocol — it checks the app's RSA2
 * request signature and answers alipay.trade.precreate with a response signed by "Alipay's" key —
 * and notifications built as Alipay documents them (https://opendocs.alipay.com/open/194/103296),
 * signed RSA2 over the sorted parameters without sign and sign_type.
 */
const pair = () =>
  crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const app = pair();
const alipay = pair();
const APP_ID = '2021000000000001';

/** Requests sign every parameter but `sign`; notifications leave out `sign_type` too. */
const signContent = (params: Record<string, string>, without = ['sign', 'sign_type']) =>
  Object.keys(params)
    .filter((k) => !without.includes(k) && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
const rsa2 = (content: string, key: string) => crypto.createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');

/** A notification exactly as Alipay posts it (form-encoded), for an order. */
function notification(fields: Record<string, string>, key = alipay.privateKey) {
  const params: Record<string, string> = {
    gmt_create: '2026-11-21 15:45:57',
    charset: 'utf-8',
    seller_email: 'merchant@example.com',
    subject: '1000 灵石加油包',
    buyer_id: '2088102122524333',
    invoice_amount: '20.00',
    notify_id: crypto.randomBytes(16).toString('hex'),
    fund_bill_list: '[{"amount":"20.00","fundChannel":"ALIPAYACCOUNT"}]',
    notify_type: 'trade_status_sync',
    trade_status: 'TRADE_SUCCESS',
    receipt_amount: '20.00',
    app_id: APP_ID,
    buyer_pay_amount: '20.00',
    seller_id: '2088102119685838',
    gmt_payment: '2026-11-21 15:45:57',
    notify_time: '2026-11-21 15:45:58',
    version: '1.0',
    total_amount: '20.00',
    trade_no: '2026112122001404330000121536',
    auth_app_id: APP_ID,
    buyer_logon_id: 'csq***@sandbox.com',
    point_amount: '0.00',
    ...fields,
  };
  params.sign = rsa2(signContent(params), key);
  params.sign_type = 'RSA2';
  return new URLSearchParams(params).toString();
}

describe('Alipay provider', () => {
  let h: Harness;
  let gateway: http.Server;
  const calls: Array<Record<string, string>> = [];
  beforeAll(async () => {
    gateway = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://gateway');
        const params = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(body)) };
        calls.push(params);
        const genuine = crypto
          .createVerify('RSA-SHA256')
          .update(signContent(params, ['sign']), 'utf8')
          .verify(app.publicKey, params.sign ?? '', 'base64');
        const key = `${(params.method ?? '').replaceAll('.', '_')}_response`;
        const biz = JSON.parse(params.biz_content ?? '{}');
        const inner = genuine
          ? JSON.stringify({
              code: '10000',
              msg: 'Success',
              out_trade_no: biz.out_trade_no,
              qr_code: `https://qr.alipay.com/bax0${biz.out_trade_no}`,
            })
          : JSON.stringify({ code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' });
        res.setHeader('content-type', 'application/json;charset=utf-8');
        res.end(`{"${key}":${inner},"sign":"${rsa2(inner, alipay.privateKey)}"}`);
      });
    });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    const port = (gateway.address() as AddressInfo).port;
    h = await createHarness('sqlite', {
      PAYMENT_PROVIDER: 'alipay',
      ALIPAY_APP_ID: APP_ID,
      ALIPAY_PRIVATE_KEY: app.privateKey,
      ALIPAY_PUBLIC_KEY: alipay.publicKey,
      ALIPAY_GATEWAY: `http://127.0.0.1:${port}/gateway.do`,
    });
  });
  afterAll(async () => {
    await h.close();
    await new Promise((r) => gateway.close(r));
  });

  const notify = (payload: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/payments/alipay/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });
  const balance = async (auth: Record<string, string>) =>
    (await h.call({ method: 'GET', url: '/api/membership/products', headers: auth })).data.current.balance as number;

  it('opens the payment with a signed precreate call and shows Alipay’s QR content', async () => {
    const u = await h.user();
    const res = await h.call<Order>({
      method: 'POST',
      url: '/api/orders',
      headers: u.auth,
      payload: { productId: 'topup-1000' },
    });
    expect(res.code).toBe(0);
    expect(res.data.provider).toBe('alipay');
    expect(res.data.payUrl).toBe(`https://qr.alipay.com/bax0${res.data.orderNo}`);
    const call = calls.at(-1) as Record<string, string>;
    expect(call.method).toBe('alipay.trade.precreate');
    expect(call.notify_url).toMatch(/\/api\/payments\/alipay\/notify$/);
    expect(JSON.parse(call.biz_content as string)).toMatchObject({ out_trade_no: res.data.orderNo, total_amount: '20.00' });
    // The sandbox pay page does not exist with a real provider.
    expect((await h.app.inject({ method: 'GET', url: `/api/payments/sandbox/${res.data.orderNo}` })).statusCode).toBe(404);
  });

  it('pays the order on a genuine TRADE_SUCCESS notification, once, answering "success"', async () => {
    const u = await h.user();
    const o = (await h.call<Order>({ method: 'POST', url: '/api/orders', headers: u.auth, payload: { productId: 'topup-1000' } }))
      .data;
    const payload = notification({ out_trade_no: o.orderNo });
    const first = await notify(payload);
    expect(first.body).toBe('success');
    expect((await notify(payload)).body).toBe('success');
    expect(await balance(u.auth)).toBe(1500);
    const got = await h.call<Order>({ method: 'GET', url: `/api/orders/${o.orderNo}`, headers: u.auth });
    expect(got.data).toMatchObject({ status: 1, statusName: 'success' });
  });

  it('answers "fail" and changes nothing for a bad signature, a tampered field, another app or a wrong amount', async () => {
    const u = await h.user();
    const o = (await h.call<Order>({ method: 'POST', url: '/api/orders', headers: u.auth, payload: { productId: 'topup-1000' } }))
      .data;
    expect((await notify(notification({ out_trade_no: o.orderNo }, app.privateKey))).body).toBe('fail');
    const tampered = notification({ out_trade_no: o.orderNo }).replace('total_amount=20.00', 'total_amount=0.01');
    expect((await notify(tampered)).body).toBe('fail');
    expect((await notify(notification({ out_trade_no: o.orderNo, app_id: '2021000000009999' }))).body).toBe('fail');
    expect((await notify(notification({ out_trade_no: o.orderNo, total_amount: '0.01' }))).body).toBe('fail');
    expect(await balance(u.auth)).toBe(500);
    const got = await h.call<Order>({ method: 'GET', url: `/api/orders/${o.orderNo}`, headers: u.auth });
    expect(got.data.status).toBe(0);
  });

  it('closes the order on TRADE_CLOSED (payment timeout)', async () => {
    const u = await h.user();
    const o = (await h.call<Order>({ method: 'POST', url: '/api/orders', headers: u.auth, payload: { productId: 'topup-1000' } }))
      .data;
    expect((await notify(notification({ out_trade_no: o.orderNo, trade_status: 'TRADE_CLOSED' }))).body).toBe('success');
    const got = await h.call<Order>({ method: 'GET', url: `/api/orders/${o.orderNo}`, headers: u.auth });
    expect(got.data).toMatchObject({ status: 5, statusName: 'paymentTimeout' });
  });
});
