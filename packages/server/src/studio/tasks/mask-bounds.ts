import sharp from 'sharp';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { resolveInputs } from './inputs.ts';

// The mask's size rules are the engines' too (they check a mask again before sending it), so they
// live with the engines (tasks may import engines, never the other way).
export { MASK_MAX_PIXELS, pngSize } from '../../engines/mask-size.ts';

import { MASK_MAX_PIXELS, pngSize } from '../../engines/mask-size.ts';

/**
 * Bounds a refinement mask (`params.mask` of MATTING_IMAGE) before anything decodes it and before
 * any charge: it must be a PNG, at most MASK_MAX_PIXELS, and exactly the size of the task's input
 * as the browser shows it (EXIF rotation applied: the mask editor paints over the displayed photo).
 * Throws `maskSizeInvalid`. Only headers are read, of the mask and of the input.
 */
export async function checkMaskBounds(
  ctx: AppContext,
  userId: string,
  bizType: string,
  params: Record<string, unknown>,
  inputUrls: string[],
): Promise<void> {
  if (bizType !== 'MATTING_IMAGE' || typeof params.mask !== 'string') return;
  const mask = pngSize(params.mask);
  if (!mask || mask.width === 0 || mask.height === 0 || mask.width * mask.height > MASK_MAX_PIXELS)
    throw new AppError('maskSizeInvalid');
  const [input] = await resolveInputs(ctx, userId, inputUrls.slice(0, 1));
  const object = input ? await ctx.storage.get(input.key) : null;
  if (!object) throw new AppError('taskInputInvalid');
  const meta = await sharp(object.data).metadata();
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? meta.height : meta.width;
  const height = rotated ? meta.width : meta.height;
  if (mask.width !== width || mask.height !== height) throw new AppError('maskSizeInvalid');
}
