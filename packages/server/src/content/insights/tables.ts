import type { Generated } from 'kysely';

/** Insights (/prod-insight, /comment-insight): imported reviews or comments and their analysis. */
export interface InsightTables {
  insight_analyses: {
    id: Generated<number>;
    tenant_id: string;
    user_id: string;
    /** product (reviews) or comment. */
    kind: string;
    title: string;
    /** JSON array of the imported texts, the quotes the findings point to. */
    entries: string;
    entry_count: number;
    /** JSON of the analysis (core InsightResult). */
    result: string;
    model: string;
    created_at: number;
  };
}
