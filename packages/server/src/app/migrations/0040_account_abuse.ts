import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/**
 * Issue 9 (attackers, not victims, are limited):
 * - captchas: one live captcha per address *and client*, so requests from elsewhere can neither
 *   replace nor use up the captcha a user is typing (the rows are short-lived: recreated empty);
 * - auth_failures: failure counters with exponential back-off per client and per client+account;
 * - altcha_used: proof-of-work solutions already accepted (each solves one captcha check).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema.dropTable('captchas').execute();
  await db.schema
    .createTable('captchas')
    .addColumn('mobile_id', 'text', (col) => col.notNull())
    .addColumn('client', 'text', (col) => col.notNull())
    .addColumn('answer_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('expires_at', c.bigint, (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('verified_at', c.bigint)
    .addColumn('consumed_at', c.bigint)
    .addPrimaryKeyConstraint('captchas_pk', ['mobile_id', 'client'])
    .execute();
  await db.schema.createIndex('captchas_expires').on('captchas').column('expires_at').execute();

  await db.schema
    .createTable('auth_failures')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('last_at', c.bigint, (col) => col.notNull())
    .addColumn('locked_until', c.bigint, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('altcha_used')
    .addColumn('signature', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', c.bigint, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('altcha_used').execute();
  await db.schema.dropTable('auth_failures').execute();
}
