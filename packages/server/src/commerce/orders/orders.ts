import crypto from 'node:crypto';
import {
  DAY_MS,
  type Language,
  OPEN_ORDER_STATUSES,
  ORDER_STATUS,
  type Order,
  type OrderCloseReason,
  type OrderStatus,
  orderStatusName,
  PERIOD_MONTHS,
} from '@productimage/core';
import type { Selectable, Transaction } from 'kysely';
import QRCode from 'qrcode';
import { sendReceipt } from '../../identity/inbox/receipts.ts';
import type { AppContext } from '../../platform/context.ts';
import { dialectOf } from '../../platform/db/dialect.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { Database } from '../../platform/db/schema.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/http/errors.ts';
import { listPage } from '../../platform/http/paging.ts';
import { quoteProduct, upgradeShortfall } from '../membership/pricing.ts';
import { findProduct, productPoints } from '../membership/products.ts';
import { activatePackageIn, currentPackage, refundSubscriptionsIn } from '../membership/subscriptions.ts';
import { paymentProvider } from '../payments/index.ts';
import type { PaymentNotification } from '../payments/provider.ts';
import { bucketIdsOf } from '../points/buckets.ts';
import { grantPoints } from '../points/grants.ts';
import { lockAccount, withdrawBucketsIn } from '../points/ledger.ts';
import type { OrderTables } from './tables.ts';

export type OrderRow = Selectable<OrderTables['orders']>;
type Trx = Transaction<Database>;

export function toOrder(row: OrderRow, lang: Language): Order {
  return {
    orderNo: row.order_no,
    productId: row.product_id,
    productKind: row.product_kind,
    tier: row.tier,
    period: row.period,
    name: lang === 'en' ? row.name_en : row.name_zh,
    points: row.points,
    listPrice: row.list_price_cents,
    credit: row.credit_cents,
    amount: row.amount_cents,
    status: row.status,
    statusName: orderStatusName(row.status, row.close_reason),
    provider: row.provider,
    payUrl: row.pay_url,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    paidAt: row.paid_at,
    closedAt: row.closed_at,
    refundedAt: row.refunded_at,
  };
}

/** The order with its pay URL as a QR code, for the purchase modal. */
export async function withQrCode(order: Order): Promise<Order> {
  if (!order.payUrl || !OPEN_ORDER_STATUSES.includes(order.status)) return order;
  return { ...order, qrCode: await QRCode.toDataURL(order.payUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 }) };
}

