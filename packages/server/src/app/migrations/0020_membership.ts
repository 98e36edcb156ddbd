import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/**
 * Membership: the product catalogue (editable by operators, prices in cents) and subscriptions
 * (a user's paid packages). Seeds the catalogue; operators change it later through the admin API.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('tier', 'text')
    .addColumn('period', 'text')
    .addColumn('name_zh', 'text', (col) => col.notNull())
    .addColumn('name_en', 'text', (col) => col.notNull())
    .addColumn('price_cents', 'integer', (col) => col.notNull())
    // Packages: null takes the configured monthly reading; top-ups: the points of the pack.
    .addColumn('points', 'integer')
    .addColumn('validity_days', 'integer')
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tier', 'text', (col) => col.notNull())
    .addColumn('product_id', 'text')
    .addColumn('order_no', 'text')
    .addColumn('months', 'integer', (col) => col.notNull())
    .addColumn('monthly_points', 'integer', (col) => col.notNull())
    .addColumn('value_cents', 'integer', (col) => col.notNull())
    .addColumn('start_at', c.bigint, (col) => col.notNull())
    .addColumn('end_at', c.bigint, (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('subscriptions_user').on('subscriptions').columns(['user_id', 'status', 'end_at']).execute();
  await db.schema.createIndex('subscriptions_due').on('subscriptions').columns(['status', 'end_at']).execute();

  const now = Date.now();
  const pkg = (tier: string, period: string, zh: string, en: string, price: number, sort: number) => ({
    id: `${tier}-${period}`,
    kind: 'package',
    tier,
    period,
    name_zh: zh,
    name_en: en,
    price_cents: price,
    points: null,
    validity_days: null,
    active: 1,
    sort,
    created_at: now,
    updated_at: now,
  });
  const topup = (id: string, points: number, price: number, days: number, sort: number) => ({
    id,
    kind: 'topup',
    tier: null,
    period: null,
    name_zh: `${points} 灵石加油包`,
    name_en: `${points} coins top-up`,
    price_cents: price,
    points,
    validity_days: days,
    active: 1,
    sort,
    created_at: now,
    updated_at: now,
  });
  await db
    .insertInto('products')
    .values([
      pkg('basic', 'monthly', '基础版 月付', 'Basic monthly', 9900, 10),
      pkg('basic', 'annual', '基础版 年付', 'Basic annual', 99000, 11),
      pkg('professional', 'monthly', '专业版 月付', 'Professional monthly', 29900, 20),
      pkg('professional', 'annual', '专业版 年付', 'Professional annual', 299000, 21),
      pkg('premium', 'monthly', '高级版 月付', 'Premium monthly', 59900, 30),
      pkg('premium', 'annual', '高级版 年付', 'Premium annual', 599000, 31),
      pkg('flagship', 'monthly', '旗舰版 月付', 'Flagship monthly', 129900, 40),
      pkg('flagship', 'annual', '旗舰版 年付', 'Flagship annual', 1299000, 41),
      topup('topup-1000', 1000, 2000, 90, 100),
      topup('topup-5000', 5000, 9500, 180, 101),
      topup('topup-20000', 20000, 36000, 365, 102),
      {
        id: 'enterprise',
        kind: 'enterprise',
        tier: 'enterprise',
        period: null,
        name_zh: '企业版',
        name_en: 'Enterprise',
        price_cents: 0,
        points: null,
        validity_days: null,
        active: 1,
        sort: 50,
        created_at: now,
        updated_at: now,
      },
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('subscriptions').execute();
  await db.schema.dropTable('products').execute();
}
