import { MASK_PAINT_THRESHOLD, type MattingParams, OUTPUT_MAX_SIDE } from '@productimage/core';
import sharp from 'sharp';
import { checkAborted, EngineInputError, type EngineJob, type EngineOutput } from '../types.ts';
import { joinAlpha, type Rgba } from './imaging.ts';
import { decodeRgb, segment } from './segmenter.ts';

/** A subject cut out of its photo: the photo's pixels with the segmentation as alpha. */
export async function cutoutRgba(input: Buffer, signal: AbortSignal, maxSide = OUTPUT_MAX_SIDE, cache = true): Promise<Rgba> {
  const image = await decodeRgb(input, maxSide);
  checkAborted(signal);
  const alpha = await segment(image, { cache });
  checkAborted(signal);
  return joinAlpha(image.rgb, alpha, image.width, image.height);
}

/** Decodes a refinement mask (PNG data URL) to RGBA at the given size. */
async function decodeMask(dataUrl: string, width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  return sharp(png).ensureAlpha().resize(width, height, { fit: 'fill' }).raw().toBuffer();
}

/** True when a mask PNG has no painted pixel (the editor's `Mask Cannot Be Empty`). */
export async function maskIsEmpty(dataUrl: string): Promise<boolean> {
  let raw: Buffer;
  try {
    const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    raw = await sharp(png).ensureAlpha().extractChannel(3).raw().toBuffer();
  } catch {
    return true;
  }
  for (const a of raw) if (a > MASK_PAINT_THRESHOLD) return false;
  return true;
}

/** Pixels whose alpha must move by more than this for a stroke to count as a change. */
const STROKE_CHANGE_LEVELS = 24;
/** A refinement that changes fewer pixels than this changes nothing a person could see. */
const STROKE_CHANGE_MIN_PIXELS = 16;

/**
 * Whether the editor's strokes would change a cutout the user already has (a PNG with alpha): a
 * stroke that adds where the subject already is, or erases where the background already is,
 * changes nothing, and the refinement is refused before any work or charge.
 */
export async function strokesChangeCutout(dataUrl: string, cutoutPng: Buffer): Promise<boolean> {
  const { data: cut, info } = await sharp(cutoutPng).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const mask = await decodeMask(dataUrl, info.width, info.height);
  let changed = 0;
  for (let i = 0; i < info.width * info.height; i++) {
    const paint = mask[i * 4 + 3]!;
    if (paint <= MASK_PAINT_THRESHOLD) continue;
    const light = mask[i * 4]! + mask[i * 4 + 1]! + mask[i * 4 + 2]! > 3 * 127;
    const alpha = cut[i * 4 + 3]!;
    const after = alpha * (1 - paint / 255) + (light ? 255 : 0) * (paint / 255);
    if (Math.abs(after - alpha) > STROKE_CHANGE_LEVELS && ++changed >= STROKE_CHANGE_MIN_PIXELS) return true;
  }
  return false;
}

/**
 * Applies the editor's brush strokes: painted pixels (alpha > 0) force the subject when light
 * ("add") and the background when dark ("erase"), weighted by the paint's alpha so soft brush
 * edges stay soft; unpainted pixels keep the model's answer.
 */
export async function refineWithMask(cut: Rgba, dataUrl: string): Promise<Rgba> {
  const mask = await decodeMask(dataUrl, cut.width, cut.height);
  const data = Buffer.from(cut.data);
  const n = cut.width * cut.height;
  let painted = 0;
  for (let i = 0; i < n; i++) {
    if (mask[i * 4 + 3]! <= MASK_PAINT_THRESHOLD) continue;
    const paint = mask[i * 4 + 3]! / 255;
    painted++;
    const light = mask[i * 4]! + mask[i * 4 + 1]! + mask[i * 4 + 2]! > 3 * 127;
    const target = light ? 255 : 0;
    data[i * 4 + 3] = Math.round(data[i * 4 + 3]! * (1 - paint) + target * paint);
  }
  if (painted === 0) throw new EngineInputError('mask is empty');
  return { width: cut.width, height: cut.height, data };
}

/**
 * The cutout as PNG (issue 16; figures in docs/performance.md). Pixels nobody can see (alpha 0,
 * most of a product photo) get colour 0 in place: the photo's noise there made the PNG about three
 * times larger and its zlib pass up to fifty times slower. Adaptive row filters then cost about
 * 0.2 s more at 2048 px and save about a third of the remaining bytes, which every download of
 * the result pays. Clearing is done last, after refinement: a brush stroke may bring a hidden pixel
 * back, with its own colour.
 */
export function encodeCutoutPng(cut: Rgba): Promise<Buffer> {
  const data = cut.data;
  for (let i = 3; i < data.length; i += 4) {
    if (data[i] === 0) {
      data[i - 3] = 0;
      data[i - 2] = 0;
      data[i - 1] = 0;
    }
  }
  return sharp(data, { raw: { width: cut.width, height: cut.height, channels: 4 } })
    .png({ compressionLevel: 6, adaptiveFiltering: true })
    .toBuffer();
}

/** MATTING_IMAGE: background removal to a transparent PNG, optionally refined by a user mask. */
export async function runCutout(job: EngineJob<MattingParams>): Promise<EngineOutput[]> {
  const input = job.inputs[0];
  if (!input) throw new EngineInputError('MATTING_IMAGE needs one input');
  job.progress(5);
  let cut = await cutoutRgba(input.buffer, job.signal);
  job.progress(85);
  if (job.params.mask) cut = await refineWithMask(cut, job.params.mask);
  const buffer = await encodeCutoutPng(cut);
  job.progress(100);
  return [{ buffer, contentType: 'image/png', type: 'image', ext: 'png' }];
}