/** Order numbers: date and time (CST) then random digits, e.g. PI20261121153012483920. */
function newOrderNo(now: number): string {
  const stamp = new Date(now + 8 * 3600 * 1000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `PI${stamp}${crypto.randomInt(0, 1e6).toString().padStart(6, '0')}`;
}

async function openOrderOf(db: Pick<Trx, 'selectFrom'>, userId: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', OPEN_ORDER_STATUSES as OrderStatus[])
    .executeTakeFirst();
}

export async function findOrder(ctx: AppContext, orderNo: string): Promise<OrderRow | undefined> {
  return ctx.db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
}

/** The user's own order, or 404 (another user's order number tells nothing). */
export async function ownOrder(ctx: AppContext, userId: string, orderNo: string): Promise<OrderRow> {
  await closeExpiredOrders(ctx, Date.now(), userId);
  const row = await findOrder(ctx, orderNo);
  if (!row || row.user_id !== userId) throw new AppError('notFound');
  return row;
}

export interface CreateOrderInput {
  userId: string;
  tenantId: string;
  productId: string;
  origin: string;
  lang: Language;
}

/**
 * Opens an order for a product: one open order per user (409 `pendingOrderExists` carrying the
 * open order, so the client offers "pay it" or "cancel and order anew"), the price quoted with the
 * upgrade credit, then the payment opened at the provider.
 */
export async function createOrder(ctx: AppContext, input: CreateOrderInput): Promise<Order> {
  const product = await findProduct(ctx.db, input.productId);
  if (product?.active !== 1 || product.kind === 'enterprise') throw new AppError('productNotPurchasable');
  const now = Date.now();
  await closeExpiredOrders(ctx, now, input.userId);
  const provider = paymentProvider(ctx);
  const conflict = (open: OrderRow | undefined) =>
    new AppError('pendingOrderExists', {}, open ? toOrder(open, input.lang) : null);

  let row: OrderRow;
  try {
    row = await writeTransaction(ctx.db, async (trx) => {
      await lockAccount(trx, input.userId);
      const open = await openOrderOf(trx, input.userId);
      if (open) throw conflict(open);
      const quote = await quoteProduct(trx, input.userId, product, now);
      if (quote.blockedBy) throw new AppError(quote.blockedBy);
      const current = quote.upgrade ? await currentPackage(trx, input.userId, now) : null;
      const values: OrderRow = {
        order_no: newOrderNo(now),
        user_id: input.userId,
        tenant_id: input.tenantId,
        product_id: product.id,
        product_kind: product.kind,
        tier: product.tier,
        period: product.period,
        name_zh: product.name_zh,
        name_en: product.name_en,
        points: productPoints(product, ctx.config.MONTHLY_POINTS_READING),
        validity_days: product.validity_days,
        months: product.period ? PERIOD_MONTHS[product.period] : null,
        list_price_cents: product.price_cents,
        credit_cents: quote.credit,
        amount_cents: quote.amount,
        replaces_subscription: current?.running?.id ?? null,
        status: ORDER_STATUS.PENDING,
        close_reason: null,
        provider: provider.name,
        provider_trade_no: null,
        pay_url: null,
        refund_note: null,
        created_at: now,
        updated_at: now,
        expires_at: now + ctx.config.ORDER_TIMEOUT_MINUTES * 60 * 1000,
        paid_at: null,
        closed_at: null,
        refunded_at: null,
      };
      await trx.insertInto('orders').values(values).execute();
      return values;
    });
  } catch (err) {
    // Two purchases at once: the database's one-open-order index let only one through.
    if (isUniqueViolation(err)) throw conflict(await openOrderOf(ctx.db, input.userId));
    throw err;
  }

  try {
    const { payUrl } = await provider.createPayment(
      { orderNo: row.order_no, amountCents: row.amount_cents, subject: row.name_zh, expiresAt: row.expires_at },
      { notifyUrl: `${input.origin}/api/payments/${provider.name}/notify`, origin: input.origin },
    );
    await ctx.db
      .updateTable('orders')
      .set({ pay_url: payUrl, updated_at: Date.now() })
      .where('order_no', '=', row.order_no)
      .execute();
    row = { ...row, pay_url: payUrl };
  } catch (err) {
    // The provider would not open the payment: the order must not block the next attempt.
    await transition(ctx, row.order_no, OPEN_ORDER_STATUSES, ORDER_STATUS.CLOSED, 'cancelled');
    throw err;
  }
  return withQrCode(toOrder(row, input.lang));
}

/** Moves an order between statuses if it is still in one of `from`; answers whether it moved. */
async function transition(
  ctx: AppContext | { db: Trx },
  orderNo: string,
  from: readonly OrderStatus[],
  to: OrderStatus,
  closeReason: OrderCloseReason | null,
  now = Date.now(),
): Promise<boolean> {
  const closing = to === ORDER_STATUS.CLOSED || to === ORDER_STATUS.CLOSED_TIMEOUT;
  const result = await ctx.db
    .updateTable('orders')
    .set({ status: to, close_reason: closeReason, updated_at: now, ...(closing ? { closed_at: now } : {}) })
    .where('order_no', '=', orderNo)
    .where('status', 'in', from as OrderStatus[])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The user cancels an open order (status 4); the provider's payment is closed too. */
export async function cancelOrder(ctx: AppContext, userId: string, orderNo: string): Promise<OrderRow> {
  const row = await ownOrder(ctx, userId, orderNo);
  if (row.status === ORDER_STATUS.PAID || row.status === ORDER_STATUS.REFUNDED) throw new AppError('orderNotPayable');
  if (await transition(ctx, orderNo, OPEN_ORDER_STATUSES, ORDER_STATUS.CLOSED, 'cancelled')) await closeAtProvider(ctx, orderNo);
  return (await findOrder(ctx, orderNo)) as OrderRow;
}

async function closeAtProvider(ctx: AppContext, orderNo: string) {
  try {
    await paymentProvider(ctx).close(orderNo);
  } catch (err) {
    // A payment that cannot be closed may still be paid; the notification is honoured then.
    ctx.log.warn({ err, orderNo }, 'closing the payment at the provider failed');
  }
}

/**
 * Closes open orders whose time is up (status 5, payment timeout). Run by the schedule for
 * everybody and before reading a user's orders, so nobody waits for the schedule.
 */
export async function closeExpiredOrders(ctx: AppContext, now = Date.now(), userId?: string): Promise<number> {
  const due = await ctx.db
    .selectFrom('orders')
    .select('order_no')
    .where('status', 'in', OPEN_ORDER_STATUSES as OrderStatus[])
    .where('expires_at', '<=', now)
    .$if(!!userId, (qb) => qb.where('user_id', '=', userId as string))
    .execute();
  let closed = 0;
  for (const { order_no } of due) {
    if (await transition(ctx, order_no, OPEN_ORDER_STATUSES, ORDER_STATUS.CLOSED_TIMEOUT, 'timeout', now)) {
      closed++;
      await closeAtProvider(ctx, order_no);
    }
  }
  return closed;
}

/** One user's orders, or (operators) every order of a tenant; newest first. */
export async function listOrders(
  ctx: AppContext,
  scope: { userId: string } | { tenantId: string },
  pageNum: number,
  pageSize: number,
) {
  if ('userId' in scope) await closeExpiredOrders(ctx, Date.now(), scope.userId);
  const base =
    'userId' in scope
      ? ctx.db.selectFrom('orders').where('user_id', '=', scope.userId)
      : ctx.db.selectFrom('orders').where('tenant_id', '=', scope.tenantId);
  return listPage(base, { pageNum, pageSize }, (qb) => qb.selectAll().orderBy('created_at', 'desc').orderBy('order_no', 'desc'));
}

/** Gives the user what the order bought, inside the payment's transaction. */
async function fulfilIn(trx: Trx, order: OrderRow, now: number) {
  await lockAccount(trx, order.user_id);
  if (order.product_kind === 'topup') {
    await grantPoints(trx, {
      userId: order.user_id,
      amount: order.points,
      kind: 'topup',
      reason: 'topup',
      refType: 'order',
      refId: order.order_no,
      expiresAt: now + (order.validity_days ?? 365) * DAY_MS,
    });
    return;
  }
  if (order.product_kind === 'package' && order.tier) {
    await activatePackageIn(
      trx,
      {
        userId: order.user_id,
        tier: order.tier,
        months: order.months ?? 1,
        monthlyPoints: order.points,
        valueCents: order.list_price_cents,
        productId: order.product_id,
        orderNo: order.order_no,
        upgrade: order.credit_cents > 0 || order.replaces_subscription !== null,
      },
      now,
    );
  }
}

/** Which statuses each outcome may leave, and where it goes. */
const MOVES: Record<string, { from: OrderStatus[]; to: OrderStatus; reason: OrderCloseReason | null }> = {
  failed: { from: [0, 3], to: ORDER_STATUS.FAILED, reason: null },
  closed: { from: [0, 3], to: ORDER_STATUS.CLOSED_TIMEOUT, reason: 'timeout' },
  revoked: { from: [0, 3], to: ORDER_STATUS.CLOSED, reason: 'revoked' },
  paying: { from: [0], to: ORDER_STATUS.PAYING, reason: null },
};

/** Thrown inside the payment's transaction when a paid upgrade no longer covers its price. */
class UpgradeRepriced extends Error {
  constructor(readonly note: string) {
    super(note);
  }
}

/**
 * Applies a verified notification once: the event is recorded (a replay of the same event id
 * changes nothing) and the order moves in the same transaction; a payment also grants what was
 * bought there. A payment for an order already closed is honoured (the money was taken).
 *
 * An upgrade is re-priced when it is paid, under the account lock that spending takes too: when
 * points spent since the order was opened lowered the credit, the old amount no longer buys the
 * upgrade. The payment is then refunded at the provider in full and the order ends refunded
 * (status 6, with the reason in its refund note); the current package stays as it is.
 */
export async function applyNotification(
  ctx: AppContext,
  provider: string,
  n: PaymentNotification,
): Promise<'applied' | 'duplicate'> {
  try {
    return await applyOnce(ctx, provider, n, null);
  } catch (err) {
    if (!(err instanceof UpgradeRepriced)) throw err;
    const order = (await findOrder(ctx, n.orderNo)) as OrderRow;
    // The money first (the refund number makes a retry refund once), then the record.
    await paymentProvider(ctx).refund({
      orderNo: order.order_no,
      amountCents: order.amount_cents,
      refundNo: `${order.order_no}R`,
      reason: err.note,
    });
    return applyOnce(ctx, provider, n, err.note);
  }
}

async function applyOnce(
  ctx: AppContext,
  provider: string,
  n: PaymentNotification,
  refundedAs: string | null,
): Promise<'applied' | 'duplicate'> {
  return writeTransaction(ctx.db, async (trx) => {
    const now = Date.now();
    const inserted = await trx
      .insertInto('payment_events')
      .values({
        provider,
        event_id: n.eventId,
        order_no: n.orderNo,
        outcome: n.outcome,
        payload: JSON.stringify(n.payload),
        received_at: now,
      })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return 'duplicate';
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('order_no', '=', n.orderNo)
      .$if(dialectOf(trx) === 'postgres', (qb) => qb.forUpdate())
      .executeTakeFirst();
    if (!order || order.provider !== provider) throw new AppError('notFound');
    if (n.outcome === 'paid') {
      if (n.amountCents !== order.amount_cents) throw new AppError('paymentAmountMismatch');
      if (order.status === ORDER_STATUS.PAID || order.status === ORDER_STATUS.REFUNDED) return 'applied';
      if (refundedAs !== null) {
        await trx
          .updateTable('orders')
          .set({
            status: ORDER_STATUS.REFUNDED,
            close_reason: null,
            paid_at: now,
            refunded_at: now,
            refund_note: refundedAs,
            updated_at: now,
            provider_trade_no: n.tradeNo,
          })
          .where('order_no', '=', order.order_no)
          .execute();
        return 'applied';
      }
      // Spending takes the same lock: nothing is spent between this check and the fulfilment.
      await lockAccount(trx, order.user_id);
      const { shortfall, creditNow } = await upgradeShortfall(trx, order, now);
      if (shortfall > 0)
        throw new UpgradeRepriced(
          `upgrade repriced at payment: credit ${order.credit_cents} -> ${creditNow} cents, ${shortfall} cents short; refunded`,
        );
      await trx
        .updateTable('orders')
        .set({ status: ORDER_STATUS.PAID, close_reason: null, paid_at: now, updated_at: now, provider_trade_no: n.tradeNo })
        .where('order_no', '=', order.order_no)
        .execute();
      await fulfilIn(trx, order, now);
      // The receipt in the same transaction: exactly one per paid order (issue 41).
      await sendReceipt(trx, order.user_id, ctx.config.PUBLIC_URL, {
        title: ['orders:receipt.title', { name: (l) => (l === 'en' ? order.name_en : order.name_zh) }],
        body: [
          [
            'orders:receipt.body',
            {
              amount: (order.amount_cents / 100).toFixed(2),
              name: (l) => (l === 'en' ? order.name_en : order.name_zh),
              orderNo: order.order_no,
            },
          ],
          ...(order.product_kind === 'topup'
            ? [['orders:receipt.points', { points: order.points }] as [string, Record<string, number>]]
            : []),
        ],
        link: { path: '/member', label: 'orders:receipt.open' },
      });
      return 'applied';
    }
    const move = MOVES[n.outcome];
    if (move) await transition({ db: trx }, order.order_no, move.from, move.to, move.reason, now);
    return 'applied';
  });
}

/**
 * An operator refunds a paid order (status 6): the provider refunds the money first (its refund
 * number makes a retry refund once), then what the order granted and is still unspent leaves the
 * balance with one ledger row, and a package ends. At most once, whoever calls at the same time.
 */
export async function refundOrder(ctx: AppContext, orderNo: string, note: string, tenantId: string): Promise<OrderRow> {
  const order = await findOrder(ctx, orderNo);
  // An operator refunds their own tenant's orders only.
  if (!order || order.tenant_id !== tenantId) throw new AppError('notFound');
  if (order.status !== ORDER_STATUS.PAID) throw new AppError('orderNotRefundable');
  await paymentProvider(ctx).refund({ orderNo, amountCents: order.amount_cents, refundNo: `${orderNo}R`, reason: note });
  await writeTransaction(ctx.db, async (trx) => {
    const now = Date.now();
    await lockAccount(trx, order.user_id);
    const moved = await trx
      .updateTable('orders')
      .set({ status: ORDER_STATUS.REFUNDED, refunded_at: now, refund_note: note, updated_at: now })
      .where('order_no', '=', orderNo)
      .where('status', '=', ORDER_STATUS.PAID)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return;
    let bucketIds: number[];
    if (order.product_kind === 'topup') {
      bucketIds = await bucketIdsOf(trx, { refType: 'order', refId: orderNo });
    } else {
      bucketIds = [];
      for (const subscriptionId of await refundSubscriptionsIn(trx, orderNo)) {
        bucketIds.push(...(await bucketIdsOf(trx, { refType: 'subscription', refPrefix: `${subscriptionId}:` })));
      }
    }
    await withdrawBucketsIn(trx, { userId: order.user_id, bucketIds, refType: 'order', refId: orderNo, note });
  });
  return (await findOrder(ctx, orderNo)) as OrderRow;
}

/** Opening the sandbox pay page is the sandbox's "scanned": the order is being paid (status 3). */
export async function markPaying(ctx: AppContext, orderNo: string): Promise<void> {
  await transition(ctx, orderNo, [ORDER_STATUS.PENDING], ORDER_STATUS.PAYING, null);
}
