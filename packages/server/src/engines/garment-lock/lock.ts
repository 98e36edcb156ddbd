import sharp from 'sharp';
import { cutoutRgba } from '../local/cutout.ts';
import { ciede2000, srgbToLab } from '../local/image-metrics.ts';
import type { Rgba } from '../local/imaging.ts';
import { boxOf, register } from './register.ts';

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
/**
 * Why a picture is not tagged locked: its framing (`sizeChanged`) or pose (`poseChanged`) changed, no
 * subject was found (`noSubject`), or the garment could not be brought under FIDELITY_LIMIT
 * (`lowFidelity`: the provider changed too much of it to put back).
 */
export type LockNote = 'sizeChanged' | 'poseChanged' | 'noSubject' | 'lowFidelity';

export interface LockOutcome {
  buffer: Buffer;
  contentType: string;
  locked: boolean;
  note?: LockNote;
  /** CIEDE2000 inside the garment after the lock (null: the lock could not place the garment). */
  fidelity: Fidelity | null;
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
/** 1 - lightness correlation above which the registered subject is not the same picture of the garment. */
const STRUCTURE_LIMIT = 0.35;

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

const de76small = (x: Float32Array, i: number, y: Float32Array, j: number) => {
  const dl = x[i * 3]! - y[j * 3]!;
  const da = x[i * 3 + 1]! - y[j * 3 + 1]!;
  const db = x[i * 3 + 2]! - y[j * 3 + 2]!;
  return Math.sqrt(dl * dl + da * da + db * db);
};

/** The offset (in small pixels) where the subject matches the picture best, and its mean difference. */
async function align(product: ProductLayer, gen: Buffer, width: number, height: number) {
  const scale = SMALL / Math.max(width, height);
  const w = Math.max(8, Math.round(width * scale));
  const h = Math.max(8, Math.round(height * scale));
  const p = await sharp(product.data, { raw: { width: product.width, height: product.height, channels: 4 } })
    .resize(w, h, { fit: 'fill' })
    .raw()
    .toBuffer();
  const g = await sharp(gen, { raw: { width, height, channels: 3 } })
    .resize(w, h, { fit: 'fill' })
    .raw()
    .toBuffer();
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
        sum += Math.min(60, de76small(pl, i, gl, y * w + x));
        n++;
      }
      const score = n > mask.length / 2 ? sum / n : Number.POSITIVE_INFINITY;
      if (score < best.score) best = { dx, dy, score };
    }
  return { dx: best.dx / scale, dy: best.dy / scale, score: best.score };
}

/** Bilinear sample of the RGBA layer at (x, y): RGB and alpha, or null outside it. */
function sampleLayer(layer: Buffer, width: number, height: number, x: number, y: number, out: Float32Array): boolean {
  if (x < 0 || y < 0 || x > width - 1 || y > height - 1) return false;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const tx = x - x0;
  const ty = y - y0;
  if (tx === 0 && ty === 0) {
    const s = (y0 * width + x0) * 4;
    for (let c = 0; c < 4; c++) out[c] = layer[s + c]!;
    return true;
  }
  const x1 = Math.min(width - 1, x0 + 1);
  const y1 = Math.min(height - 1, y0 + 1);
  const a = (y0 * width + x0) * 4;
  const b = (y0 * width + x1) * 4;
  const c_ = (y1 * width + x0) * 4;
  const d = (y1 * width + x1) * 4;
  for (let c = 0; c < 4; c++)
    out[c] = (1 - ty) * ((1 - tx) * layer[a + c]! + tx * layer[b + c]!) + ty * ((1 - tx) * layer[c_ + c]! + tx * layer[d + c]!);
  return true;
}

