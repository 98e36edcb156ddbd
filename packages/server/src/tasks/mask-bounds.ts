import sharp from 'sharp';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { resolveInputs } from './inputs.ts';

/**
 * Largest refinement mask accepted, in pixels: a 16383x16383 transparent PNG is only 1.4 MB as a
 * data URL but 1 GB once decoded (issue 9 item 4).
 */
export const MASK_MAX_PIXELS = 50_000_000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Width and height of a PNG data URL read from its IHDR header: the first 33 bytes, decoded from
 * the first 44 base64 characters, without touching the pixel data. Null when it is not a PNG.
 */
export function pngSize(dataUrl: string): { width: number; height: number } | null {
  const comma = dataUrl.indexOf(',');
  if (comma < 0 || !dataUrl.slice(0, comma).startsWith('data:image/png;base64')) return null;
  const head = Buffer.from(dataUrl.slice(comma + 1, comma + 1 + 44), 'base64');
  if (head.length < 24 || !head.subarray(0, 8).equals(PNG_SIGNATURE) || head.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

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
