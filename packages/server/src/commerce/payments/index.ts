import type { AppContext } from '../../platform/context.ts';
import { createAlipayProvider } from './alipay.ts';
import { readKey } from './keys.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox.ts';
import { createWechatPayProvider } from './wechatpay.ts';

export type { PaymentProvider } from './provider.ts';

/**
 * The configured payment provider (PAYMENT_PROVIDER), built once per context. A real provider with
 * missing keys is a configuration error: the server refuses to start rather than take orders it
 * cannot collect.
 */
const providers = new WeakMap<AppContext, PaymentProvider>();

export function paymentProvider(ctx: AppContext): PaymentProvider {
  let provider = providers.get(ctx);
  if (!provider) {
    provider = buildProvider(ctx);
    providers.set(ctx, provider);
  }
  return provider;
}

function required(name: string, value: string | undefined): string {
  if (!value) throw new Error(`PAYMENT_PROVIDER needs ${name} (docs/points-and-payments.md)`);
  return value;
}

function buildProvider(ctx: AppContext): PaymentProvider {
  const c = ctx.config;
  switch (c.PAYMENT_PROVIDER) {
    case 'alipay':
      return createAlipayProvider({
        appId: required('ALIPAY_APP_ID', c.ALIPAY_APP_ID),
        privateKey: readKey(required('ALIPAY_PRIVATE_KEY', c.ALIPAY_PRIVATE_KEY)),
        alipayPublicKey: readKey(required('ALIPAY_PUBLIC_KEY', c.ALIPAY_PUBLIC_KEY)),
        gateway: c.ALIPAY_GATEWAY,
      });
    case 'wechatpay':
      return createWechatPayProvider({
        appId: required('WECHATPAY_APP_ID', c.WECHATPAY_APP_ID),
        mchId: required('WECHATPAY_MCH_ID', c.WECHATPAY_MCH_ID),
        serialNo: required('WECHATPAY_SERIAL_NO', c.WECHATPAY_SERIAL_NO),
        privateKey: readKey(required('WECHATPAY_PRIVATE_KEY', c.WECHATPAY_PRIVATE_KEY)),
        apiV3Key: required('WECHATPAY_API_V3_KEY', c.WECHATPAY_API_V3_KEY),
        platformSerial: required('WECHATPAY_PLATFORM_SERIAL', c.WECHATPAY_PLATFORM_SERIAL),
        platformPublicKey: readKey(required('WECHATPAY_PLATFORM_PUBLIC_KEY', c.WECHATPAY_PLATFORM_PUBLIC_KEY)),
      });
    default:
      return createSandboxProvider(ctx.secret);
  }
}