/** Solves the 4 x 4 system m x = v (Gaussian elimination with pivoting); null when singular. */
function solve4(m: number[][], v: number[]): number[] | null {
  const a = m.map((row, i) => [...row, v[i]!]);
  for (let c = 0; c < 4; c++) {
    let p = c;
    for (let r = c + 1; r < 4; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    if (Math.abs(a[p]![c]!) < 1e-9) return null;
    [a[c], a[p]] = [a[p]!, a[c]!];
    for (let r = 0; r < 4; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / a[c]![c]!;
      for (let k = c; k < 5; k++) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  return a.map((row, i) => row[4]! / row[i]!);
}

/**
 * The provider's repaint of the garment's colours as one affine map in CIELAB (a hue turn, a
 * brighter or paler print), fitted on the garment twice, the second time without the pixels the
 * first left far off (a mannequin's neck now skin). Identity when it cannot be fitted.
 */
function colourModel(source: Float32Array, inside: Uint8Array, genLab: Float32Array, lut: Float32Array, n: number): Float64Array {
  // Rows L, a, b of [l, a, b, 1] coefficients; identity to start.
  const m = Float64Array.from([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]);
  const picks: number[] = [];
  let total = 0;
  for (let i = 0; i < n; i++) if (inside[i]) total++;
  const every = Math.max(1, Math.floor(total / 20_000));
  let k = 0;
  for (let i = 0; i < n; i++) if (inside[i] && k++ % every === 0) picks.push(i);
  if (picks.length < 50) return m;
  const x = [0, 0, 0, 1];
  for (let round = 0; round < 2; round++) {
    const ata = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
    const atb = [0, 1, 2].map(() => [0, 0, 0, 0]);
    for (const i of picks) {
      const q = lutIndex(source, i);
      x[0] = lut[q]!;
      x[1] = lut[q + 1]!;
      x[2] = lut[q + 2]!;
      const yl = genLab[i * 3]!;
      const ya = genLab[i * 3 + 1]!;
      const yb = genLab[i * 3 + 2]!;
      if (round === 1) {
        const pl = m[0]! * x[0]! + m[1]! * x[1]! + m[2]! * x[2]! + m[3]!;
        const pa = m[4]! * x[0]! + m[5]! * x[1]! + m[6]! * x[2]! + m[7]!;
        const pb = m[8]! * x[0]! + m[9]! * x[1]! + m[10]! * x[2]! + m[11]!;
        if (Math.hypot(pl - yl, pa - ya, pb - yb) > 15) continue;
      }
      for (let r = 0; r < 4; r++) {
        for (let c = 0; c < 4; c++) ata[r]![c]! += x[r]! * x[c]!;
        atb[0]![r]! += x[r]! * yl;
        atb[1]![r]! += x[r]! * ya;
        atb[2]![r]! += x[r]! * yb;
      }
    }
    const rows = atb.map((v) => solve4(ata, v));
    if (rows.some((r) => !r)) return m;
    for (let ch = 0; ch < 3; ch++) for (let c = 0; c < 4; c++) m[ch * 4 + c] = rows[ch]![c]!;
  }
  return m;
}

/** The LUT index (labLut) of a float RGB source pixel. */
const lutIndex = (source: Float32Array, i: number) =>
  (((Math.round(source[i * 3]!) >> 2) << 12) |
    ((Math.round(source[i * 3 + 1]!) >> 2) << 6) |
    (Math.round(source[i * 3 + 2]!) >> 2)) *
  3;

/** The lock's fidelity of one picture: CIEDE2000 between the picture and the merchant's garment, inside the garment. */
export interface Fidelity {
  mean: number;
  p95: number;
}

/** Above this mean CIEDE2000 inside the garment, a picture is not called locked (issue 45). */
export const FIDELITY_LIMIT = 3;

/**
 * Mean and 95th percentile CIEDE2000 between the merchant's garment (`source`, RGB per pixel where
 * `weight` is 255) and the picture, at most ~16k pixels sampled evenly (the mean and p95 move by
 * hundredths against every pixel; CIEDE2000 per pixel was a fifth of the lock's CPU at 60k).
 */
function fidelityOf(source: Float32Array, weight: Uint8Array, picture: Buffer, n: number): Fidelity | null {
  let count = 0;
  for (let i = 0; i < n; i++) if (weight[i] === 255) count++;
  if (!count) return null;
  const every = Math.max(1, Math.floor(count / 16_000));
  const bins = new Uint32Array(1001);
  let sum = 0;
  let seen = 0;
  let k = 0;
  for (let i = 0; i < n; i++) {
    if (weight[i] !== 255 || k++ % every) continue;
    const d = ciede2000(
      srgbToLab(source[i * 3]!, source[i * 3 + 1]!, source[i * 3 + 2]!),
      srgbToLab(picture[i * 3]!, picture[i * 3 + 1]!, picture[i * 3 + 2]!),
    );
    sum += d;
    seen++;
    bins[Math.min(1000, Math.round(d * 10))]!++;
  }
  let acc = 0;
  let p95 = 0;
  for (let b = 0; b <= 1000; b++) {
    acc += bins[b]!;
    if (acc >= 0.95 * seen) {
      p95 = b / 10;
      break;
    }
  }
  return { mean: Math.round((sum / seen) * 100) / 100, p95 };
}

/** Composites the product's pixels back over one generated picture where the garment stayed in place. */
export async function lockGarment(product: ProductLayer, picture: Buffer): Promise<LockOutcome> {
  const keep = (note: LockNote): LockOutcome => ({
    buffer: picture,
    contentType: 'image/png',
    locked: false,
    note,
    fidelity: null,
  });
  const meta = await sharp(picture).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!width || !height) return keep('sizeChanged');
  if (Math.abs(width / height - product.width / product.height) > 0.03 * (product.width / product.height))
    return keep('sizeChanged');
  // Decoded once: the alignment and everything after read the same pixels.
  const gen = await sharp(picture).removeAlpha().raw().toBuffer();
  const aligned = await align(product, gen, width, height);
  if (!aligned) return keep('noSubject');

  // The product at the picture's size.
  const layer =
    product.width === width && product.height === height
      ? product.data
      : await sharp(product.data, { raw: { width: product.width, height: product.height, channels: 4 } })
          .resize(width, height, { fit: 'fill' })
          .raw()
          .toBuffer();
  const n = width * height;
  const layerLab = labOf(layer, 4);
  const genLab = labOf(gen, 3);
  const field = register(layer, layerLab, genLab, width, height, aligned);
  // Another pose: unlike in colour and in where its light and dark parts lie (a repaint of another
  // hue is unlike in colour only).
  if (aligned.score > POSE_LIMIT && !(field.globalScore <= STRUCTURE_LIMIT)) return keep('poseChanged');
  // Where the subject lies in the picture (after the registration), the product's colour there, and
  // how far each of its pixels moved in colour.
  const inside = new Uint8Array(n);
  const opaque = new Uint8Array(n);
  const source = new Float32Array(n * 3);
  const has = new Uint8Array(n);
  const diff = Buffer.alloc(n);
  const px = new Float32Array(4);
  const lut = labLut();
  const offX = new Float32Array(n);
  const offY = new Float32Array(n);
  // Only where the garment can land, and the feather around it: the layer's box widened by the
  // largest move and the feather's reach (most of a picture is backdrop; this was a tenth of the lock).
  const featherSigma = Math.max(1, 0.0025 * Math.max(width, height));
  const box = boxOf(layer, width, height, Math.ceil(field.reach + 4 * featherSigma) + 2);
  if (!box) return keep('noSubject');
  field.fill(offX, offY, box);
  for (let y = box.y0; y < box.y1; y++)
    for (let x = box.x0; x < box.x1; x++) {
      const t = y * width + x;
      if (!sampleLayer(layer, width, height, x - offX[t]!, y - offY[t]!, px)) continue;
      has[t] = 1;
      source[t * 3] = px[0]!;
      source[t * 3 + 1] = px[1]!;
      source[t * 3 + 2] = px[2]!;
      if (px[3]! < 128) continue;
      inside[t] = 255;
      if (px[3]! >= 254.5) opaque[t] = 255;
    }
  // How the provider repainted the garment's colours as a whole (another hue, brighter): the
  // difference that decides whether the garment stayed is taken after it.
  const m = colourModel(source, inside, genLab, lut, n);
  for (let t = 0; t < n; t++) {
    if (!inside[t]) continue;
    const k = lutIndex(source, t);
    const l = lut[k]!;
    const a = lut[k + 1]!;
    const b = lut[k + 2]!;
    const pl = m[0]! * l + m[1]! * a + m[2]! * b + m[3]!;
    const pa = m[4]! * l + m[5]! * a + m[6]! * b + m[7]!;
    const pb = m[8]! * l + m[9]! * a + m[10]! * b + m[11]!;
    const dl = pl - genLab[t * 3]!;
    const da = pa - genLab[t * 3 + 1]!;
    const db = pb - genLab[t * 3 + 2]!;
    diff[t] = Math.min(255, Math.round(Math.sqrt(dl * dl + da * da + db * db) * 4));
  }
  // A neighbourhood (about 2% of the picture) decides whether the garment stayed there.
  const sigma = Math.max(2, 0.02 * Math.max(width, height));
  // One channel out (sharp answers three for a one-channel blur unless told): indexed per pixel below.
  const near = await sharp(diff, { raw: { width, height, channels: 1 } })
    .blur(sigma)
    .extractChannel(0)
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
    .blur(featherSigma)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const out = Buffer.from(gen);
  for (let i = 0; i < n; i++) {
    const alpha = Math.max(core[i]!, feather[i]!) / 255;
    // Feather pixels outside the subject take the registered layer's colour there.
    if (alpha === 0 || !has[i]) continue;
    for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.round(alpha * source[i * 3 + c]! + (1 - alpha) * gen[i * 3 + c]!);
  }
  const fidelity = fidelityOf(source, opaque, out, n);
  const buffer = await sharp(out, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return { buffer, contentType: 'image/png', locked: true, fidelity };
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
    else out.push({ buffer: picture, contentType: 'image/png', locked: false, note: 'sizeChanged', fidelity: null });
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
