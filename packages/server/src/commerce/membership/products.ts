import {
  type Language,
  MONTHLY_POINTS_READINGS,
  type MonthlyPointsReading,
  type PackagePeriod,
  type Product,
  type ProductKind,
  type Tier,
} from '@productimage/core';
import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { MembershipTables } from './tables.ts';

export type ProductRow = Selectable<MembershipTables['products']>;

/** Monthly points of a tier under the configured reading (spec 000 §6 gives two). */
export const monthlyPointsOf = (tier: Tier, reading: MonthlyPointsReading): number => MONTHLY_POINTS_READINGS[reading][tier];

/** Points a product gives: a pack's points, or a package's monthly points (override or reading). */
export function productPoints(row: ProductRow, reading: MonthlyPointsReading): number {
  if (row.points !== null) return row.points;
  return row.tier ? monthlyPointsOf(row.tier, reading) : 0;
}

export function toProduct(row: ProductRow, lang: Language, reading: MonthlyPointsReading): Product {
  return {
    id: row.id,
    kind: row.kind,
    tier: row.tier,
    period: row.period,
    name: lang === 'en' ? row.name_en : row.name_zh,
    nameZh: row.name_zh,
    nameEn: row.name_en,
    price: row.price_cents,
    points: productPoints(row, reading),
    validityDays: row.validity_days,
    active: row.active === 1,
    sort: row.sort,
  };
}

export async function listProducts(db: Db, options: { includeInactive?: boolean } = {}): Promise<ProductRow[]> {
  return db
    .selectFrom('products')
    .selectAll()
    .$if(!options.includeInactive, (qb) => qb.where('active', '=', 1))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function findProduct(db: Db, id: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface ProductInput {
  kind: ProductKind;
  tier: Tier | null;
  period: PackagePeriod | null;
  nameZh: string;
  nameEn: string;
  price: number;
  points: number | null;
  validityDays: number | null;
  active: boolean;
  sort: number;
}

/** The shape rules of a product, whatever the operator typed. */
function checkShape(p: ProductInput) {
  const bad =
    (p.kind === 'package' && (!p.tier || p.tier === 'free' || p.tier === 'enterprise' || !p.period || p.price <= 0)) ||
    (p.kind === 'topup' && (!p.points || p.points <= 0 || !p.validityDays || p.price <= 0 || p.tier !== null)) ||
    (p.kind === 'enterprise' && p.tier !== 'enterprise');
  if (bad) throw new AppError('badRequest');
}

/** Creates or replaces a catalogue product (operators). Orders keep their own snapshot. */
export async function saveProduct(db: Db, id: string, input: ProductInput): Promise<ProductRow> {
  checkShape(input);
  const now = Date.now();
  const values = {
    kind: input.kind,
    tier: input.tier,
    period: input.kind === 'package' ? input.period : null,
    name_zh: input.nameZh,
    name_en: input.nameEn,
    price_cents: input.price,
    points: input.points,
    validity_days: input.kind === 'topup' ? input.validityDays : null,
    active: input.active ? 1 : 0,
    sort: input.sort,
    updated_at: now,
  };
  await db
    .insertInto('products')
    .values({ id, ...values, created_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
  const row = await findProduct(db, id);
  if (!row) throw new AppError('notFound');
  return row;
}
