import type { Generated } from 'kysely';

/** Review (/audit): ideas and contents with their review state and the comment thread. */
export interface ReviewTables {
  review_items: {
    id: Generated<number>;
    tenant_id: string;
    author_id: string;
    /** idea or content. */
    kind: string;
    title: string;
    body: string;
    /** The KOS account it is meant for, if any. */
    account_id: number | null;
    /** draft, in_review, approved, rejected, published (core REVIEW_STATUSES). */
    status: string;
    reviewer_id: string | null;
    submitted_at: number | null;
    decided_at: number | null;
    created_at: number;
    updated_at: number;
  };
  review_comments: {
    id: Generated<number>;
    item_id: number;
    tenant_id: string;
    author_id: string;
    body: string;
    /** The transition this comment came with (submit, approve...), or null for a plain comment. */
    action: string | null;
    from_status: string | null;
    to_status: string | null;
    created_at: number;
  };
}
