import sharp from 'sharp';
import { cutoutRgba } from '../local/cutout.ts';
import { srgbToLab } from '../local/image-metrics.ts';
import type { Rgba } from '../local/imaging.ts';

/**
 * Garment lock: the merchant's product is never altered. For tools that dress or re-stage a product
 * (mannequin to model, model swap, product image, backgrounds), the product's own pixels, from the
 * local cutout of the input, are composited back over each generated picture where the provider kept
 * the garment in place:
 *
 * 1. Geometry: the picture must have the input's aspect (a provider's output is scaled to fit);
 *    another aspect means a new composition, and the picture is left as it is (note `sizeChanged`).
 * 2. Alignment: at a small size the cutout is slid over the picture (up to 6% each way) to the
 *    offset where its pixels match best; when even the best offset leaves the subject unlike the
 *    picture (mean CIE76 over 25), the pose changed and the picture is left as it is (`poseChanged`).
 * 3. Where the garment stayed: inside the cutout, a neighbourhood whose colours stayed close (the
 *    provider's retouch of a print, a shifted colour) is the product's and gets the product's pixels
 *    back; a neighbourhood replaced by something else (a mannequin's neck now skin) keeps the
 *    provider's pixels.
 * 4. Edge blend: the restored area is feathered outwards only, so every pixel inside it is the
 *    product's own and the seam fades into the generated picture over a few pixels.
 */
export type LockNote = 'sizeChanged' | 'poseChanged' | 'noSubject';

export interface LockOutcome {
  buffer: Buffer;
  contentType: string;
  locked: boolean;
  note?: LockNote;
}

/** The product layer: its photo's pixels with the cutout's alpha. */
export type ProductLayer = Rgba;

/** The product layer of an input photo (the local engine's cutout). */
export function productLayer(input: Buffer, signal: AbortSignal): Promise<ProductLayer> {
  return cutoutRgba(input, signal);
}

const SMALL = 96;
const SHIFT = 0.06;
const POSE_LIMIT = 25;
const KEEP_LIMIT = 30;

/**
 * CIELAB of 64 levels per channel, computed once: the lock's decisions (alignment, where the garment
 * stayed) tolerate the quantisation (under 2 CIE76 units), and a lookup is far cheaper than the
 * conversion for every pixel of two pictures.
 */
let LAB_LUT: Float32Array | null = null;
function labLut(): Float32Array {
  if (LAB_LUT) return LAB_LUT;
  const lut = new Float32Array(64 * 64 * 64 * 3);
  for (let r = 0; r < 64; r++)
    for (let g = 0; g < 64; g++)
      for (let b = 0; b < 64; b++) {
        const [l, a, bb] = srgbToLab(r * 4 + 2, g * 4 + 2, b * 4 + 2);
        const k = ((r << 12) | (g << 6) | b) * 3;
        lut[k] = l;
        lut[k + 1] = a;
        lut[k + 2] = bb;
      }
  LAB_LUT = lut;
  return lut;
}

function labOf(rgb: Buffer, channels: number): Float32Array {
  const lut = labLut();
  const n = rgb.length / channels;
  const lab = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    const k = (((rgb[i * channels]! >> 2) << 12) | ((rgb[i * channels + 1]! >> 2) << 6) | (rgb[i * channels + 2]! >> 2)) * 3;
    lab[i * 3] = lut[k]!;
    lab[i * 3 + 1] = lut[k + 1]!;
    lab[i * 3 + 2] = lut[k + 2]!;
  }
  return lab;
}

const de76 = (x: Float32Array, i: number, y: Float32Array, j: number) => {
  const dl = x[i * 3]! - y[j * 3]!;
  const da = x[i * 3 + 1]! - y[j * 3 + 1]!;
  const db = x[i * 3 + 2]! - y[j * 3 + 2]!;
  return Math.sqrt(dl * dl + da * da + db * db);
};

