import { HOTSPOT_SOURCE_TYPES, IDEA_STYLES, MKT_TYPES, REPORT_PROCESSES, REPORT_STAGES, SOCIAL_TYPES } from '@productimage/core';
import { z } from 'zod';
import { complianceSchema } from '../../compliance/schemas.ts';
import { generationSourceSchema } from '../schemas.ts';
import { textEngineSchema } from '../writer/schemas.ts';

/** Wire shapes of idea reports (published in OpenAPI: a field a view gains must be added here too). */

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
