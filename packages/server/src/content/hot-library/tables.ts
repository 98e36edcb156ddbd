import type { Generated } from 'kysely';

/** Hot library: hot items and imported notes a user keeps as sources for rewrite and ideas. */
export interface HotLibraryTables {
  hot_items: {
    id: Generated<number>;
    user_id: string;
    tenant_id: string;
    title: string;
    content: string;
    url: string;
    platform: string;
    /** The heat figure as the list showed it. */
    hot: string;
    /** hotspot, note or manual. */
    source: string;
    note_id: number | null;
    created_at: number;
  };
}
