import {
  type MembershipProducts,
  PACKAGE_PERIODS,
  PRODUCT_KINDS,
  type ProductQuote,
  TIER_BENEFITS,
  TIERS,
} from '@productimage/core';
import QRCode from 'qrcode';
import { z } from 'zod';
import { findUserByAccount } from '../../identity/accounts/users.ts';
import { checkSameTenant, requireOperator, requirePlatformOperator } from '../../identity/operators/operators.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf } from '../../platform/http/envelope-schema.ts';
import { requestLanguage } from '../../platform/http/i18n.ts';
import { spendableBalance } from '../points/balance.ts';
import { activateEnterpriseContract } from './contract.ts';
import { quoteProduct } from './pricing.ts';
import { listProducts, monthlyPointsOf, saveProduct, toProduct } from './products.ts';
import { membershipProductsSchema, productSchema } from './schemas.ts';
import { readServiceContact, saveServiceContact } from './settings.ts';
import { currentPackage } from './subscriptions.ts';

const productBody = z.object({
  kind: z.enum(PRODUCT_KINDS),
  tier: z.enum(TIERS).nullable(),
  period: z.enum(PACKAGE_PERIODS).nullable(),
  nameZh: z.string().trim().min(1).max(60),
  nameEn: z.string().trim().min(1).max(60),
  price: z.number().int().min(0).max(100_000_000),
  points: z.number().int().min(1).max(100_000_000).nullable(),
  validityDays: z.number().int().min(1).max(3650).nullable(),
  active: z.boolean(),
  sort: z.number().int().min(0).max(100_000),
});

const enterpriseBody = z.object({
  account: z.string().min(3).max(120),
  monthlyPoints: z.number().int().min(1).max(100_000_000),
  months: z.number().int().min(1).max(120),
  /** What the contract is worth in cents (for a later upgrade credit or refund record). */
  value: z.number().int().min(0).max(10_000_000_000).default(0),
});

const serviceBody = z.object({
  url: z.string().url().max(500).nullable(),
  phone: z.string().trim().max(40).nullable(),
});

/** Membership routes under /api/membership: the catalogue for users, its editing for operators. */
export async function membershipRoutes(app: ApiApp, ctx: AppContext) {
  const reading = ctx.config.MONTHLY_POINTS_READING;

  app.get(
    '/membership/products',
    {
      schema: {
        tags: ['membership'],
        summary: 'Tiers with benefits, packages and top-up packs (and what the caller would pay)',
        response: { 200: envelopeOf(membershipProductsSchema) },
      },
    },
    async (request) => {
      const lang = requestLanguage(request);
      const rows = await listProducts(ctx.db);
      const contact = await readServiceContact(ctx.db);
      const user = request.user;
      let current: MembershipProducts['current'] = null;
      const quotes: ProductQuote[] = [];
      if (user) {
        const now = Date.now();
        const pkg = await currentPackage(ctx.db, user.id, now);
        current = { tier: pkg.tier, endTime: pkg.endTime, balance: await spendableBalance(ctx.db, user.id, now) };
        for (const row of rows) {
          if (row.kind === 'enterprise') continue;
          const { upgrade: _upgrade, ...quote } = await quoteProduct(ctx.db, user.id, row, now);
          quotes.push(quote);
        }
      }
      const enterprise = rows.find((r) => r.kind === 'enterprise');
      const data: MembershipProducts = {
        reading,
        tiers: TIERS.map((tier) => ({ tier, monthlyPoints: monthlyPointsOf(tier, reading), benefits: TIER_BENEFITS[tier] })),
        packages: rows.filter((r) => r.kind === 'package').map((r) => toProduct(r, lang, reading)),
        topups: rows.filter((r) => r.kind === 'topup').map((r) => toProduct(r, lang, reading)),
        enterprise: enterprise ? toProduct(enterprise, lang, reading) : null,
        service: {
          url: contact.url,
          phone: contact.phone,
          qrCode: contact.url ? await QRCode.toDataURL(contact.url, { margin: 1, width: 200 }) : null,
        },
        current,
        quotes,
      };
      return ok(data);
    },
  );

  app.get(
    '/membership/admin/products',
    {
      schema: {
        tags: ['membership'],
        summary: 'Operators: every product, inactive ones included',
        response: { 200: envelopeOf(z.array(productSchema)) },
      },
    },
    async (request) => {
      await requirePlatformOperator(request, ctx);
      const lang = requestLanguage(request);
      return ok((await listProducts(ctx.db, { includeInactive: true })).map((r) => toProduct(r, lang, reading)));
    },
  );

  app.put(
    '/membership/admin/products/:id',
    {
      schema: {
        tags: ['membership'],
        summary: 'Operators: create or change a product (prices in cents; orders keep their own copy)',
        params: z.object({ id: z.string().regex(/^[a-z0-9-]{2,40}$/) }),
        body: productBody,
        response: { 200: envelopeOf(productSchema) },
      },
    },
    async (request) => {
      await requirePlatformOperator(request, ctx);
      const { id } = request.params;
      const row = await saveProduct(ctx.db, id, request.body);
      return ok(toProduct(row, requestLanguage(request), reading));
    },
  );

  app.post(
    '/membership/admin/enterprise',
    {
      schema: {
        tags: ['membership'],
        summary: 'Operators: give an account the enterprise plan with custom monthly points',
        body: enterpriseBody,
        response: {
          200: envelopeOf(
            z.object({ id: z.string(), startAt: z.number(), endAt: z.number() }).meta({ id: 'EnterpriseContract' }),
          ),
        },
      },
    },
    async (request) => {
      const operator = await requireOperator(ctx, request);
      const body = request.body;
      const target = checkSameTenant(operator, await findUserByAccount(ctx.db, body.account));
      const sub = await activateEnterpriseContract(ctx.db, target.id, body);
      return ok({ id: sub.id, startAt: sub.start_at, endAt: sub.end_at });
    },
  );

  app.put(
    '/membership/admin/service',
    {
      schema: {
        tags: ['membership'],
        summary: 'Operators: the customer-service link (QR code) and phone shown with the enterprise offer',
        body: serviceBody,
        response: {
          200: envelopeOf(z.object({ url: z.string().nullable(), phone: z.string().nullable() }).meta({ id: 'ServiceContact' })),
        },
      },
    },
    async (request) => {
      await requirePlatformOperator(request, ctx);
      const contact = request.body;
      await saveServiceContact(ctx.db, contact);
      return ok(contact);
    },
  );
}
