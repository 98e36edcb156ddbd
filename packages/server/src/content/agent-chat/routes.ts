import {
  AGENT_ANSWER_COST,
  AGENT_MESSAGE_STATUSES,
  AGENT_QUESTION_MAX,
  AGENT_TITLE_MAX,
  type AgentAnswerEvents,
} from '@productimage/core';
import { z } from 'zod';
import { chatEngine } from '../../engines/openai-chat/index.ts';
import { getTenantOrDefault } from '../../identity/tenants/store.ts';
import type { AppContext } from '../../platform/context.ts';
import type { ApiApp } from '../../platform/http/api-app.ts';
import { requireUser, type SessionUser } from '../../platform/http/auth.ts';
import { ok } from '../../platform/http/envelope.ts';
import { envelopeOf, eventStreamAnswer, pageOf } from '../../platform/http/envelope-schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { requestLanguage } from '../../platform/http/i18n.ts';
import { pagingQuery } from '../../platform/http/paging.ts';
import { sseSender } from '../../platform/http/sse.ts';
import { complianceSchema } from '../compliance/schemas.ts';
import {
  createConversation,
  deleteConversation,
  findMessage,
  listConversations,
  listMessages,
  ownConversation,
  renameConversation,
} from './conversations.ts';
import { expireAbandoned, openTurn, runTurn, stopAnswer } from './turn.ts';

const conversationView = z
  .object({ conversationId: z.string(), title: z.string(), createdAt: z.number(), updatedAt: z.number() })
  .meta({ id: 'AgentConversation' });
const toolCallView = z
  .object({
    name: z.string(),
    args: z.record(z.string(), z.unknown()),
    ok: z.boolean(),
    summary: z.string(),
    items: z.array(z.object({ title: z.string(), detail: z.string(), url: z.string() })),
  })
  .meta({ id: 'AgentToolCall' });
const messageView = z
  .object({
    messageId: z.string(),
    role: z.enum(['user', 'assistant']),
    content: z.string(),
    tools: z.array(toolCallView),
    status: z.enum(AGENT_MESSAGE_STATUSES),
    error: z.string().nullable(),
    cost: z.number(),
    createdAt: z.number(),
    /** The compliance engine's verdict on `content` (API.md "Compliance"). */
    compliance: complianceSchema,
  })
  .meta({ id: 'AgentMessage' });

const title = z.string().trim().max(AGENT_TITLE_MAX);
const conversationParams = z.object({ conversationId: z.string().uuid() });
const messageParams = z.object({ messageId: z.string().uuid() });

/** The marketing agent is a tenant grant (isChatAllow, spec 000 §6): the same rule as /api/user/current. */
async function requireAgentUser(ctx: AppContext, request: Parameters<typeof requireUser>[0]): Promise<SessionUser> {
  const user = requireUser(request);
  const tenant = await getTenantOrDefault(ctx.db, user.tenantId);
  if (!tenant.flags.chatAllow) throw new AppError('agentChatNotAllowed');
  return user;
}

