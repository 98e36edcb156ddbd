import {
  CONTENT_GENERATION_STATUSES,
  CONTENT_ITEM_STATUSES,
  OPERATION_TYPES,
  PLATFORMS,
  SOCIAL_MEDIA_TYPES,
} from '@productimage/core';
import { z } from 'zod';
import { complianceSchema } from '../../compliance/schemas.ts';
import { generationSourceSchema } from '../schemas.ts';
import { textEngineSchema } from '../writer/schemas.ts';

/** Wire shapes of content tasks (published in OpenAPI: a field a view gains must be added here too). */

const contentItemSchema = z.object({
  textId: z.number(),
  /** The text task writing this result. */
  taskId: z.string().nullable(),
  platform: z.enum(PLATFORMS),
  status: z.enum(CONTENT_ITEM_STATUSES),
  socialMediaMarketingTitle: z.string(),
  socialMediaMarketingContent: z.string(),
  /** The user edited the post's title or text. */
  edited: z.boolean(),
  /** How the running (or last) task was started: null the first writing. */
  genMode: z.enum(['re_generating', 'continue_generating']).nullable(),
  /** Text streamed so far while loading. */
  streamedText: z.string().nullable(),
  genImages: z.array(z.object({ id: z.string(), type: z.string(), status: z.string(), url: z.string() })),
  limits: z.object({ title: z.number(), content: z.number() }).nullable(),
  like: z.enum(OPERATION_TYPES).nullable(),
  likeReason: z.string().nullable(),
  /** The persona's taboo words the shown text still contains. */
  tabooHits: z.array(z.string()),
  /** The compliance engine's verdict on `title + "\n" + content` (API.md "Compliance"). */
  compliance: complianceSchema,
  cost: z.number(),
  error: z.string().nullable(),
});

/** A content task with its per-platform results. */
export const contentTaskSchema = z
  .object({
    contentId: z.string(),
    engine: textEngineSchema,
    reportId: z.string().nullable(),
    socialMediaType: z.enum(SOCIAL_MEDIA_TYPES),
    idea: z.object({ title: z.string(), content: z.string() }).nullable(),
    productInfo: z.string(),
    sources: z.array(generationSourceSchema),
    createdAt: z.number(),
    /** Spec 001 §4: pending, generating, re_generating, continue_generating, completed, failed. */
    generation: z.enum(CONTENT_GENERATION_STATUSES),
    items: z.array(contentItemSchema),
  })
  .meta({ id: 'ContentTask' });

/** Your content tasks (at most `max` are kept). */
export const contentTaskListSchema = z.object({ list: z.array(contentTaskSchema), total: z.number(), max: z.number() });

/** Results made, likes and dislikes per day, and results per platform. */
export const contentStatisticsSchema = z
  .object({
    days: z.array(z.object({ day: z.string(), generated: z.number(), likes: z.number(), dislikes: z.number() })),
    platforms: z.record(z.string(), z.number()),
  })
  .meta({ id: 'ContentStatistics' });
