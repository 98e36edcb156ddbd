import { z } from 'zod';
import { defineBizType } from '../tasks/bizTypes.ts';
import {
  ADVICE_STAGE,
  CONTENT_COST_PER_PLATFORM,
  IDEA_PICTURE_COST,
  IDEA_REPORT_COST,
  IDEA_STYLES,
  MARKETING_INPUT_MAX,
  MKT_TYPES,
  PLATFORMS,
  type ReportStage,
  SOCIAL_MEDIA_TYPES,
  SOCIAL_TYPES,
  type SocialType,
} from './marketing.ts';

/**
 * Content results as text tasks of the task platform (docs/marketing.md): one task per platform.
 * `MKT_CONTENT` is written by the `openai-chat` engine and costs CONTENT_COST_PER_PLATFORM;
 * `MKT_CONTENT_DRAFT` by the `offline-writer` and is free. The server picks the type from the
 * engine that is configured, never the client, so the price always matches the engine.
 */
export const contentTaskParams = z.object({
  platform: z.enum(PLATFORMS),
  socialMediaType: z.enum(SOCIAL_MEDIA_TYPES).default('imageText'),
  ideaStyle: z.enum(IDEA_STYLES).default('整活幽默'),
  mktType: z.enum(MKT_TYPES).default('product'),
  marketDesc: z.string().max(MARKETING_INPUT_MAX.marketDesc).default(''),
  productInfo: z.string().min(1).max(MARKETING_INPUT_MAX.productInfo),
  idea: z
    .object({ title: z.string().max(MARKETING_INPUT_MAX.ideaTitle), content: z.string().max(MARKETING_INPUT_MAX.ideaContent) })
    .optional(),
  /** Knowledge chunks the user picked (datasetIds), handed to the writer as reference material. */
  references: z.array(z.string().max(1500)).max(5).default([]),
  /** The KOS persona the post is written as (a system-prompt paragraph; the chat model only). */
  persona: z.string().max(4000).optional(),
  /** The persona's taboo words: a result still containing one is flagged (tabooHits). */
  tabooWords: z.array(z.string().max(40)).max(100).optional(),
  /** "Rewrite safely": the phrases the compliance engine flagged in the last version, named to the writer. */
  avoid: z.array(z.string().max(80)).max(50).optional(),
  lang: z.enum(['zh', 'en']).default('zh'),
});
export type ContentTaskParams = z.infer<typeof contentTaskParams>;

/** What a content task answers besides its text: the post's title and body within the platform's limits. */
export const contentTaskResult = z.object({
  title: z.string(),
  content: z.string(),
  /** Tokens the model used for this result (0 for the offline writer). */
  tokens: z.number().int().nonnegative().optional(),
  /** The persona's taboo words the result still contains (kos/persona-prompt.ts tabooHits). */
  tabooHits: z.array(z.string()).optional(),
});

export const MKT_CONTENT = 'MKT_CONTENT';
export const MKT_CONTENT_DRAFT = 'MKT_CONTENT_DRAFT';

export const contentTaskType = defineBizType<ContentTaskParams, typeof MKT_CONTENT>({
  type: MKT_CONTENT,
  output: 'text',
  params: contentTaskParams,
  // The user's product picture (optional): the post's picture shows it cut out.
  inputs: () => [0, 1],
  cost: () => CONTENT_COST_PER_PLATFORM,
  result: contentTaskResult,
});

export const contentDraftTaskType = defineBizType<ContentTaskParams, typeof MKT_CONTENT_DRAFT>({
  type: MKT_CONTENT_DRAFT,
  output: 'text',
  params: contentTaskParams,
  inputs: () => [0, 1],
  cost: () => 0,
  result: contentTaskResult,
});

/**
 * A picture for an idea or a content result: a poster laid out locally from the title and text
 * (engine `poster`), with the user's product picture (the one optional input) cut out beside them.
 */
export const MKT_IDEA_PICTURE = 'MKT_IDEA_PICTURE';
export const ideaPictureParams = z.object({
  title: z.string().min(1).max(MARKETING_INPUT_MAX.ideaTitle),
  content: z.string().max(MARKETING_INPUT_MAX.ideaContent).default(''),
});
export type IdeaPictureParams = z.infer<typeof ideaPictureParams>;

