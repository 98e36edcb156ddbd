import { type Kysely, sql } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('team_roles')
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .addPrimaryKeyConstraint('team_roles_pk', ['tenant_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('team_invitations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('token_hash', 'text', (col) => col.unique())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('expires_at', c.bigint, (col) => col.notNull())
    .addColumn('revoked_at', c.bigint)
    .addColumn('accepted_by', 'text')
    .addColumn('accepted_at', c.bigint)
    .execute();
  await db.schema.createIndex('team_invitations_tenant').on('team_invitations').columns(['tenant_id', 'created_at']).execute();
  await db.schema.createIndex('team_invitations_phone').on('team_invitations').columns(['phone']).execute();
  await db.schema
    .createTable('team_pools')
    .addColumn('tenant_id', 'text', (col) => col.primaryKey())
    .addColumn('balance', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .addCheckConstraint('team_pools_non_negative', sql`balance >= 0`)
    .execute();
  await db.schema
    .createTable('team_pool_ledger')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('delta', c.bigint, (col) => col.notNull())
    .addColumn('balance_after', c.bigint, (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text')
    .addColumn('actor_id', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('team_pool_ledger_tenant').on('team_pool_ledger').columns(['tenant_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('team_pool_ledger').execute();
  await db.schema.dropTable('team_pools').execute();
  await db.schema.dropTable('team_invitations').execute();
  await db.schema.dropTable('team_roles').execute();
}
