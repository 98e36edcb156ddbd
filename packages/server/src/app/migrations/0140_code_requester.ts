import type { Kysely } from 'kysely';

/**
 * Verification codes remember the client address that asked for them, and count wrong tries from
 * other addresses apart (issue 26): a spray of wrong codes from many addresses ends the code for
 * those addresses only, never for the client that requested it (accounts/codes.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('verification_codes').addColumn('sent_ip', 'text').execute();
  await db.schema
    .alterTable('verification_codes')
    .addColumn('foreign_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('verification_codes').dropColumn('foreign_attempts').execute();
  await db.schema.alterTable('verification_codes').dropColumn('sent_ip').execute();
}
