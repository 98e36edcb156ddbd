import type { Generated } from 'kysely';

/**
 * KOS (docs/kos.md): the social accounts a team runs, the personas the content generators write in,
 * topic plans per account, and tracked posts with one metrics row per post and day. Every row
 * belongs to a tenant and is shared by the tenant's team (roles: core TEAM_PERMISSIONS).
 */
export interface KosTables {
  kos_personas: {
    id: Generated<number>;
    tenant_id: string;
    name: string;
    tone: string;
    audience: string;
    /** JSON array of words the generators must not use. */
    taboo_words: string;
    intro: string;
    created_by: string;
    created_at: number;
    updated_at: number;
  };
  kos_accounts: {
    id: Generated<number>;
    tenant_id: string;
    /** douyin, xiaohongshu, weibo or wechat. */
    platform: string;
    handle: string;
    display_name: string;
    persona_id: number | null;
    owner_user_id: string | null;
    notes: string;
    created_by: string;
    created_at: number;
    updated_at: number;
  };
  kos_topics: {
    id: Generated<number>;
    tenant_id: string;
    account_id: number;
    title: string;
    brief: string;
    /** YYYY/MM/DD. */
    plan_day: string;
    /** planned, writing, published, dropped. */
    status: string;
    created_by: string;
    created_at: number;
    updated_at: number;
  };
  kos_tracked_posts: {
    id: Generated<number>;
    tenant_id: string;
    platform: string;
    handle: string;
    /** The platform's post id or, without one, its URL or title. */
    post_key: string;
    title: string;
    url: string;
    published_day: string;
    created_at: number;
  };
  kos_post_metrics: {
    id: Generated<number>;
    tenant_id: string;
    post_id: number;
    /** YYYY/MM/DD the figures were read. */
    day: string;
    views: number;
    likes: number;
    comments: number;
    shares: number;
    /** import (CSV/XLSX/paste) or plugin (Base data-sync). */
    source: string;
    updated_at: number;
  };
}
