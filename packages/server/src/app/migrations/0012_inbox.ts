import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await c
    .autoId(db.schema.createTable('inbox_messages'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('brief', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('img', 'text')
    .addColumn('sent_at', c.bigint, (col) => col.notNull())
    .addColumn('created_by', 'text')
    .execute();
  await db.schema.createIndex('inbox_messages_user').on('inbox_messages').columns(['user_id', 'sent_at']).execute();
  await db.schema.createIndex('inbox_messages_tenant').on('inbox_messages').columns(['tenant_id', 'sent_at']).execute();
  await db.schema
    .createTable('inbox_states')
    .addColumn('message_id', c.bigint, (col) => col.notNull().references('inbox_messages.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', c.bigint)
    .addColumn('deleted_at', c.bigint)
    .addPrimaryKeyConstraint('inbox_states_pk', ['message_id', 'user_id'])
    .execute();
  await db.schema.createIndex('inbox_states_user').on('inbox_states').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('inbox_states').execute();
  await db.schema.dropTable('inbox_messages').execute();
}
