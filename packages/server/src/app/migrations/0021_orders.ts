import { type Kysely, sql } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/** Orders (status codes 0..6 of spec 000 §3) and the payment notifications received for them. */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('orders')
    .addColumn('order_no', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('product_id', 'text', (col) => col.notNull())
    .addColumn('product_kind', 'text', (col) => col.notNull())
    .addColumn('tier', 'text')
    .addColumn('period', 'text')
    .addColumn('name_zh', 'text', (col) => col.notNull())
    .addColumn('name_en', 'text', (col) => col.notNull())
    .addColumn('points', 'integer', (col) => col.notNull())
    .addColumn('validity_days', 'integer')
    .addColumn('months', 'integer')
    .addColumn('list_price_cents', 'integer', (col) => col.notNull())
    .addColumn('credit_cents', 'integer', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('replaces_subscription', 'text')
    .addColumn('status', 'integer', (col) => col.notNull())
    .addColumn('close_reason', 'text')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_trade_no', 'text')
    .addColumn('pay_url', 'text')
    .addColumn('refund_note', 'text')
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .addColumn('expires_at', c.bigint, (col) => col.notNull())
    .addColumn('paid_at', c.bigint)
    .addColumn('closed_at', c.bigint)
    .addColumn('refunded_at', c.bigint)
    .execute();
  await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('orders_due').on('orders').columns(['status', 'expires_at']).execute();
  // At most one order a user can still pay (pending or paying): the pending-order conflict is
  // decided by the database, so two concurrent purchases cannot both open an order.
  await db.schema
    .createIndex('orders_one_open')
    .on('orders')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), 'in', [0, 3])
    .execute();
  await c
    .autoId(db.schema.createTable('payment_events'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('order_no', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('received_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('payment_events_once').on('payment_events').columns(['provider', 'event_id']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropTable('orders').execute();
}
