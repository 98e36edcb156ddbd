import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull().defaultTo('default'))
    .addColumn('referrer', 'text')
    .addColumn('phone', 'text', (col) => col.unique())
    .addColumn('email', 'text', (col) => col.unique())
    .addColumn('user_name', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('company_name', 'text')
    .addColumn('invite_code', 'text', (col) => col.notNull().unique())
    .addColumn('invited_by', 'text')
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('users_tenant').on('users').column('tenant_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('expires_at', c.bigint, (col) => col.notNull())
    .addColumn('revoked_at', c.bigint)
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await c
    .autoId(db.schema.createTable('verification_codes'))
    .addColumn('target', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('expires_at', c.bigint, (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('consumed_at', c.bigint)
    .execute();
  await db.schema.createIndex('verification_codes_target').on('verification_codes').columns(['target', 'created_at']).execute();

  await db.schema
    .createTable('captchas')
    .addColumn('mobile_id', 'text', (col) => col.primaryKey())
    .addColumn('answer_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('expires_at', c.bigint, (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('verified_at', c.bigint)
    .addColumn('consumed_at', c.bigint)
    .execute();

  await c
    .autoId(db.schema.createTable('outbox'))
    .addColumn('to', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('sent_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('outbox_to').on('outbox').columns(['to', 'sent_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['outbox', 'captchas', 'verification_codes', 'sessions', 'users']) await db.schema.dropTable(t).execute();
}
