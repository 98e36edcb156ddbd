import { type AgentAnswerEvents, type AgentRunningTool, ApiError, readEventStream, type Schema } from '@productimage/core';
import { api } from '../../../app/api.ts';
import { currentLanguage } from '../../../app/i18n.ts';

export type AgentConversation = Schema<'AgentConversation'>;
export type AgentMessage = Schema<'AgentMessage'>;
export type AgentToolCall = Schema<'AgentToolCall'>;
export type RunningTool = AgentRunningTool;

const conversation = (conversationId: string) => ({ params: { path: { conversationId } } });

/** The marketing agent (server agent-chat/routes.ts). */
export const agentChatApi = {
  status: () => api.GET('/api/agent/status'),
  list: () => api.GET('/api/agent/conversations', { params: { query: { pageNum: 1, pageSize: 100 } } }),
  create: () => api.POST('/api/agent/conversations', { body: { title: '' } }),
  rename: (conversationId: string, title: string) =>
    api.request<AgentConversation>('PATCH', `/api/agent/conversations/${encodeURIComponent(conversationId)}`, {
      json: { title },
    }),
  remove: (conversationId: string) => api.DELETE('/api/agent/conversations/{conversationId}', conversation(conversationId)),
  messages: (conversationId: string) =>
    api.GET('/api/agent/conversations/{conversationId}/messages', conversation(conversationId)),
  stop: (messageId: string) => api.POST('/api/agent/messages/{messageId}/stop', { params: { path: { messageId } } }),
};

export interface AskHandlers {
  start(question: AgentMessage, answer: AgentMessage): void;
  tool(call: RunningTool): void;
  delta(text: string): void;
  restart(): void;
  done(answer: AgentMessage): void;
}

/**
 * Asks a question and follows the streamed answer (core's reader, typed by the route's events in
 * core api/streams.ts; fetch, so the bearer header is sent). A refusal
 * (no chat engine, not enough points, busy) is thrown as an ApiError with the server's translated message.
 */
export async function ask(conversationId: string, text: string, handlers: AskHandlers, signal?: AbortSignal): Promise<void> {
  await readEventStream<AgentAnswerEvents>({
    open: (headers, signal) =>
      api.raw(`/api/agent/conversations/${encodeURIComponent(conversationId)}/messages`, undefined, {
        method: 'POST',
        signal,
        headers: { ...headers, 'content-type': 'application/json', 'accept-language': currentLanguage() },
        body: JSON.stringify({ text }),
      }),
    signal,
    async refused(response) {
      const envelope = (await response.json().catch(() => null)) as { code?: number; msg?: string } | null;
      throw new ApiError(envelope?.code || response.status, envelope?.msg ?? '', response.status);
    },
    onEvent(event, data) {
      if (event === 'start') handlers.start(data.question, data.answer);
      else if (event === 'tool') handlers.tool(data);
      else if (event === 'delta') handlers.delta(data.text);
      else if (event === 'restart') handlers.restart();
      else if (event === 'done') handlers.done(data);
    },
  });
}
