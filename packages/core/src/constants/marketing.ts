/** Hotspot source types (spec 000 §9, spec 001 §3). */
export const HOTSPOT_SOURCE_TYPES = [
  'PUBLIC',
  'PERSONAL',
  'CALENDAR',
  'HOT_ARTICLE_REWRITE',
  'CUSTOM_INSPIRATION',
  'HOT_PIC_REWRITE',
  'HOT_VIDEO_REWRITE',
  'VIDEO_SCRIPT',
  'HOTSPOT_MARKETING',
  'CREATIVE_IDEA_GENERATE',
  'CONTENT_GENERATE',
  'BACKGROUND_REPRODUCE',
  'THEME_ARTICLE_GEN',
  'PLACARD_GEN',
] as const;
export type HotspotSourceType = (typeof HOTSPOT_SOURCE_TYPES)[number];

export const PLATFORMS = ['douyin', 'xiaohongshu', 'weibo', 'wechat'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const IDEA_STYLES = ['整活幽默', '专业严谨', '生动活泼', '脑洞大开', '阳光励志', '情感共鸣', '生活日常'] as const;
export const MKT_TYPES = ['product', 'brand'] as const;
/** Marketing location types (spec 001 §3 enumerations; the travel tenants' ideas are about a place). */
export const LOCATION_TYPES = ['country', 'city', 'spots'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];
const LOCATION_WORDS: Record<LocationType, { zh: string; en: string }> = {
  country: { zh: '国家', en: 'country' },
  city: { zh: '城市', en: 'city' },
  spots: { zh: '景点', en: 'spot' },
};
/** The market description with the place the ideas are about, as every writer reads it. */
export function withLocation(
  marketDesc: string,
  location: { type: LocationType; name: string } | undefined,
  lang: 'zh' | 'en',
): string {
  if (!location?.name.trim()) return marketDesc;
  const line =
    lang === 'zh'
      ? `地点（${LOCATION_WORDS[location.type].zh}）：${location.name.trim()}`
      : `Location (${LOCATION_WORDS[location.type].en}): ${location.name.trim()}`;
  return marketDesc ? `${marketDesc}\n${line}` : line;
}
export const CREATIVE_SCHEME_TYPES = [
  'SOCIAL_MEDIA_CREATIVE_SCHEME',
  'VIDEO_CREATIVE_SCHEME',
  'OFFLINE_CREATIVE_SCHEME',
] as const;
export type CreativeSchemeType = (typeof CREATIVE_SCHEME_TYPES)[number];
export const MARKETING_TASK_STATUSES = ['NEW', 'RUNNING', 'SUCCESS', 'TIMEOUT'] as const;
export const TITLE_LIMITS: Partial<Record<Platform, { title: number; content: number }>> = {
  douyin: { title: 20, content: 1000 },
  xiaohongshu: { title: 20, content: 1000 },
};
export const MAX_CONTENT_ITEMS = 10;
/** What a user may keep when editing a post of a platform without counters (weibo, wechat). */
export const CONTENT_EDIT_MAX = { title: 100, content: 5000 } as const;
/** Spec 001 §9: "Platforms: xiaohongshu, weibo, douyin (video: douyin only)". */
export const VIDEO_PLATFORMS: readonly Platform[] = ['douyin'];

/** Calendar entry types (API.md Marketing: calendarMarketingTypes). */
export const CALENDAR_TYPES = ['festival', 'solar_term', 'platform_node'] as const;
export type CalendarType = (typeof CALENDAR_TYPES)[number];
/** A statutory holiday day off, or a make-up workday. */
export type HolidayKind = 'off' | 'work';
export interface CalendarEntry {
  name: string;
  type: CalendarType;
  holiday?: HolidayKind;
  desc?: string;
}
export interface CalendarDay {
  day: string;
  entries: CalendarEntry[];
}
/** The calendar tab fetches a month this long after the last change (spec 001 §4). */
export const CALENDAR_FETCH_DEBOUNCE_MS = 500;

/** Hot-list platforms (API.md GET /api/hotspots). */
export const HOTSPOT_PLATFORMS = ['douyin', 'xiaohongshu', 'weibo', 'import'] as const;
export type HotspotPlatform = (typeof HOTSPOT_PLATFORMS)[number];
/** Platforms with a public DailyHotApi route; xiaohongshu is import-only. */
export const HOTSPOT_FEED_ROUTES: Partial<Record<HotspotPlatform, string>> = { douyin: 'douyin', weibo: 'weibo' };
export const HOTSPOT_IMPORT_MAX = 200;
/** Spec 001 §3 "Default hotspot image" (categoryCode HOTSPOT_MARKETING_PIC). */
export interface DefaultHotspotPicture {
  picId: string;
  /** Under the web app's base path (packages/web/public/hotspot/). */
  picUrl: string;
  categoryCode: 'HOTSPOT_MARKETING_PIC';
  /** The hot list the picture stands for. */
  picCategory: HotspotPlatform;
}
/**
 * The picture a hot item shows when its feed gives none (none of ours does): one per hot list, in
 * the platform's colours, without words so it reads the same in both languages.
 */
export const DEFAULT_HOTSPOT_PICTURES: readonly DefaultHotspotPicture[] = HOTSPOT_PLATFORMS.map((platform) => ({
  picId: `hotspot-${platform}`,
  picUrl: `hotspot/${platform}.svg`,
  categoryCode: 'HOTSPOT_MARKETING_PIC' as const,
  picCategory: platform,
}));
export const defaultHotspotPicture = (platform: string): DefaultHotspotPicture =>
  DEFAULT_HOTSPOT_PICTURES.find((p) => p.picCategory === platform) ?? (DEFAULT_HOTSPOT_PICTURES.at(-1) as DefaultHotspotPicture);

export const SOCIAL_TYPES = ['image', 'video', 'offline'] as const;
export type SocialType = (typeof SOCIAL_TYPES)[number];
export const SOCIAL_MEDIA_TYPES = ['imageText', 'video', 'text'] as const;
export type SocialMediaType = (typeof SOCIAL_MEDIA_TYPES)[number];
export type IdeaStyle = (typeof IDEA_STYLES)[number];
export const DEFAULT_IDEA_STYLE: IdeaStyle = '整活幽默';
export type MktType = (typeof MKT_TYPES)[number];

/** Idea report stages (spec 001 §4) and the report's process. */
export const REPORT_STAGES = [
  'created',
  'summary',
  'advice_online',
  'advice_online_video',
  'advice_offline',
  'association',
  'risk',
  'completed',
] as const;
export type ReportStage = (typeof REPORT_STAGES)[number];
export const REPORT_PROCESSES = ['generating', 'completed', 'failed'] as const;
export type ReportProcess = (typeof REPORT_PROCESSES)[number];
/** The advice stage that makes the ideas of each creative type. */
export const ADVICE_STAGE: Record<SocialType, ReportStage> = {
  image: 'advice_online',
  video: 'advice_online_video',
  offline: 'advice_offline',
};
/** Ideas per creative type in one report ("3 image ideas"). */
export const IDEAS_PER_TYPE = 3;

/**
 * Points (spec 001 §9): three image ideas cost 30; video and offline ideas are free for a limited
 * time; one content result per platform costs CONTENT_COST_PER_PLATFORM; an idea picture costs
 * IDEA_PICTURE_COST. Drafts of the offline writer cost nothing.
 */
export const IDEA_REPORT_COST: Record<SocialType, number> = { image: 30, video: 0, offline: 0 };
export const CONTENT_COST_PER_PLATFORM = 10;
export const IDEA_PICTURE_COST = 10;

export const CONTENT_ITEM_STATUSES = ['loading', 'success', 'fail', 'stop'] as const;
export type ContentItemStatus = (typeof CONTENT_ITEM_STATUSES)[number];
/**
 * A content task's generation status (spec 001 §4): `pending` before its results have tasks,
 * `generating` the first writing, `re_generating` a result written again, `continue_generating`
 * stopped or failed results taken up again, then `completed` (at least one result) or `failed`.
 */
export const CONTENT_GENERATION_STATUSES = [
  'pending',
  'generating',
  're_generating',
  'continue_generating',
  'completed',
  'failed',
] as const;
export type ContentGenerationStatus = (typeof CONTENT_GENERATION_STATUSES)[number];
export const OPERATION_TYPES = ['like', 'dislike'] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];
/** Dislike reasons (spec 001 §9), for texts and for video scripts. */
export const DISLIKE_REASONS = {
  text: ['商品/品牌信息错误', '文案创意较差', '文案内容较差', '文案风格不搭'],
  video: ['商品/品牌信息错误', '脚本创意较差', '脚本内容较差', '脚本与原视频无关'],
} as const;
/** Input lengths accepted by the marketing forms. */
export const MARKETING_INPUT_MAX = {
  prompt: 2000,
  marketDesc: 1000,
  productInfo: 2000,
  ideaTitle: 200,
  ideaContent: 4000,
} as const;
/** Word export page (spec 001 §9): A4, margins 1440 twips (one inch). */
export const WORD_EXPORT = { marginTwips: 1440, widthPt: 595.28 } as const;
export type TextEngineName = 'openai-chat' | 'offline-writer';

/** A planned post's state on the publishing plan (/content-publishing). */
export const PUBLISHING_STATUSES = ['planned', 'ready', 'published', 'skipped'] as const;
export type PublishingStatus = (typeof PUBLISHING_STATUSES)[number];
/** Pictures and tags a platform's post carries at most (the export package keeps the first ones). */
export const PUBLISH_PACKAGE_LIMITS: Record<Platform, { images: number; tags: number }> = {
  douyin: { images: 35, tags: 5 },
  xiaohongshu: { images: 18, tags: 10 },
  weibo: { images: 18, tags: 10 },
  wechat: { images: 20, tags: 10 },
};
