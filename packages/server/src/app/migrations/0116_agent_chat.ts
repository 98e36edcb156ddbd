import type { Kysely } from 'kysely';
import { columns } from '../../platform/db/dialect.ts';

/** The marketing agent's conversations and messages (agent-chat/tables.ts). */
export async function up(db: Kysely<any>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('agent_conversations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .addColumn('updated_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('agent_conversations_owner')
    .on('agent_conversations')
    .columns(['user_id', 'tenant_id', 'updated_at'])
    .execute();
  await db.schema
    .createTable('agent_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('conversation_id', 'text', (col) => col.notNull().references('agent_conversations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('tools', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('error', 'text')
    .addColumn('cost', 'integer', (col) => col.notNull())
    .addColumn('created_at', c.bigint, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('agent_messages_conversation')
    .on('agent_messages')
    .columns(['conversation_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('agent_messages').execute();
  await db.schema.dropTable('agent_conversations').execute();
}
