import type { Generated } from 'kysely';

export interface NoteTables {
  notes: {
    id: Generated<number>;
    user_id: string;
    tenant_id: string;
    /** 1: in the tenant's public note base (readable by its users, changed only by the author). */
    is_public: number;
    title: string;
    content: string;
    /** JSON array of image URLs. */
    images: string;
    /** JSON array of tags. */
    tags: string;
    source_url: string;
    platform: string;
    /** JSON { likes, collects, comments, shares }. */
    metrics: string;
    created_at: number;
    updated_at: number;
  };
  note_favorites: {
    user_id: string;
    note_id: number;
    created_at: number;
  };
}
