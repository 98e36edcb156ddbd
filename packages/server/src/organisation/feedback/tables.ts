import type { Generated } from 'kysely';

export interface FeedbackTables {
  feedback: {
    id: Generated<number>;
    user_id: string;
    tenant_id: string;
    title: string;
    content: string;
    /** JSON array of { url }. */
    attachments: string;
    created_at: number;
  };
}
