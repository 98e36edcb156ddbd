import { z } from 'zod';
import { publicOrigin } from '../../identity/accounts/user-info.ts';
import { requireOperator } from '../../identity/operators/operators.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { requestLanguage } from '../../platform/http/i18n.ts';
import { pagingQuery } from '../../platform/http/paging.ts';
import { enforce } from '../../platform/http/rate-limit.ts';
import { cancelOrder, createOrder, listOrders, ownOrder, refundOrder, toOrder, withQrCode } from './orders.ts';
import { orderPageSchema, orderSchema } from './schemas.ts';

const page = pagingQuery();
const orderParams = z.object({ orderNo: z.string().regex(/^[A-Za-z0-9_-]{6,64}$/) });

/** Order routes under /api/orders (API.md "Points, membership, orders"). */
export async function ordersRoutes(app: ApiApp, ctx: AppContext) {
  const createBody = z.object({ productId: z.string().min(1).max(40) });
  app.post(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Order a product: { orderNo, amount, status, payUrl } and the QR code; 409 with the open order when one is waiting',
        body: createBody,
        response: { 200: envelopeOf(orderSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await enforce(ctx.db, `orders:create:${user.id}`, 20, 3600);
      const { productId } = request.body;
      const order = await createOrder(ctx, {
        userId: user.id,
        tenantId: user.tenantId,
        productId,
        origin: publicOrigin(ctx, request),
        lang: requestLanguage(request),
      });
      return ok(order);
    },
  );

  app.get(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: "The user's orders, newest first",
        querystring: page,
        response: { 200: envelopeOf(orderPageSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { pageNum, pageSize } = request.query;
      const { rows, total } = await listOrders(ctx, { userId: user.id }, pageNum, pageSize);
      const lang = requestLanguage(request);
      return ok({ list: rows.map((r) => toOrder(r, lang)), total });
    },
  );

  app.get(
    '/orders/all',
    {
      schema: {
        tags: ['orders'],
        summary: "Operators: everybody's orders, newest first",
        querystring: page,
        response: {
          200: envelopeOf(
            z.object({
              list: z.array(orderSchema.extend({ userId: z.string() }).meta({ id: 'OperatorOrder' })),
              total: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request);
      const { pageNum, pageSize } = request.query;
      const { rows, total } = await listOrders(ctx, { tenantId: operator.tenantId }, pageNum, pageSize);
      const lang = requestLanguage(request);
      return ok({ list: rows.map((r) => ({ ...toOrder(r, lang), userId: r.user_id })), total });
    },
  );

  app.get(
    '/orders/:orderNo',
    {
      schema: {
        tags: ['orders'],
        summary: 'One of the user’s orders (with the QR code while it can be paid)',
        params: orderParams,
        response: { 200: envelopeOf(orderSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { orderNo } = request.params;
      return ok(await withQrCode(toOrder(await ownOrder(ctx, user.id, orderNo), requestLanguage(request))));
    },
  );

  app.post(
    '/orders/:orderNo/cancel',
    {
      schema: {
        tags: ['orders'],
        summary: 'Cancel an unpaid order (status 4)',
        params: orderParams,
        response: { 200: envelopeOf(orderSchema) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { orderNo } = request.params;
      return ok(toOrder(await cancelOrder(ctx, user.id, orderNo), requestLanguage(request)));
    },
  );

  const refundBody = z.object({ note: z.string().trim().min(1).max(200) });
  app.post(
    '/orders/:orderNo/refund',
    {
      schema: {
        tags: ['orders'],
        summary: 'Operators: refund a paid order (status 6, unspent points withdrawn, at most once)',
        params: orderParams,
        body: refundBody,
        response: { 200: envelopeOf(orderSchema) },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request);
      const { orderNo } = request.params;
      const { note } = request.body;
      return ok(toOrder(await refundOrder(ctx, orderNo, note, operator.tenantId), requestLanguage(request)));
    },
  );
}
