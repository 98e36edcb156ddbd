import type {
  HotspotSourceType,
  OperationType,
  Platform,
  PublishingStatus,
  ReportStage,
  SocialMediaType,
  SocialType,
  TextEngineName,
} from '@productimage/core';
import type { Generated } from 'kysely';

/**
 * Marketing tables (docs/marketing.md).
 *
 * - hotspots: hot items. `source` is `feed` (fetched from the DailyHotApi-compatible feed, shared,
 *   user_id null; replaced on every refresh) or `import` (pasted or uploaded by a user, private).
 * - hotspot_feeds: per platform, the feed's own update time and when we fetched it (the cache).
 * - idea_reports: one idea report; `params` the form (JSON), `stage`/`process` its progress,
 *   `state` 1 once cancelled (no more updates), `cost` what its task was charged; `task_id` the
 *   text task on the task platform that writes it (charged, refunded, resumed by the platform).
 * - idea_items: the ideas of a report (genDataItemId = id), with their picture.
 * - content_tasks: one content creation (contentId) for several platforms; `deleted_at` hides it.
 * - content_items: one platform's result; charged per item (ref content_item:id) so a stop or a
 *   failure refunds exactly that item. `like_state` like/dislike/null with the dislike reason.
 */
export interface MarketingTables {
  hotspots: {
    id: string;
    platform: string;
    source: 'feed' | 'import';
    user_id: string | null;
    tenant_id: string | null;
    title: string;
    hot: string | null;
    url: string | null;
    desc: string | null;
    rank: number;
    created_at: number;
  };
  hotspot_feeds: { platform: string; update_time: number; fetched_at: number };
  idea_reports: {
    id: string;
    user_id: string;
    tenant_id: string;
    title: string;
    params: string;
    hotspot_source_type: HotspotSourceType;
    hotspot_id: string | null;
    engine: TextEngineName;
    process: 'generating' | 'completed' | 'failed';
    stage: ReportStage;
    state: number;
    cost: number;
    summary: string | null;
    association: string | null;
    risk: string | null;
    error: string | null;
    tokens: number;
    /** The text task writing the report (MKT_IDEA_REPORT or its draft type); null for older reports. */
    task_id: string | null;
    created_at: number;
    updated_at: number;
  };
  idea_items: {
    id: Generated<number>;
    report_id: string;
    social_type: SocialType;
    title: string;
    content: string;
    pic_url: string | null;
    gen_pic_status: string;
    /** The latest picture task of the idea (poster engine), or null. */
    pic_task_id: string | null;
    created_at: number;
  };
  content_tasks: {
    id: string;
    user_id: string;
    tenant_id: string;
    engine: TextEngineName;
    params: string;
    report_id: string | null;
    social_media_type: SocialMediaType;
    created_at: number;
    deleted_at: number | null;
  };
  content_items: {
    id: Generated<number>;
    content_id: string;
    user_id: string;
    /** The text task writing (or that wrote) this result; null for rows made before tasks. */
    task_id: string | null;
    platform: Platform;
    status: 'loading' | 'success' | 'fail' | 'stop';
    title: string;
    content: string;
    gen_images: string;
    error: string | null;
    cost: number;
    tokens: number;
    like_state: OperationType | null;
    like_reason: string | null;
    /** The user's edit of the post (null: as written); cleared when the result is written again. */
    edited_title: string | null;
    edited_content: string | null;
    /** Ids of pictures the user deleted (JSON list), the result's own picture included. */
    removed_images: Generated<string>;
    /** How the running task was started: null the first writing. */
    gen_mode: 're_generating' | 'continue_generating' | null;
    created_at: number;
    updated_at: number;
  };
  /** One planned post of the publishing plan (/content-publishing). */
  publishing_posts: {
    id: Generated<number>;
    user_id: string;
    tenant_id: string;
    platform: Platform;
    /** YYYY/MM/DD and HH:mm, the merchant's own clock. */
    day: string;
    time: string;
    title: string;
    content: string;
    /** JSON arrays of picture URLs and of tags. */
    images: string;
    tags: string;
    status: PublishingStatus;
    /** When to send the inbox reminder (epoch ms) and when it was sent. */
    remind_at: number | null;
    reminded_at: number | null;
    /** The content result the post was planned from, if any. */
    content_id: string | null;
    item_id: number | null;
    created_at: number;
    updated_at: number;
  };
  /** An account named by hot items, per platform and day ('' user: the shared feed; else an import's owner). */
  hotspot_authors: {
    user_id: string;
    platform: string;
    author: string;
    day: string;
    appearances: number;
    best_rank: number;
    hot: string | null;
    title: string;
    updated_at: number;
  };
}
