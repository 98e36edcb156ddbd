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
  // Spec 001: douyin and xiaohongshu titles 20, texts 1000; weibo shows no counter (its cap stays for the writer).
  douyin: { title: 20, body: 1000 },
};

/**
 * The rewrite tools (spec 001 §2): each kind is a batch of items on its business type. `text`
 * rewrites pasted text with the article engine (no link, no title); `topic` writes articles on a
 * topic (THEME_ARTICLE_GEN).
 */
export const REWRITE_KINDS = ['article', 'text', 'picture', 'video', 'topic'] as const;
export type RewriteKind = (typeof REWRITE_KINDS)[number];

/** Spec 001 §9 defaults: picture genNum 2, article 1, video 2; at most 4 items per batch. */
export const REWRITE_GEN_NUM = { article: 1, text: 1, picture: 2, video: 2, topic: 1, max: 4 } as const;
/** Spec 001 §9: rewrite costs 10 points per picture and per script. */
export const REWRITE_ITEM_COST = 10;
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

export const articleRewriteType = defineBizType<ArticleRewriteParams, typeof HOT_ARTICLE_REWRITE>({
  type: HOT_ARTICLE_REWRITE,
  output: 'text',
  params: articleRewriteParams,
  inputs: () => [0, 0],
  // Spec 001 §9 prices pictures and scripts (10 each); article rewrites carry no price there.
  cost: () => 0,
  result: articleRewriteResult,
});

/** Picture rewrite (spec 001 §3 field set img, picDesc, res, marketDesc, productInfo): one picture per item. */
export const HOT_PIC_REWRITE = 'HOT_PIC_REWRITE';
/** Video-script rewrite (field set video, res, marketDesc, productInfo): one shot-by-shot script per item. */
export const HOT_VIDEO_REWRITE = 'HOT_VIDEO_REWRITE';
/** Topic creation: articles written on a topic for the user's product. */
export const THEME_ARTICLE_GEN = 'THEME_ARTICLE_GEN';

/** Picture ratios the picture rewrite offers. */
export const REWRITE_PICTURE_RATIOS = ['3:4', '1:1', '9:16', '16:9'] as const;
/** `res`: what the user wants of the result (their requirements), free text. */
export const REWRITE_RES_MAX = 1000;

export const pictureRewriteParams = z.object({
  /** What the original picture shows and how it is laid out (the user's words; the model's when it reads pictures). */
  picDesc: z.string().max(REWRITE_INPUT_MAX.summary).default(''),
  res: z.string().max(REWRITE_RES_MAX).default(''),
  marketDesc: z.string().max(REWRITE_INPUT_MAX.marketDesc).default(''),
  productInfo: z.string().min(1).max(REWRITE_INPUT_MAX.productInfo),
  ratio: z.enum(REWRITE_PICTURE_RATIOS).default('3:4'),
  lang: z.enum(['zh', 'en']).default('zh'),
  /** A picture of the user's product follows the original as a second input (the local engine needs it). */
  withProduct: z.boolean().default(false),
});
export type PictureRewriteParams = z.infer<typeof pictureRewriteParams>;

export const pictureRewriteType = defineBizType<PictureRewriteParams, typeof HOT_PIC_REWRITE>({
  type: HOT_PIC_REWRITE,
  output: 'file',
  params: pictureRewriteParams,
  // The original picture, and the product picture when given.
  inputs: (p) => (p.withProduct ? [2, 2] : [1, 1]),
  cost: () => REWRITE_ITEM_COST,
});

/** Video limits: size of the upload and the length we analyse. */
export const REWRITE_VIDEO = {
  maxBytes: 25 * 1024 * 1024,
  maxSeconds: 300,
  /**
   * Types read by content (file-type): Matroska is `video/matroska` there; `video/x-matroska` is what
   * browsers give an .mkv in a file picker, so both are listed (the picker's `accept` uses this list).
   */
  mimeTypes: ['video/mp4', 'video/quicktime', 'video/webm', 'video/matroska', 'video/x-matroska'],
  /** At most this many shots (and keyframes) per script. */
  maxShots: 12,
} as const;

/** One shot of the original video as ffmpeg found it: start and end in seconds, its keyframe picture. */
export const videoShot = z.object({
  start: z.number().min(0),
  end: z.number().min(0),
  frame: z.string().nullable(),
  /** What the keyframe shows, as a vision-capable model read it (empty without one). */
  desc: z.string().max(500).optional(),
});
export type VideoShot = z.infer<typeof videoShot>;

export const videoRewriteParams = z.object({
  video: z.string().max(2000),
  durationSeconds: z
    .number()
    .min(0)
    .max(REWRITE_VIDEO.maxSeconds + 1),
  shots: z.array(videoShot).min(1).max(REWRITE_VIDEO.maxShots),
  /** What the original video says (its transcript or summary, pasted by the user). */
  transcript: z.string().max(REWRITE_INPUT_MAX.article).default(''),
  res: z.string().max(REWRITE_RES_MAX).default(''),
  marketDesc: z.string().max(REWRITE_INPUT_MAX.marketDesc).default(''),
  productInfo: z.string().min(1).max(REWRITE_INPUT_MAX.productInfo),
  lang: z.enum(['zh', 'en']).default('zh'),
});
export type VideoRewriteParams = z.infer<typeof videoRewriteParams>;

/** A script line: shot number, what the picture shows, the spoken line, seconds. */
export const scriptShot = z.object({
  shot: z.number().int().min(1),
  picture: z.string(),
  line: z.string(),
  duration: z.number().min(0),
});
export const videoScriptResult = z.object({ title: z.string(), shots: z.array(scriptShot).min(1) });
export type VideoScript = z.infer<typeof videoScriptResult>;

export const videoRewriteType = defineBizType<VideoRewriteParams, typeof HOT_VIDEO_REWRITE>({
  type: HOT_VIDEO_REWRITE,
  output: 'text',
  params: videoRewriteParams,
  inputs: () => [0, 0],
  cost: () => REWRITE_ITEM_COST,
  result: videoScriptResult,
});

export const topicGenerateParams = z.object({
  topic: z.string().trim().min(1).max(REWRITE_INPUT_MAX.title),
  topicDesc: z.string().max(REWRITE_INPUT_MAX.summary).default(''),
  marketDesc: z.string().max(REWRITE_INPUT_MAX.marketDesc).default(''),
  productInfo: z.string().max(REWRITE_INPUT_MAX.productInfo).default(''),
  style: z.enum(REWRITE_STYLES).default('default'),
  platform: z.enum(REWRITE_PLATFORMS).default('xiaohongshu'),
  lang: z.enum(['zh', 'en']).default('zh'),
});
export type TopicGenerateParams = z.infer<typeof topicGenerateParams>;

export const topicGenerateType = defineBizType<TopicGenerateParams, typeof THEME_ARTICLE_GEN>({
  type: THEME_ARTICLE_GEN,
  output: 'text',
  params: topicGenerateParams,
  inputs: () => [0, 0],
  // Spec 001 §9 prices only pictures and scripts.
  cost: () => 0,
  result: articleRewriteResult,
});