/** The offset (in small pixels) where the subject matches the picture best, and its mean difference. */
async function align(product: ProductLayer, picture: Buffer, width: number, height: number) {
  const scale = SMALL / Math.max(width, height);
  const w = Math.max(8, Math.round(width * scale));
  const h = Math.max(8, Math.round(height * scale));
  const p = await sharp(product.data, { raw: { width: product.width, height: product.height, channels: 4 } })
    .resize(w, h, { fit: 'fill' })
    .raw()
    .toBuffer();
  const g = await sharp(picture).resize(w, h, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const pl = labOf(p, 4);
  const gl = labOf(g, 3);
  const mask: number[] = [];
  for (let i = 0; i < w * h; i++) if (p[i * 4 + 3]! >= 200) mask.push(i);
  if (mask.length < 16) return null;
  const range = Math.max(1, Math.round(SHIFT * Math.max(w, h)));
  let best = { dx: 0, dy: 0, score: Number.POSITIVE_INFINITY };
  for (let dy = -range; dy <= range; dy++)
    for (let dx = -range; dx <= range; dx++) {
      let sum = 0;
      let n = 0;
      for (const i of mask) {
        const x = (i % w) + dx;
        const y = Math.floor(i / w) + dy;
        if (x < 0 || y < 0 || x >= w || y >= h) continue;
        sum += Math.min(60, de76(pl, i, gl, y * w + x));
        n++;
      }
      const score = n > mask.length / 2 ? sum / n : Number.POSITIVE_INFINITY;
      if (score < best.score) best = { dx, dy, score };
    }
  return { dx: best.dx / scale, dy: best.dy / scale, score: best.score };
}

/**
 * The offset to the pixel: around the coarse one (one small pixel each way), the shift where a sample
 * of the subject's pixels matches the picture best.
 */
function refine(
  layer: Buffer,
  layerLab: Float32Array,
  genLab: Float32Array,
  width: number,
  height: number,
  coarse: { dx: number; dy: number },
) {
  const samples: number[] = [];
  const step = Math.max(1, Math.floor(Math.sqrt((width * height) / 3000)));
  for (let y = 0; y < height; y += step)
    for (let x = (y / step) % 2 ? Math.floor(step / 2) : 0; x < width; x += step) {
      const i = y * width + x;
      if (layer[i * 4 + 3]! === 255) samples.push(i);
    }
  // One small pixel is max(width, height) / SMALL full pixels: search half of it each way, and one more.
  const reach = Math.ceil(Math.max(width, height) / SMALL / 2) + 1;
  const cx = Math.round(coarse.dx);
  const cy = Math.round(coarse.dy);
  let best = { dx: cx, dy: cy, score: Number.POSITIVE_INFINITY };
  for (let dy = cy - reach; dy <= cy + reach; dy++)
    for (let dx = cx - reach; dx <= cx + reach; dx++) {
      let sum = 0;
      let count = 0;
      for (const i of samples) {
        const x = (i % width) + dx;
        const y = Math.floor(i / width) + dy;
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        sum += Math.min(60, de76(layerLab, i, genLab, y * width + x));
        count++;
      }
      const score = count > samples.length / 2 ? sum / count : Number.POSITIVE_INFINITY;
      if (score < best.score) best = { dx, dy, score };
    }
  return best;
}

/** Composites the product's pixels back over one generated picture where the garment stayed in place. */
export async function lockGarment(product: ProductLayer, picture: Buffer): Promise<LockOutcome> {
  const keep = (note: LockNote): LockOutcome => ({ buffer: picture, contentType: 'image/png', locked: false, note });
  const meta = await sharp(picture).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!width || !height) return keep('sizeChanged');
  if (Math.abs(width / height - product.width / product.height) > 0.03 * (product.width / product.height))
    return keep('sizeChanged');
  const aligned = await align(product, picture, width, height);
  if (!aligned) return keep('noSubject');
  if (aligned.score > POSE_LIMIT) return keep('poseChanged');

  // The product at the picture's size, moved by the offset found.
  const layer =
    product.width === width && product.height === height
      ? product.data
      : await sharp(product.data, { raw: { width: product.width, height: product.height, channels: 4 } })
          .resize(width, height, { fit: 'fill' })
          .raw()
          .toBuffer();
  const gen = await sharp(picture).removeAlpha().raw().toBuffer();
  const n = width * height;
  const layerLab = labOf(layer, 4);
  const genLab = labOf(gen, 3);
  const { dx, dy } = refine(layer, layerLab, genLab, width, height, aligned);
  // Where the subject lies in the picture (after the shift), and how far each of its pixels moved in colour.
  const inside = new Uint8Array(n);
  const diff = Buffer.alloc(n);
  const source = new Int32Array(n).fill(-1);
  for (let y = 0; y < height; y++) {
    const sy = y - dy;
    if (sy < 0 || sy >= height) continue;
    for (let x = 0; x < width; x++) {
      const sx = x - dx;
      if (sx < 0 || sx >= width) continue;
      const s = sy * width + sx;
      if (layer[s * 4 + 3]! < 128) continue;
      const t = y * width + x;
      inside[t] = 255;
      source[t] = s;
      diff[t] = Math.min(255, Math.round(de76(layerLab, s, genLab, t) * 4));
    }
  }
  // A neighbourhood (about 2% of the picture) decides whether the garment stayed there.
  const sigma = Math.max(2, 0.02 * Math.max(width, height));
  const near = await sharp(diff, { raw: { width, height, channels: 1 } })
    .blur(sigma)
    .raw()
    .toBuffer();
  const core = Buffer.alloc(n);
  let restored = 0;
  for (let i = 0; i < n; i++)
    if (inside[i] && near[i]! < KEEP_LIMIT * 4) {
      core[i] = 255;
      restored++;
    }
  if (restored === 0) return keep('poseChanged');
  // Feathered outwards only: inside the restored area every pixel is the product's.
  const feather = await sharp(core, { raw: { width, height, channels: 1 } })
    .blur(Math.max(1, 0.0025 * Math.max(width, height)))
    .raw()
    .toBuffer();
  const out = Buffer.from(gen);
  for (let i = 0; i < n; i++) {
    const alpha = Math.max(core[i]!, feather[i]!) / 255;
    if (alpha === 0) continue;
    // Feather pixels outside the subject take the subject's nearest pixel colour: the shifted layer itself.
    const sy = Math.floor(i / width) - dy;
    const sx = (i % width) - dx;
    const s = source[i]! >= 0 ? source[i]! : sy >= 0 && sy < height && sx >= 0 && sx < width ? sy * width + sx : -1;
    if (s < 0) continue;
    for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.round(alpha * layer[s * 4 + c]! + (1 - alpha) * gen[i * 3 + c]!);
  }
  const buffer = await sharp(out, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return { buffer, contentType: 'image/png', locked: true };
}

/**
 * The product layer inside a frame of another aspect, as a reframe that extends the canvas leaves it:
 * scaled to fit (contain) and centred, transparent around. The alignment then finds the few pixels a
 * provider moved it by; a reframe that cropped or moved it further is caught as `poseChanged`.
 */
export async function fitLayer(product: ProductLayer, width: number, height: number): Promise<ProductLayer> {
  const scale = Math.min(width / product.width, height / product.height);
  const w = Math.max(1, Math.min(width, Math.round(product.width * scale)));
  const h = Math.max(1, Math.min(height, Math.round(product.height * scale)));
  const left = Math.floor((width - w) / 2);
  const top = Math.floor((height - h) / 2);
  const data = await sharp(product.data, { raw: { width: product.width, height: product.height, channels: 4 } })
    .resize(w, h, { fit: 'fill' })
    .extend({ left, top, right: width - w - left, bottom: height - h - top, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .raw()
    .toBuffer();
  return { width, height, data };
}

/** Width / height of a ratio param (`3:4`), or null for `original` and anything else. */
export function ratioAspect(ratio: unknown): number | null {
  const m = typeof ratio === 'string' ? /^(\d+):(\d+)$/.exec(ratio) : null;
  return m ? Number(m[1]) / Number(m[2]) : null;
}

const near = (a: number, b: number) => Math.abs(a - b) <= 0.03 * b;

/**
 * The lock of one task's pictures: a picture framed as the product photo takes the product layer as
 * it is; one framed at the ratio the merchant asked for (a provider's reframe extended the canvas)
 * takes the layer fitted into that frame; any other framing is a new composition (`sizeChanged`).
 * `layer` is made at most once, and only when some picture can take it (the cutout is the costly part).
 */
export async function lockPictures(
  photoAspect: number,
  layer: () => Promise<ProductLayer>,
  pictures: readonly Buffer[],
  options: { ratio?: unknown } = {},
): Promise<LockOutcome[]> {
  const asked = ratioAspect(options.ratio);
  const out: LockOutcome[] = [];
  for (const picture of pictures) {
    const meta = await sharp(picture).metadata();
    const aspect = meta.width && meta.height ? meta.width / meta.height : 0;
    if (photoAspect && near(aspect, photoAspect)) out.push(await lockGarment(await layer(), picture));
    else if (asked && aspect && near(aspect, asked))
      out.push(await lockGarment(await fitLayer(await layer(), meta.width ?? 0, meta.height ?? 0), picture));
    else out.push({ buffer: picture, contentType: 'image/png', locked: false, note: 'sizeChanged' });
  }
  return out;
}

/** Business types whose pictures the lock applies to (the product stays where it was). */
export const LOCKED_TYPES: ReadonlySet<string> = new Set([
  'MANNEQUIN_IMAGE',
  'MODEL_IMAGE_NEW',
  'PRODUCT_IMAGE',
  'PRODUCT_REPLACE_IMAGE',
]);
