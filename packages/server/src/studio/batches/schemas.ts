import { BATCH_MAX_INPUTS, keepRegions, TASK_STATUSES } from '@productimage/core';
import { z } from 'zod';
import { BATCH_MAX_ITEMS } from './service.ts';

/** Wire shapes of the batch studio (API.md "Batches"). */
export const presetRulesSchema = z
  .object({
    whiteBackground: z.boolean(),
    minFill: z.number().min(0).max(1),
    margin: z.number().min(0).max(0.25),
    /** No text, price, watermark or logo laid over the picture (absent: off). */
    noText: z.boolean().default(false),
    /** No frame or padding band of another colour (absent: off). */
    noBorder: z.boolean().default(false),
    /** One product only, counted on a flat background (absent: off). */
    oneProduct: z.boolean().default(false),
    /** A soft contact shadow under the product is allowed (absent: off; issue 41). */
    contactShadow: z.boolean().default(false),
  })
  .meta({ id: 'BatchPresetRules' });

export const presetSchema = z
  .object({
    name: z.string(),
    label: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    maxBytes: z.number().int(),
    format: z.enum(['jpeg', 'png', 'webp']),
    rules: presetRulesSchema,
    source: z.string(),
  })
  .meta({ id: 'BatchPreset' });

export const presetInputSchema = z.object({
  label: z.string().min(1).max(80),
  width: z.number().int().min(100).max(10000),
  height: z.number().int().min(100).max(10000),
  maxBytes: z
    .number()
    .int()
    .min(10_000)
    .max(100 * 1024 * 1024),
  format: z.enum(['jpeg', 'png', 'webp']),
  rules: presetRulesSchema,
  source: z.string().min(1).max(500),
});

export const checkSchema = z.object({
  rule: z.enum(['size', 'format', 'bytes', 'background', 'fill', 'edge', 'text', 'border', 'objects']),
  ok: z.boolean(),
  detail: z.string(),
});

/** An item's cut choices: points as in a MATTING_IMAGE task's `keep` and `drop` (API.md). */
export const itemChoicesSchema = z.object({ keep: keepRegions, drop: keepRegions }).meta({ id: 'BatchItemChoices' });

const itemStatusSchema = z.enum(['queued', ...TASK_STATUSES]);

export const batchViewSchema = z
  .object({
    batchId: z.string(),
    bizType: z.string(),
    params: z.record(z.string(), z.unknown()),
    preset: z.string().nullable(),
    status: z.enum(['running', 'completed', 'stopped', 'partial']),
    /** Points charged for the batch (and its retries and redos). */
    cost: z.number(),
    /** Points given back: unstarted items of a stop, failed and stopped tasks. */
    refunded: z.number(),
    /** Overall progress, 0 to 100. */
    progress: z.number(),
    /** How many items are in each status. */
    counts: z.object({
      queued: z.number(),
      pending: z.number(),
      generating: z.number(),
      completed: z.number(),
      failed: z.number(),
      stopped: z.number(),
    }),
    createdAt: z.number(),
    items: z.array(
      z.object({
        itemId: z.string(),
        sourceName: z.string(),
        input: z.array(z.string()),
        status: itemStatusSchema,
        progress: z.number(),
        taskId: z.string(),
        outputs: z.array(z.string()),
        /** The item's export checked against the batch's preset (empty without a preset or output). */
        checks: z.array(checkSchema),
        /** One-click fixes that can mend the failing checks. */
        fixes: z.array(z.enum(['reframe', 'repad', 'reencode', 'whiten', 'unframe'])),
        /** The fixed picture for the batch's preset, once fixed. */
        fixed: z.string().nullable(),
        /**
         * What a cut of the item's picture keeps (`kept`) or leaves out beside the product, as
         * POST /api/upload/regions names them without thumbnails (issue 44): null until the item
         * ends, or for a recipe that does not cut. Send a point back in a redo's `drop` or `keep`.
         */
        regions: z
          .array(
            z.object({
              point: z.tuple([z.number(), z.number()]),
              kept: z.boolean(),
              box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
              share: z.number(),
            }),
          )
          .nullable(),
        /** The keep/drop points the item runs with (set by a redo with choices). */
        choices: itemChoicesSchema,
      }),
    ),
  })
  .meta({ id: 'BatchView' });

export const batchSummarySchema = z
  .object({
    batchId: z.string(),
    bizType: z.string(),
    status: z.enum(['running', 'completed', 'stopped', 'partial']),
    cost: z.number(),
    preset: z.string().nullable(),
    items: z.number(),
    createdAt: z.number(),
  })
  .meta({ id: 'BatchSummary' });

/** Batches a user may create (and retry or redo) per minute, through the studio and the open API together. */
export const BATCH_CREATE_LIMIT: [number, number] = [20, 60];

/** A preset's name (lower-case letters, digits and dashes). */
export const presetNameSchema = z.string().regex(/^[a-z0-9-]{1,40}$/);

/** POST /api/batches (and the open API's batches): one recipe over up to BATCH_MAX_ITEMS items. */
export const createBatchBodySchema = z.object({
  bizType: z.string().min(1).max(64),
  params: z.record(z.string(), z.unknown()).default({}),
  items: z
    .array(
      z
        .array(z.string().min(1).max(2000))
        .min(1)
        .max(BATCH_MAX_INPUTS + 1),
    )
    .min(1)
    .max(BATCH_MAX_ITEMS),
  preset: presetNameSchema.optional(),
  /** The pictures' own file names, one per item (the manifest's source names). */
  names: z.array(z.string().max(200)).max(BATCH_MAX_ITEMS).optional(),
});
