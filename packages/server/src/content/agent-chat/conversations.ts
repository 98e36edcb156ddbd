import crypto from 'node:crypto';
import type { AgentMessageStatus, Language } from '@productimage/core';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { translate } from '../../platform/http/i18n.ts';
import { ownedRow } from '../../platform/http/owned-row.ts';
import { listPage, type Paging } from '../../platform/http/paging.ts';
import type { ComplianceVerdict } from '../compliance/engine.ts';
import { checkText, complianceOptions } from '../compliance/service.ts';
import type { AgentChatTables } from './tables.ts';

/** Who owns a conversation: the user inside one tenant (a conversation never crosses either). */
export interface Owner {
  id: string;
  tenantId: string;
}

export interface ToolCallView {
  name: string;
  args: Record<string, unknown>;
  ok: boolean;
  /** What the tool found, in the caller's language (or why it failed). */
  summary: string;
  items: Array<{ title: string; detail: string; url: string }>;
}

export interface MessageView {
  messageId: string;
  role: 'user' | 'assistant';
  content: string;
  tools: ToolCallView[];
  status: AgentMessageStatus;
  error: string | null;
  cost: number;
  createdAt: number;
  /** The compliance engine's verdict on `content` (API.md "Compliance"). */
  compliance: ComplianceVerdict;
}

export interface ConversationView {
  conversationId: string;
  title: string;
  createdAt: number;
  updatedAt: number;
}

const conversationColumns = ['id', 'title', 'created_at', 'updated_at'] as const;
const messageColumns = ['id', 'role', 'content', 'tools', 'status', 'error', 'cost', 'created_at'] as const;
type ConversationRow = Pick<Selectable<AgentChatTables['agent_conversations']>, (typeof conversationColumns)[number]>;
type MessageRow = Pick<Selectable<AgentChatTables['agent_messages']>, (typeof messageColumns)[number]>;

const toConversation = (r: ConversationRow): ConversationView => ({
  conversationId: r.id,
  title: r.title,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

type Checks = Awaited<ReturnType<typeof complianceOptions>>;

/** The engine's options for an owner's messages (the tenant's own words read once per call). */
export const messageChecks = (ctx: AppContext, owner: Owner, lang: Language) =>
  complianceOptions(ctx.db, { tenantId: owner.tenantId, lang });

export const toMessage = (r: MessageRow, lang: Language, checks: Checks): MessageView => ({
  messageId: r.id,
  role: r.role,
  content: r.content,
  tools: JSON.parse(r.tools) as ToolCallView[],
  status: r.status,
  error: r.error ? translate(lang, `errors:${r.error}`) : null,
  cost: Number(r.cost),
  createdAt: Number(r.created_at),
  compliance: checkText(r.content, checks, lang),
});

/** The conversation if it belongs to this user in this tenant; otherwise notFound (no hint that it exists). */
export async function ownConversation(ctx: AppContext, owner: Owner, conversationId: string): Promise<ConversationView> {
  const scope = { user_id: owner.id, tenant_id: owner.tenantId };
  return toConversation(await ownedRow(ctx.db, 'agent_conversations', conversationId, scope, conversationColumns));
}

export async function createConversation(ctx: AppContext, owner: Owner, title: string): Promise<ConversationView> {
  const now = Date.now();
  const row = { id: crypto.randomUUID(), user_id: owner.id, tenant_id: owner.tenantId, title, created_at: now, updated_at: now };
  await ctx.db.insertInto('agent_conversations').values(row).execute();
  return toConversation(row);
}

export async function listConversations(ctx: AppContext, owner: Owner, page: Paging) {
  const base = ctx.db.selectFrom('agent_conversations').where('user_id', '=', owner.id).where('tenant_id', '=', owner.tenantId);
  const { rows, total } = await listPage(base, page, (q) =>
    q.select(conversationColumns).orderBy('updated_at', 'desc').orderBy('id', 'desc'),
  );
  return { list: rows.map(toConversation), total };
}

export async function renameConversation(ctx: AppContext, owner: Owner, conversationId: string, title: string) {
  await ownConversation(ctx, owner, conversationId);
  await ctx.db.updateTable('agent_conversations').set({ title }).where('id', '=', conversationId).execute();
  return ownConversation(ctx, owner, conversationId);
}

export async function deleteConversation(ctx: AppContext, owner: Owner, conversationId: string): Promise<void> {
  await ownConversation(ctx, owner, conversationId);
  await ctx.db.deleteFrom('agent_messages').where('conversation_id', '=', conversationId).execute();
  await ctx.db.deleteFrom('agent_conversations').where('id', '=', conversationId).execute();
}

export async function listMessages(ctx: AppContext, owner: Owner, conversationId: string, lang: Language) {
  const conversation = await ownConversation(ctx, owner, conversationId);
  const rows = await ctx.db
    .selectFrom('agent_messages')
    .select([...messageColumns])
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at')
    .orderBy('role', 'desc')
    .execute();
  const checks = await messageChecks(ctx, owner, lang);
  return { conversation, messages: rows.map((r) => toMessage(r, lang, checks)) };
}

export async function findMessage(ctx: AppContext, owner: Owner, messageId: string, lang: Language): Promise<MessageView> {
  const row = await ctx.db
    .selectFrom('agent_messages')
    .innerJoin('agent_conversations', 'agent_conversations.id', 'agent_messages.conversation_id')
    .select(messageColumns.map((c) => `agent_messages.${c}` as const))
    .where('agent_messages.id', '=', messageId)
    .where('agent_conversations.user_id', '=', owner.id)
    .where('agent_conversations.tenant_id', '=', owner.tenantId)
    .executeTakeFirst();
  if (!row) throw new AppError('notFound');
  return toMessage(row, lang, await messageChecks(ctx, owner, lang));
}

/** The earlier finished turns, oldest first, for the model (the last `limit` messages). */
export async function historyFor(ctx: AppContext, conversationId: string, beforeId: string, limit: number) {
  const rows = await ctx.db
    .selectFrom('agent_messages')
    .select(['id', 'role', 'content', 'status', 'created_at'])
    .where('conversation_id', '=', conversationId)
    .where('id', '!=', beforeId)
    .where('status', 'in', ['done', 'stopped'])
    .orderBy('created_at', 'desc')
    .orderBy('role')
    .limit(limit)
    .execute();
  return rows.reverse().filter((r) => r.content.trim().length > 0);
}
