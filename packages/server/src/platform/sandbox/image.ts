import sharp, { type Metadata } from 'sharp';
import { checkImagePixels } from './checks.ts';
import { unreadable } from './refusal.ts';

/**
 * Images from users (issue 26): the header is read before anything decodes the picture, and every
 * decode of a user's picture passes USER_IMAGE_INPUT (limits.ts), so sharp itself refuses more
 * than IMAGE_MAX_PIXELS even where a picture arrives by another path.
 */

export interface ImageHeader {
  width: number;
  height: number;
  /** EXIF orientation (1 when absent); 5..8 swap width and height as shown. */
  orientation: number;
}

/**
 * Width and height from the image's header (sharp reads only the header here, nothing is decoded),
 * refused with `fileTooComplex` (IMAGE_MAX_PIXELS) over the pixel limit and `fileUnreadable` when
 * no header can be read.
 */
export async function readImageHeader(data: Buffer): Promise<ImageHeader> {
  let meta: Metadata;
  try {
    // No pixel limit on the header read itself: the limit is checked just below, with its own error.
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (!meta.width || !meta.height) throw unreadable();
  checkImagePixels(meta.width, meta.height);
  return { width: meta.width, height: meta.height, orientation: meta.orientation ?? 1 };
}
