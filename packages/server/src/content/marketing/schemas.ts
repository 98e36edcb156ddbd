import {
  CALENDAR_TYPES,
  CONTENT_GENERATION_STATUSES,
  CONTENT_ITEM_STATUSES,
  HOTSPOT_SOURCE_TYPES,
  IDEA_STYLES,
  MKT_TYPES,
  OPERATION_TYPES,
  PLATFORMS,
  REPORT_PROCESSES,
  REPORT_STAGES,
  SOCIAL_MEDIA_TYPES,
  SOCIAL_TYPES,
} from '@productimage/core';
import { z } from 'zod';
import { complianceSchema } from '../compliance/schemas.ts';
import { hotspotSchema } from './hotspots/schemas.ts';

/**
 * Response shapes of the marketing routes, published in OpenAPI so the web app's types are
 * generated from them (`npm run gen:api`). A field a view gains must be added here too: the
 * response serializer keeps only what the schema names.
 */

const textEngineSchema = z.enum(['openai-chat', 'offline-writer']);

/** The text engine that writes drafts now. */
export const marketingEngineSchema = z.object({
  engine: textEngineSchema,
  model: z.string().nullable(),
  /** Why the offline writer writes (null while the chat model does). */
  offlineReason: z.enum(['operatorChoice', 'notConfigured']).nullable(),
});

/** Hot-list topics (titles grouped by shared keywords). */
export const hotspotTopicsSchema = z
  .object({
    list: z.array(z.object({ topic: z.string().nullable(), items: z.array(hotspotSchema) })),
    feedError: z.string().nullable(),
  })
  .meta({ id: 'HotspotTopics' });

/** Hot words of a list, best first. */
export const hotspotWordsSchema = z
  .object({
    list: z.array(z.object({ word: z.string(), weight: z.number(), count: z.number() })),
    feedError: z.string().nullable(),
  })
  .meta({ id: 'HotspotWords' });

/** A knowledge chunk a writer drew on (reports and content show them as sources). */
const generationSourceSchema = z.object({
  sourceName: z.string(),
  text: z.string(),
  score: z.number(),
  datasetId: z.string(),
  collectionId: z.string(),
  /** The text around the matched query terms, matches marked (knowledge search; older results have none). */
  snippet: z.array(z.object({ text: z.string(), match: z.boolean() })).optional(),
});

const ideaSchema = z.object({
  genDataItemId: z.number(),
  socialType: z.enum(SOCIAL_TYPES),
  title: z.string(),
  content: z.string(),
  picUrl: z.string().nullable(),
  genPicStatus: z.string(),
  picTaskId: z.string().nullable(),
  /** The compliance engine's verdict on `title + "\n" + content` (API.md "Compliance"). */
  compliance: complianceSchema,
});

/** An idea report with its stage, streamed transcript and ideas. */
export const ideaReportSchema = z
  .object({
    reportId: z.string(),
    /** The text task writing the report (null for reports made before tasks). */
    taskId: z.string().nullable(),
    process: z.enum(REPORT_PROCESSES),
    stage: z.enum(REPORT_STAGES),
    state: z.number(),
    title: z.string(),
    engine: textEngineSchema,
    cost: z.number(),
    hotspotSourceType: z.enum(HOTSPOT_SOURCE_TYPES),
    socialType: z.array(z.enum(SOCIAL_TYPES)),
    reportParams: z.object({
      prompt: z.string(),
      mktType: z.enum(MKT_TYPES),
      marketDesc: z.string(),
      ideaStyle: z.enum(IDEA_STYLES),
    }),
    /** The transcript streamed so far while generating. */
    streamedText: z.string().nullable(),
    sources: z.array(generationSourceSchema),
    summary: z.string().nullable(),
    association: z.string().nullable(),
    risk: z.string().nullable(),
    error: z.string().nullable(),
    tokens: z.number().nullable(),
    createdAt: z.number(),
    ideas: z.array(ideaSchema),
  })
  .meta({ id: 'IdeaReport' });

/** Your idea reports, newest first (one line each). */
export const ideaReportPageSchema = z
  .object({
    list: z.array(
      z.object({
        reportId: z.string(),
        title: z.string(),
        process: z.enum(REPORT_PROCESSES),
        stage: z.enum(REPORT_STAGES),
        engine: textEngineSchema,
        createdAt: z.number(),
      }),
    ),
    total: z.number(),
  })
  .meta({ id: 'IdeaReportPage' });

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

/** One day of the marketing calendar with its festivals, solar terms, holidays and platform nodes. */
export const calendarDaySchema = z
  .object({
    day: z.string(),
    entries: z.array(
      z.object({
        name: z.string(),
        type: z.enum(CALENDAR_TYPES),
        holiday: z.enum(['off', 'work']).optional(),
        desc: z.string().optional(),
      }),
    ),
  })
  .meta({ id: 'CalendarDay' });

/** A hot item read from an import file (not saved yet). */
export const importRowSchema = z.object({
  title: z.string(),
  url: z.string().optional(),
  hot: z.string().optional(),
  desc: z.string().optional(),
  author: z.string().optional(),
});
