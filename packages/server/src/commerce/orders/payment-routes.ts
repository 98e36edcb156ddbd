import crypto from 'node:crypto';
import { OPEN_ORDER_STATUSES } from '@productimage/core';
import QRCode from 'qrcode';
import { z } from 'zod';
import { publicOrigin } from '../../identity/accounts/user-info.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf, sentAs } from '../../platform/http/envelope-schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { requestLanguage } from '../../platform/http/i18n.ts';
import { enforce } from '../../platform/http/rate-limit.ts';
import { paymentProvider } from '../payments/index.ts';
import { SANDBOX_SIGNATURE_HEADER, type SandboxEvent, sandboxPayToken, signSandbox, validPayToken } from '../payments/sandbox.ts';
import { applyNotification, closeExpiredOrders, findOrder, markPaying, toOrder } from './orders.ts';
import { sandboxPage, sandboxPagePolicy } from './sandbox-page.ts';
import { orderSchema } from './schemas.ts';

const orderParams = z.object({ orderNo: z.string().regex(/^[A-Za-z0-9_-]{6,64}$/) });
/** `t`: the pay page capability from the order's payUrl (payments/sandbox.ts `sandboxPayToken`). */
const payQuery = z.object({ t: z.string().max(100).optional() });

/**
 * Payment routes under /api/payments: the webhook every provider calls, and the sandbox provider's
 * pay page and buttons (only while PAYMENT_PROVIDER is sandbox). They live with orders because what
 * they do is apply a provider's notification to an order; payments/ only speaks the providers'
 * protocols and never imports orders.
 */
const acknowledgement = {
  content: {
    'text/plain': { schema: sentAs<string>(z.enum(['success', 'fail'])) },
    'application/json': {
      schema: sentAs<string>(z.union([z.object({ ok: z.boolean() }), z.object({ code: z.string(), message: z.string() })])),
    },
  },
};

export async function paymentsRoutes(app: ApiApp, ctx: AppContext) {
  const provider = paymentProvider(ctx);

  // The webhook needs the body exactly as sent: signatures cover the raw bytes.
  await app.register(async (scope: ApiApp) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    scope.post(
      '/payments/:provider/notify',
      {
        schema: {
          tags: ['payments'],
          summary: 'Payment notifications (webhook) of the configured provider; signature verified, idempotent',
          params: z.object({ provider: z.string().max(40) }),
          // The provider's own acknowledgement: Alipay's plain `success` / `fail`, JSON for the others.
          // 200 when taken, another status (`default`) when refused, as each provider expects. A provider
          // that is not the configured one (or none at all) is our usual 404 envelope (issue 42: it was a
          // 500, the envelope failing the acknowledgement's schema).
          response: { 200: acknowledgement, 404: envelopeOf(z.null()), default: acknowledgement },
        },
      },
      async (request, reply) => {
        const { provider: name } = request.params;
        if (name !== provider.name) throw new AppError('notFound');
        const rawBody = typeof request.body === 'string' ? request.body : '';
        let answer: ReturnType<typeof provider.acknowledge>;
        try {
          const notification = await provider.verifyNotification({ headers: request.headers, rawBody });
          await applyNotification(ctx, provider.name, notification);
          answer = provider.acknowledge(true);
        } catch (err) {
          request.log.warn({ err, provider: name }, 'payment notification rejected');
          answer = provider.acknowledge(false);
        }
        return reply.status(answer.status).type(answer.contentType).send(answer.body);
      },
    );
  });

  if (provider.name !== 'sandbox') return;

  app.get(
    '/payments/sandbox/:orderNo',
    {
      schema: {
        tags: ['payments'],
        summary: "The sandbox pay page (HTML) that the QR code opens; needs the order's pay URL capability `t`",
        params: orderParams,
        querystring: payQuery,
        response: { 200: { content: { 'text/html': { schema: z.string() } } } },
      },
    },
    async (request, reply) => {
      const { orderNo } = request.params;
      const { t } = request.query;
      let order = await findOrder(ctx, orderNo);
      // Without the owner's capability the page does not exist: the amount and buttons stay private.
      if (!order || !validPayToken(ctx.secret, orderNo, t)) throw new AppError('notFound');
      await closeExpiredOrders(ctx, Date.now(), order.user_id);
      await markPaying(ctx, orderNo);
      order = (await findOrder(ctx, orderNo)) ?? order;
      const payUrl = `${publicOrigin(ctx, request)}/api/payments/sandbox/${orderNo}?t=${sandboxPayToken(ctx.secret, orderNo)}`;
      const qrCode = await QRCode.toDataURL(payUrl, { margin: 1, width: 200 });
      const nonce = crypto.randomBytes(16).toString('base64');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', sandboxPagePolicy(nonce))
        .send(sandboxPage(order, qrCode, requestLanguage(request), nonce));
    },
  );

  const payBody = z.object({ result: z.enum(['success', 'fail', 'timeout']) });
  app.post(
    '/payments/sandbox/:orderNo/pay',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Sandbox pay page buttons: sends the signed notification a real provider would (success, fail, or the timeout close)',
        params: orderParams,
        querystring: payQuery,
        body: payBody,
        response: { 200: envelopeOf(orderSchema.nullable()) },
      },
    },
    async (request) => {
      await enforce(ctx.db, `sandbox:pay:${request.ip}`, 60, 60);
      const { orderNo } = request.params;
      const { t } = request.query;
      const { result } = request.body;
      const order = await findOrder(ctx, orderNo);
      // Only the order's owner may play its outcome: by the pay URL's capability or their own login.
      const owner = (!!request.user && request.user.id === order?.user_id) || validPayToken(ctx.secret, orderNo, t);
      if (!order || !owner) throw new AppError('notFound');
      await closeExpiredOrders(ctx, Date.now(), order.user_id);
      const fresh = await findOrder(ctx, orderNo);
      if (!fresh || !OPEN_ORDER_STATUSES.includes(fresh.status)) throw new AppError('orderNotPayable');
      const event: SandboxEvent = {
        eventId: crypto.randomUUID(),
        orderNo,
        result,
        amount: fresh.amount_cents,
        tradeNo: `SBX${crypto.randomBytes(8).toString('hex')}`,
      };
      const body = JSON.stringify(event);
      const res = await app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/notify',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandbox(ctx.secret, body) },
        payload: body,
      });
      if (res.statusCode !== 200) throw new AppError('paymentProviderFailed');
      const after = await findOrder(ctx, orderNo);
      return ok(after ? toOrder(after, requestLanguage(request)) : null);
    },
  );
}
