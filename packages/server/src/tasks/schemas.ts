import { TASK_STATUSES } from '@productimage/core';
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
  })
  .meta({ id: 'TaskView' });

export type TaskView = z.output<typeof taskViewSchema>;