/** The marketing agent (/mott-agent): conversations per user, streamed answers, tools (docs/marketing.md). */
export async function agentChatRoutes(app: ApiApp, ctx: AppContext) {
  const tags = ['agent-chat'];
  const security = [{ bearer: [] }];

  app.get(
    '/agent/status',
    {
      schema: {
        tags,
        security,
        summary: 'Whether the agent can answer here (a chat engine is configured) and what one answer costs',
        response: { 200: envelopeOf(z.object({ chatEngine: z.boolean(), answerCost: z.number() }).meta({ id: 'AgentStatus' })) },
      },
    },
    async (request) => {
      await requireAgentUser(ctx, request);
      return ok({ chatEngine: chatEngine(ctx.config) !== null, answerCost: AGENT_ANSWER_COST });
    },
  );

  app.get(
    '/agent/conversations',
    {
      schema: {
        tags,
        security,
        summary: "The user's conversations, latest first",
        querystring: pagingQuery(20, 100),
        response: { 200: envelopeOf(pageOf(conversationView)) },
      },
    },
    async (request) => ok(await listConversations(ctx, await requireAgentUser(ctx, request), request.query)),
  );

  app.post(
    '/agent/conversations',
    {
      schema: {
        tags,
        security,
        summary: 'Starts a conversation (an empty title becomes the first question)',
        body: z.object({ title: title.default('') }),
        response: { 200: envelopeOf(conversationView) },
      },
    },
    async (request) => ok(await createConversation(ctx, await requireAgentUser(ctx, request), request.body.title)),
  );

  app.patch(
    '/agent/conversations/:conversationId',
    {
      schema: {
        tags,
        security,
        summary: 'Renames a conversation',
        params: conversationParams,
        body: z.object({ title: title.min(1, { error: 'validation:titleRequired' }) }),
        response: { 200: envelopeOf(conversationView) },
      },
    },
    async (request) =>
      ok(await renameConversation(ctx, await requireAgentUser(ctx, request), request.params.conversationId, request.body.title)),
  );

  app.delete(
    '/agent/conversations/:conversationId',
    {
      schema: {
        tags,
        security,
        summary: 'Deletes a conversation; an answer still being written is stopped and refunded first',
        params: conversationParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const user = await requireAgentUser(ctx, request);
      const { conversationId } = request.params;
      const { messages } = await listMessages(ctx, user, conversationId, requestLanguage(request));
      for (const m of messages) if (m.status === 'streaming') await stopAnswer(ctx, m.messageId);
      await deleteConversation(ctx, user, conversationId);
      return ok(null);
    },
  );

  app.get(
    '/agent/conversations/:conversationId/messages',
    {
      // @fastify/sse: headers go out with the first event, so a refusal before it is a JSON envelope.
      sse: 'only',
      schema: {
        tags,
        security,
        summary: 'A conversation with its messages, oldest first (an answer being written shows its text so far)',
        params: conversationParams,
        response: { 200: envelopeOf(z.object({ conversation: conversationView, messages: z.array(messageView) })) },
      },
    },
    async (request) => {
      const user = await requireAgentUser(ctx, request);
      await ownConversation(ctx, user, request.params.conversationId);
      await expireAbandoned(ctx, request.params.conversationId);
      return ok(await listMessages(ctx, user, request.params.conversationId, requestLanguage(request)));
    },
  );

  app.post(
    '/agent/conversations/:conversationId/messages',
    {
      // @fastify/sse: headers go out with the first event, so a refusal before it is a JSON envelope.
      sse: 'only',
      schema: {
        tags,
        security,
        summary:
          'Asks a question. Refused before charging when no chat engine is configured. Answers server-sent events: ' +
          '`start` { question, answer } (AgentMessage), `tool` (AgentToolCall with status running/done and index), ' +
          '`delta` { text }, `restart`, then `done` (the stored AgentMessage: done, stopped or failed with its error)',
        params: conversationParams,
        body: z.object({
          text: z.string().trim().min(1, { error: 'validation:contentRequired' }).max(AGENT_QUESTION_MAX),
        }),
        response: { 200: eventStreamAnswer },
      },
    },
    async (request, reply) => {
      const user = await requireAgentUser(ctx, request);
      const lang = requestLanguage(request);
      const { conversationId } = request.params;
      await ownConversation(ctx, user, conversationId);
      const engine = chatEngine(ctx.config);
      if (!engine) throw new AppError('chatEngineNotConfigured');
      await expireAbandoned(ctx, conversationId);
      const { userMessageId, answerId } = await openTurn(ctx, user, conversationId, request.body.text);
      const [question, answer] = await Promise.all([
        findMessage(ctx, user, userMessageId, lang),
        findMessage(ctx, user, answerId, lang),
      ]);
      // The answer goes on when the page goes away: it is stored and shows in the history; events
      // for a client that has left are dropped.
      const out = sseSender<AgentAnswerEvents>(ctx, reply.sse);
      try {
        out.send('start', { question, answer });
        const final = await runTurn(ctx, engine, user, conversationId, request.body.text, answerId, lang, {
          tool: (view) => out.send('tool', view),
          delta: (text) => out.send('delta', { text }),
          restart: () => out.send('restart', {}),
        });
        out.send('done', final);
      } catch (err) {
        request.log.error({ err }, 'agent answer stream failed');
      } finally {
        await out.flushed();
      }
    },
  );

  app.post(
    '/agent/messages/:messageId/stop',
    {
      schema: {
        tags,
        security,
        summary: 'Stops an answer being written; its points are returned (what was written so far is kept)',
        params: messageParams,
        response: { 200: envelopeOf(messageView) },
      },
    },
    async (request) => {
      const user = await requireAgentUser(ctx, request);
      const lang = requestLanguage(request);
      const message = await findMessage(ctx, user, request.params.messageId, lang);
      if (message.role !== 'assistant' || !(await stopAnswer(ctx, message.messageId))) throw new AppError('agentNotStoppable');
      return ok(await findMessage(ctx, user, message.messageId, lang));
    },
  );
}
