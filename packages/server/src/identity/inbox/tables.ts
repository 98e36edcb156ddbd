import type { Generated } from 'kysely';

export type MessageContentType = 'text' | 'html' | 'link';

/**
 * Inbox messages. A row with user_id set is one user's message; user_id null is a broadcast to
 * every user of its tenant. Read and deleted state is per user in inbox_states (rows appear lazily).
 */
export interface InboxTables {
  inbox_messages: {
    id: Generated<number>;
    tenant_id: string;
    user_id: string | null;
    title: string;
    brief: string;
    content: string;
    content_type: MessageContentType;
    img: string | null;
    sent_at: number;
    /** The operator who sent it; null for system messages. */
    created_by: string | null;
  };
  inbox_states: {
    message_id: number;
    user_id: string;
    read_at: number | null;
    deleted_at: number | null;
  };
}