export const ideaPictureType = defineBizType<IdeaPictureParams, typeof MKT_IDEA_PICTURE>({
  type: MKT_IDEA_PICTURE,
  output: 'file',
  params: ideaPictureParams,
  inputs: () => [0, 1],
  cost: () => IDEA_PICTURE_COST,
});

/**
 * An idea report as one text task of the task platform (docs/marketing.md "Idea reports"): the
 * engine writes the stages in order (summary, the advice of each creative type in parallel,
 * association, risk), streams a readable transcript as the task's text and answers the whole report
 * as `data`. `MKT_IDEA_REPORT` is written by `openai-chat-ideas` and costs IDEA_REPORT_COST per
 * creative type; `MKT_IDEA_REPORT_DRAFT` by `offline-writer-ideas` and is free. The server picks
 * the type from the configured engine, never the client.
 */
export const ideaReportTaskParams = z.object({
  /** The hotspot, calendar day, hot-library item or custom idea the report is about. */
  topic: z.string().min(1).max(400),
  topicDesc: z.string().max(4000).optional(),
  productInfo: z.string().max(MARKETING_INPUT_MAX.prompt).default(''),
  marketDesc: z.string().max(MARKETING_INPUT_MAX.marketDesc).default(''),
  mktType: z.enum(MKT_TYPES).default('product'),
  ideaStyle: z.enum(IDEA_STYLES).default('整活幽默'),
  socialType: z.array(z.enum(SOCIAL_TYPES)).min(1).max(3),
  /** Knowledge chunks the user picked (datasetIds), handed to the writer as reference material. */
  references: z.array(z.string().max(1500)).max(5).default([]),
  lang: z.enum(['zh', 'en']).default('zh'),
});
export type IdeaReportTaskParams = z.infer<typeof ideaReportTaskParams>;

export const ideaReportTaskResult = z.object({
  summary: z.string(),
  ideas: z.array(z.object({ socialType: z.enum(SOCIAL_TYPES), title: z.string(), content: z.string() })),
  association: z.string(),
  risk: z.string(),
  /** Tokens the model used (0 for the offline writer). */
  tokens: z.number().int().nonnegative(),
});
export type IdeaReportTaskResult = z.infer<typeof ideaReportTaskResult>;

export const MKT_IDEA_REPORT = 'MKT_IDEA_REPORT';
export const MKT_IDEA_REPORT_DRAFT = 'MKT_IDEA_REPORT_DRAFT';

const reportCost = (p: IdeaReportTaskParams) => [...new Set(p.socialType)].reduce((sum, t) => sum + IDEA_REPORT_COST[t], 0);

export const ideaReportTaskType = defineBizType<IdeaReportTaskParams, typeof MKT_IDEA_REPORT>({
  type: MKT_IDEA_REPORT,
  output: 'text',
  params: ideaReportTaskParams,
  inputs: () => [0, 0],
  cost: reportCost,
  result: ideaReportTaskResult,
});

export const ideaReportDraftTaskType = defineBizType<IdeaReportTaskParams, typeof MKT_IDEA_REPORT_DRAFT>({
  type: MKT_IDEA_REPORT_DRAFT,
  output: 'text',
  params: ideaReportTaskParams,
  inputs: () => [0, 0],
  cost: () => 0,
  result: ideaReportTaskResult,
});

/**
 * The progress at which each stage of a report begins: the engine reports it, and the report's
 * stage is read back from the task's progress (the task platform carries progress, not stages).
 */
export const REPORT_STAGE_PROGRESS = { summary: 5, advice: 20, association: 70, risk: 85 } as const;

/** The stage of a running report whose task is at `progress` (spec 001 §4 stage names). */
export function reportStageAt(progress: number, socialType: readonly SocialType[]): ReportStage {
  if (progress >= REPORT_STAGE_PROGRESS.risk) return 'risk';
  if (progress >= REPORT_STAGE_PROGRESS.association) return 'association';
  if (progress >= REPORT_STAGE_PROGRESS.advice) return ADVICE_STAGE[socialType[0] ?? 'image'];
  if (progress >= REPORT_STAGE_PROGRESS.summary) return 'summary';
  return 'created';
}
