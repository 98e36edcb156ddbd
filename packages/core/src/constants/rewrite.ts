import { z } from 'zod';
import { defineBizType } from '../tasks/bizTypes.ts';

/**
 * Rewrite tools (spec 001 §2, §3, §4, §9; docs/rewrite.md). A rewrite is a batch of items; each item
 * is a text task of the platform (streamed, stoppable, kept in history). Hot-article rewrite is
 * HOT_ARTICLE_REWRITE, written by the configured chat model (engine `rewrite-chat`): the offline
 * writer cannot rewrite someone's article, so without a chat model the type has no engine and is
 * refused before charging.
 */
export const HOT_ARTICLE_REWRITE = 'HOT_ARTICLE_REWRITE';

/** Spec 001 §4 batch states, plus `done` when every item has ended. */
export const REWRITE_BATCH_STATES = ['new', 'running', 'done'] as const;
/** The reserved batch id a new, not yet submitted rewrite carries (spec 001 §4). */
export const REWRITE_PLACEHOLDER_BATCH = 'new';
/** Local storage key holding the open batch id, so a reload returns to it. */
export const REWRITE_BATCH_KEY = 'REWRITE_TASK_BATCH_ID';

export const REWRITE_INPUT_TYPES = { link: 1, manual: 2 } as const;
export const REWRITE_PLATFORMS = ['xiaohongshu', 'weibo', 'douyin'] as const;
export type RewritePlatform = (typeof REWRITE_PLATFORMS)[number];
export const REWRITE_STYLES = [
  'default',
  '整活幽默',
  '专业严谨',
  '生动活泼',
  '脑洞大开',
  '阳光励志',
  '情感共鸣',
  '生活日常',
] as const;

/** What each platform accepts (characters): titles and bodies are kept within these. */
export const REWRITE_PLATFORM_LIMITS: Record<RewritePlatform, { title: number; body: number }> = {
  xiaohongshu: { title: 20, body: 1000 },
  weibo: { title: 30, body: 2000 },
  douyin: { title: 30, body: 1000 },
};

/** Spec 001 §9 defaults: article genNum 1; at most 4 items per batch. */
export const REWRITE_GEN_NUM = { article: 1, max: 4 } as const;
export const REWRITE_INPUT_MAX = { title: 200, article: 20_000, marketDesc: 1000, productInfo: 2000, summary: 1000 } as const;

/** Dislike reasons, exactly as spec 001 §9. */
export const REWRITE_DISLIKE_REASONS = {
  text: ['商品/品牌信息错误', '文案创意较差', '文案内容较差', '文案风格不搭'],
  script: ['商品/品牌信息错误', '脚本创意较差', '脚本内容较差', '脚本与原视频无关'],
} as const;
export const REWRITE_DISLIKE_ALL = [...new Set([...REWRITE_DISLIKE_REASONS.text, ...REWRITE_DISLIKE_REASONS.script])] as [
  string,
  ...string[],
];

export const articleRewriteParams = z.object({
  title: z.string().max(REWRITE_INPUT_MAX.title).default(''),
  article: z.string().min(1).max(REWRITE_INPUT_MAX.article),
  summary: z.string().max(REWRITE_INPUT_MAX.summary).default(''),
  marketDesc: z.string().max(REWRITE_INPUT_MAX.marketDesc).default(''),
  productInfo: z.string().max(REWRITE_INPUT_MAX.productInfo).default(''),
  style: z.enum(REWRITE_STYLES).default('default'),
  platform: z.enum(REWRITE_PLATFORMS).default('xiaohongshu'),
  lang: z.enum(['zh', 'en']).default('zh'),
});
export type ArticleRewriteParams = z.infer<typeof articleRewriteParams>;

export const articleRewriteResult = z.object({ title: z.string(), content: z.string() });

export const articleRewriteType = defineBizType<ArticleRewriteParams>({
  type: HOT_ARTICLE_REWRITE,
  output: 'text',
  params: articleRewriteParams,
  inputs: () => [0, 0],
  // Spec 001 §9 prices pictures and scripts (10 each); article rewrites carry no price there.
  cost: () => 0,
  result: articleRewriteResult,
});
