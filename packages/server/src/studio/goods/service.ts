import { type Selectable, sql } from 'kysely';
import { getBenefitPackage } from '../../commerce/membership/benefit.ts';
import { tierFlags } from '../../commerce/users/current.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ownedRow } from '../../platform/http/owned-row.ts';
import { containing, parseJson } from '../../platform/http/record-fields.ts';
import type { GoodsTables } from './tables.ts';

export interface Owner {
  id: string;
  tenantId: string;
}

export interface GoodsInput {
  name: string;
  intro: string;
  images: string[];
  sellingPoints: string[];
  price: string;
}

/** The product library is a vip feature (spec 001 §6: vipUser gates the product library and goods). */
export async function requireVip(ctx: AppContext, user: Owner) {
  const pkg = await getBenefitPackage(ctx.db, user.id);
  if (!tierFlags(pkg.product.productType).vipUser) throw new AppError('vipRequired');
}

type Row = Selectable<GoodsTables['goods']>;

const toGoods = (r: Row) => ({
  goodsId: String(r.id),
  name: r.name,
  intro: r.intro,
  images: parseJson<string[]>(r.images, []),
  sellingPoints: parseJson<string[]>(r.selling_points, []),
  price: r.price,
  productInfo: productInfoOf(r.name, r.intro, parseJson<string[]>(r.selling_points, []), r.price),
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

/** The text a product puts into productInfo of idea reports and content generation. */
export function productInfoOf(name: string, intro: string, sellingPoints: string[], price: string): string {
  return [name, intro, sellingPoints.length ? sellingPoints.join('；') : '', price ? `¥${price}` : '']
    .map((s) => s.trim())
    .filter(Boolean)
    .join('\n');
}

const columnsOf = (input: GoodsInput) => ({
  name: input.name,
  intro: input.intro,
  images: JSON.stringify(input.images),
  selling_points: JSON.stringify(input.sellingPoints),
  price: input.price,
});

/** The keyword filter of spec 001 §3: containment over name plus intro. */
export async function listGoods(ctx: AppContext, user: Owner, keyword: string) {
  let query = ctx.db.selectFrom('goods').selectAll().where('user_id', '=', user.id).where('tenant_id', '=', user.tenantId);
  if (keyword.trim()) {
    const pattern = containing(keyword.trim());
    query = query.where(sql<boolean>`lower(name || ' ' || intro) like ${pattern} escape '\\'`);
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(500).execute();
  return rows.map((r) => toGoods(r));
}

export async function getGoods(ctx: AppContext, user: Owner, goodsId: number) {
  return toGoods(await ownedRow(ctx.db, 'goods', goodsId, { user_id: user.id, tenant_id: user.tenantId }));
}

export async function createGoods(ctx: AppContext, user: Owner, input: GoodsInput) {
  const now = Date.now();
  const row = await ctx.db
    .insertInto('goods')
    .values({ user_id: user.id, tenant_id: user.tenantId, ...columnsOf(input), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export async function updateGoods(ctx: AppContext, user: Owner, goodsId: number, input: GoodsInput) {
  await getGoods(ctx, user, goodsId);
  await ctx.db
    .updateTable('goods')
    .set({ ...columnsOf(input), updated_at: Date.now() })
    .where('id', '=', goodsId)
    .execute();
}

export async function deleteGoods(ctx: AppContext, user: Owner, goodsId: number) {
  await getGoods(ctx, user, goodsId);
  await ctx.db.deleteFrom('goods').where('id', '=', goodsId).execute();
}
