/**
 * The marketing agent's conversations (docs/marketing.md "Workbench and agent chat").
 *
 * - agent_conversations: one conversation of one user in one tenant; `updated_at` moves with every
 *   question so the list shows the latest first.
 * - agent_messages: the questions (`user`) and answers (`assistant`). An answer is `streaming` while
 *   the model writes, then `done`, `stopped` (by the user; refunded) or `failed` (`error` holds the
 *   catalogue key; refunded). `tools` is the JSON list of tool calls made for it. An answer is
 *   charged with ref agent_message:<id>.
 */
export interface AgentChatTables {
  agent_conversations: {
    id: string;
    user_id: string;
    tenant_id: string;
    title: string;
    created_at: number;
    updated_at: number;
  };
  agent_messages: {
    id: string;
    conversation_id: string;
    user_id: string;
    role: 'user' | 'assistant';
    content: string;
    tools: string;
    status: 'streaming' | 'done' | 'stopped' | 'failed';
    error: string | null;
    cost: number;
    created_at: number;
  };
}
