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
export const CREATIVE_SCHEME_TYPES = [
  'SOCIAL_MEDIA_CREATIVE_SCHEME',
  'VIDEO_CREATIVE_SCHEME',
  'OFFLINE_CREATIVE_SCHEME',
] as const;
export const MARKETING_TASK_STATUSES = ['NEW', 'RUNNING', 'SUCCESS', 'TIMEOUT'] as const;
export const TITLE_LIMITS: Partial<Record<Platform, { title: number; content: number }>> = {
  douyin: { title: 20, content: 1000 },
  xiaohongshu: { title: 20, content: 1000 },
};
export const MAX_CONTENT_ITEMS = 10;
