import { BATCH_MAX_INPUTS, bizTypeNames, isBizType, MASK_MAX_CHARS, TASK_STATUSES } from '@productimage/core';
import { z } from 'zod';

/**
 * A task as clients see it (API.md "Generation tasks"): the one definition. The server's
 * `TaskView` type is its output type, and clients get it as core's generated `TaskView`.
 */
export const taskViewSchema = z
  .object({
    taskId: z.string(),
    /** A business type of the open registry. */
    bizType: z.string(),
    /** What the task produces: files (`outputs`) or text (`text`, and `data` for structured results). */
    output: z.enum(['file', 'text']),
    status: z.enum(TASK_STATUSES),
    progress: z.number(),
    outputs: z.array(z.object({ url: z.string(), type: z.enum(['image', 'video']) })),
    /** Text types: the streamed text so far (final once completed); null for file types. */
    text: z.string().nullable(),
    /** Text types with a result schema: the structured JSON result once completed, else null. */
    data: z.unknown(),
    cost: z.number(),
    /** The failure in the caller's language, null unless failed. */
    error: z.string().nullable(),
    params: z.record(z.string(), z.unknown()),
    inputs: z.array(z.string()),
    createdAt: z.number(),
    updatedAt: z.number(),
    /**
     * AI-photography tasks (GET /api/tasks/:taskId): each provider the task was tried on, in order,
     * how it ended (`ok`, `failed`: the provider's own failure, handed on; `refused`: the merchant's
     * input refused; `stopped`) and how long it took.
     */
    attempts: z
      .array(
        z.object({
          provider: z.enum(['fashn', 'dashscope', 'fal']),
          model: z.string(),
          outcome: z.enum(['ok', 'failed', 'refused', 'stopped']),
          ms: z.number(),
        }),
      )
      .optional(),
  })
  .meta({ id: 'TaskView' });

export type TaskView = z.output<typeof taskViewSchema>;

/** A business type of the open registry (core `defineBizType`); checked when the request arrives. */
export const bizTypeSchema = z
  .string()
  .max(64)
  .refine(isBizType, { error: 'validation:bizTypeUnknown' })
  .meta({ description: `A registered business type: ${bizTypeNames().join(', ')}, or one a domain added` });

/** The body of a task creation, in the web app and the open API alike. */
export const createTaskBodySchema = z.object({
  bizType: bizTypeSchema,
  params: z.record(z.string(), z.unknown()).default({}),
  inputs: z
    .array(z.string().min(1).max(2000))
    .max(BATCH_MAX_INPUTS + 1)
    .default([]),
});

/** Tasks a user may create per minute (web app and open API together: one key, `tasks:create:<user>`). */
export const TASK_CREATE_LIMIT: [number, number] = [60, 60];

/** The only JSON body that may be large: a refinement mask (MASK_MAX_CHARS) plus the rest. */
export const CREATE_TASK_BODY_LIMIT = MASK_MAX_CHARS + 64 * 1024;
