import { z } from 'zod';
import { defineBizType } from '../tasks/bizTypes.ts';
import {
  CONTENT_COST_PER_PLATFORM,
  IDEA_PICTURE_COST,
  IDEA_STYLES,
  MARKETING_INPUT_MAX,
  MKT_TYPES,
  PLATFORMS,
  SOCIAL_MEDIA_TYPES,
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
  lang: z.enum(['zh', 'en']).default('zh'),
});
export type ContentTaskParams = z.infer<typeof contentTaskParams>;

/** What a content task answers besides its text: the post's title and body within the platform's limits. */
export const contentTaskResult = z.object({ title: z.string(), content: z.string() });

export const MKT_CONTENT = 'MKT_CONTENT';
export const MKT_CONTENT_DRAFT = 'MKT_CONTENT_DRAFT';

export const contentTaskType = defineBizType<ContentTaskParams>({
  type: MKT_CONTENT,
  output: 'text',
  params: contentTaskParams,
  inputs: () => [0, 0],
  cost: () => CONTENT_COST_PER_PLATFORM,
  result: contentTaskResult,
});

export const contentDraftTaskType = defineBizType<ContentTaskParams>({
  type: MKT_CONTENT_DRAFT,
  output: 'text',
  params: contentTaskParams,
  inputs: () => [0, 0],
  cost: () => 0,
  result: contentTaskResult,
});

/** A picture for an idea: a poster laid out locally from the idea's title and text (engine `poster`). */
export const MKT_IDEA_PICTURE = 'MKT_IDEA_PICTURE';
export const ideaPictureParams = z.object({
  title: z.string().min(1).max(MARKETING_INPUT_MAX.ideaTitle),
  content: z.string().max(MARKETING_INPUT_MAX.ideaContent).default(''),
});
export type IdeaPictureParams = z.infer<typeof ideaPictureParams>;

export const ideaPictureType = defineBizType<IdeaPictureParams>({
  type: MKT_IDEA_PICTURE,
  output: 'file',
  params: ideaPictureParams,
  inputs: () => [0, 0],
  cost: () => IDEA_PICTURE_COST,
});
