import sharp from 'sharp';
import { USER_IMAGE_INPUT } from '../../platform/sandbox/limits.ts';
import type { Rgba } from './imaging.ts';

/** A picture counts as already cut out when at least this share of it is fully transparent. */
const CUT_SHARE = 0.01;

/**
 * The picture with its own alpha when it is already cut out (a cutout's PNG, a transparent product
 * shot), at most `maxSide` px on its long side; null for an ordinary photo. Pixels the alpha hides
 * get colour 0, so no hidden pixel of the original photo can come back through a resize or a blur.
 */
export async function ownAlpha(input: Buffer, maxSide: number): Promise<Rgba | null> {
  const meta = await sharp(input, USER_IMAGE_INPUT).metadata();
  if (!meta.hasAlpha) return null;
  const { data, info } = await sharp(input, USER_IMAGE_INPUT)
    .rotate()
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const n = info.width * info.height;
  let clear = 0;
  for (let i = 3; i < data.length; i += 4) {
    if (data[i] === 0) {
      clear++;
      data[i - 3] = 0;
      data[i - 2] = 0;
      data[i - 1] = 0;
    }
  }
  if (clear < n * CUT_SHARE) return null;
  return { width: info.width, height: info.height, data };
}
