import { ORDER_STATUS, ORDER_STATUS_NAMES, PACKAGE_PERIODS, PRODUCT_KINDS, TIERS } from '@productimage/core';
import { z } from 'zod';
import { pageOf } from '../../platform/http/envelope-schema.ts';

const statuses = Object.values(ORDER_STATUS).map((s) => z.literal(s));

/** An order as clients see it (amounts in cents); `qrCode` only on single-order answers while payable. */
export const orderSchema = z
  .object({
    orderNo: z.string(),
    productId: z.string(),
    productKind: z.enum(PRODUCT_KINDS),
    tier: z.enum(TIERS).nullable(),
    period: z.enum(PACKAGE_PERIODS).nullable(),
    name: z.string(),
    points: z.number(),
    listPrice: z.number(),
    credit: z.number(),
    amount: z.number(),
    status: z.union(statuses as [(typeof statuses)[number], ...(typeof statuses)[number][]]),
    statusName: z.enum(ORDER_STATUS_NAMES),
    provider: z.string(),
    payUrl: z.string().nullable(),
    qrCode: z.string().optional(),
    createdAt: z.number(),
    expiresAt: z.number(),
    paidAt: z.number().nullable(),
    closedAt: z.number().nullable(),
    refundedAt: z.number().nullable(),
  })
  .meta({ id: 'Order' });

export const orderPageSchema = pageOf(orderSchema).meta({ id: 'OrderPage' });
