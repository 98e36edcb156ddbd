import { MONTHLY_POINTS_READINGS, PACKAGE_PERIODS, PRODUCT_KINDS, TIERS } from '@productimage/core';
import { z } from 'zod';

/** Wire shapes of the membership routes (published in OpenAPI by `id`, generated into core's client types). */
export const tierSchema = z.enum(TIERS);

export const benefitPackageSchema = z
  .object({
    remainBeanCount: z.number(),
    endTime: z.number().nullable(),
    product: z.object({ productType: tierSchema }),
  })
  .meta({ id: 'BenefitPackage' });

export const tierBenefitsSchema = z
  .object({
    download: z.enum(['1080p', '2k']),
    speed: z.enum(['normal', 'fast', 'dedicated', 'cluster']),
    historyDays: z.number(),
    batch: z.boolean(),
    customColors: z.boolean(),
    fixedScenes: z.boolean(),
    dedicatedService: z.boolean(),
    exclusiveModels: z.boolean(),
    apiAccess: z.boolean(),
  })
  .meta({ id: 'TierBenefits' });

/** A catalogue product; prices in cents; `points`: per month for packages, of the pack for top-ups. */
export const productSchema = z
  .object({
    id: z.string(),
    kind: z.enum(PRODUCT_KINDS),
    tier: tierSchema.nullable(),
    period: z.enum(PACKAGE_PERIODS).nullable(),
    name: z.string(),
    nameZh: z.string(),
    nameEn: z.string(),
    price: z.number(),
    points: z.number(),
    validityDays: z.number().nullable(),
    active: z.boolean(),
    sort: z.number(),
  })
  .meta({ id: 'Product' });

/** What the logged-in user would pay for a product now (cents); `blockedBy`: why it cannot be bought. */
export const productQuoteSchema = z
  .object({
    productId: z.string(),
    amount: z.number(),
    credit: z.number(),
    blockedBy: z.enum(['downgradeNotAllowed', 'upgradeCreditTooHigh']).nullable(),
  })
  .meta({ id: 'ProductQuote' });

export const membershipProductsSchema = z
  .object({
    reading: z.enum(Object.keys(MONTHLY_POINTS_READINGS) as [keyof typeof MONTHLY_POINTS_READINGS]),
    tiers: z.array(z.object({ tier: tierSchema, monthlyPoints: z.number(), benefits: tierBenefitsSchema })),
    packages: z.array(productSchema),
    topups: z.array(productSchema),
    enterprise: productSchema.nullable(),
    service: z.object({ url: z.string().nullable(), qrCode: z.string().nullable(), phone: z.string().nullable() }),
    current: z.object({ tier: tierSchema, endTime: z.number().nullable(), balance: z.number() }).nullable(),
    quotes: z.array(productQuoteSchema),
  })
  .meta({ id: 'MembershipProducts' });
