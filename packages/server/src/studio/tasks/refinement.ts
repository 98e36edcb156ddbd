import { EngineInputError } from '../../engines/types.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { parseInputs, parseOutputs } from './store.ts';

/**
 * Refinement in the mask editor (a MATTING_IMAGE task with `mask`) of a cutout the user already
 * made from the same input: it costs nothing more (the worker's mask cache makes the model run
 * cheap), and strokes that change nothing in that cutout are refused (`maskNoChange`) before any
 * work or charge. Without an earlier cutout of the input it is a normal, paid cutout.
 */
const RECENT_CUTOUTS = 50;

export interface RefinementTerms {
  /** True when the user refines their own earlier cutout of the same input. */
  free: boolean;
}

export async function refinementTerms(
  ctx: AppContext,
  userId: string,
  bizType: string,
  params: Record<string, unknown>,
  inputs: Array<{ key: string }>,
): Promise<RefinementTerms> {
  if (bizType !== 'MATTING_IMAGE' || typeof params.mask !== 'string' || inputs.length !== 1) return { free: false };
  const key = inputs[0]!.key;
  const recent = await ctx.db
    .selectFrom('tasks')
    .select(['inputs', 'outputs'])
    .where('user_id', '=', userId)
    .where('biz_type', '=', 'MATTING_IMAGE')
    .where('status', '=', 'completed')
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(RECENT_CUTOUTS)
    .execute();
  // The latest cutout of this input (an earlier refinement included) is what the user sees now.
  const earlier = recent.find((row) => parseInputs(row)[0]?.key === key);
  const output = earlier ? parseOutputs(earlier)[0] : undefined;
  if (!output) return { free: false };
  const object = await ctx.storage.get(output.key);
  if (!object) return { free: false };
  // The engine judges the strokes against the cutout (the task domain reaches engines only through the registry).
  try {
    await ctx.tasks.engines.route(bizType)?.validate?.(bizType, params, { previous: object.data });
  } catch (err) {
    if (err instanceof EngineInputError && err.key) throw new AppError(err.key as never);
    throw err;
  }
  return { free: true };
}
