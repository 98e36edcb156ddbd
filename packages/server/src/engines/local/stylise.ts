import sharp from 'sharp';
import { labToSrgb, srgbToLab } from './image-metrics.ts';
import { clamp255, luma } from './imaging.ts';

/**
 * STYLE_IMITATION's background (issue 44: it was a heavy blur of the reference, the arch and the
 * plant were gone): the reference re-painted, its structure kept. An edge-preserving painter's
 * filter (Kuwahara: each pixel takes the mean of the calmest of the four squares around it) wipes
 * out fine texture and keeps every large shape's edge sharp; the colours are then drawn from the
 * reference's own palette (k-means in CIELAB) with the lightness kept in soft steps, so its light
 * and falloff stay; strong edges get a thin ink line, and a fine canvas grain of the reference's
 * amount finishes it. The result has the reference's shapes, palette and light, but none of its
 * pixels: a picture in its style, not the picture.
 */

/** The painter's filter runs at this long side at most (2048 px outputs are painted at 1024). */
const WORK_SIDE = 1024;
/** Palette sizes by variant: each variant is painted with a slightly different number of colours. */
const PALETTES = [7, 6, 8, 5] as const;
/** Lightness steps (L* units) of the soft posterisation, and how much of the step is taken. */
const LIGHT_STEP = 8;
const POSTERISE = 0.35;
/** How far each colour's a* b* moves to its palette colour's (all the way flips patches of a wall). */
const SNAP = 0.75;
/** Up to this a* b* distance a colour snaps fully, and no longer this much further on. */
const SNAP_NEAR = 10;
const SNAP_FADE = 25;
/** Share of the reference's fine texture laid over the painting. */
const TEXTURE = 0.6;
/** Edges of the painted picture at least this strong (luma difference over 2 px) are inked. */
const INK_EDGE = 26;

/** Kuwahara filter on RGB: the mean of the least varied of the four (r+1)^2 squares at each corner. */
export function kuwahara(rgb: Buffer, w: number, h: number, r: number): Buffer {
  const W = w + 1;
  // Integral images of R, G, B and luma squared (Float64: sums of a million pixels).
  const sums = [new Float64Array(W * (h + 1)), new Float64Array(W * (h + 1)), new Float64Array(W * (h + 1))];
  const lum = new Float64Array(W * (h + 1));
  const lum2 = new Float64Array(W * (h + 1));
  for (let y = 0; y < h; y++) {
    const row = [0, 0, 0];
    let l1 = 0;
    let l2 = 0;
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      const l = luma(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!);
      row[0]! += rgb[i]!;
      row[1]! += rgb[i + 1]!;
      row[2]! += rgb[i + 2]!;
      l1 += l;
      l2 += l * l;
      const o = (y + 1) * W + x + 1;
      const up = y * W + x + 1;
      for (let c = 0; c < 3; c++) sums[c]![o] = sums[c]![up]! + row[c]!;
      lum[o] = lum[up]! + l1;
      lum2[o] = lum2[up]! + l2;
    }
  }
  const area = (t: Float64Array, x0: number, y0: number, x1: number, y1: number) =>
    t[y1 * W + x1]! - t[y0 * W + x1]! - t[y1 * W + x0]! + t[y0 * W + x0]!;
  const out = Buffer.allocUnsafe(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let best = Number.POSITIVE_INFINITY;
      let bx0 = 0;
      let by0 = 0;
      let bx1 = 1;
      let by1 = 1;
      for (let q = 0; q < 4; q++) {
        const x0 = Math.max(0, q & 1 ? x : x - r);
        const x1 = Math.min(w, (q & 1 ? x + r : x) + 1);
        const y0 = Math.max(0, q & 2 ? y : y - r);
        const y1 = Math.min(h, (q & 2 ? y + r : y) + 1);
        const n = (x1 - x0) * (y1 - y0);
        const m = area(lum, x0, y0, x1, y1) / n;
        const v = area(lum2, x0, y0, x1, y1) / n - m * m;
        if (v < best) {
          best = v;
          bx0 = x0;
          by0 = y0;
          bx1 = x1;
          by1 = y1;
        }
      }
      const n = (bx1 - bx0) * (by1 - by0);
      const o = (y * w + x) * 3;
      for (let c = 0; c < 3; c++) out[o + c] = clamp255(area(sums[c]!, bx0, by0, bx1, by1) / n);
    }
  return out;
}

/** k-means in CIELAB on a sample of pixels (deterministic: seeded by lightness quantiles). */
export function labPalette(rgb: Buffer, k: number): Array<[number, number, number]> {
  // About 16,000 pixels spread evenly: the palette of a million pixels, at a sixtieth of the work.
  const step = Math.max(1, Math.floor(rgb.length / 3 / 16000));
  const samples: Array<[number, number, number]> = [];
  for (let i = 0; i < rgb.length; i += 3 * step) samples.push(srgbToLab(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!));
  const sorted = [...samples].sort((a, b) => a[0] - b[0]);
  let centres = Array.from(
    { length: k },
    (_, j) => sorted[Math.floor(((j + 0.5) / k) * sorted.length)]!.slice() as [number, number, number],
  );
  const nearest = (p: readonly number[]) => {
    let best = 0;
    let d = Number.POSITIVE_INFINITY;
    for (let j = 0; j < centres.length; j++) {
      const c = centres[j]!;
      const e = (p[0]! - c[0]) ** 2 + (p[1]! - c[1]) ** 2 + (p[2]! - c[2]) ** 2;
      if (e < d) {
        d = e;
        best = j;
      }
    }
    return best;
  };
  for (let iteration = 0; iteration < 10; iteration++) {
    const acc = centres.map(() => [0, 0, 0, 0]);
    for (const p of samples) {
      const a = acc[nearest(p)]!;
      a[0]! += p[0];
      a[1]! += p[1];
      a[2]! += p[2];
      a[3]! += 1;
    }
    centres = centres.map((c, j) => {
      const a = acc[j]!;
      return a[3]! ? [a[0]! / a[3]!, a[1]! / a[3]!, a[2]! / a[3]!] : c;
    });
  }
  return centres;
}

/** The reference (RGB, already at the output's size and framing) re-painted in its own style. */
export async function styliseScene(raw: Buffer, width: number, height: number, variant: number): Promise<Buffer> {
  const k = Math.min(1, WORK_SIDE / Math.max(width, height));
  const w = Math.max(8, Math.round(width * k));
  const h = Math.max(8, Math.round(height * k));
  const work =
    k < 1
      ? await sharp(raw, { raw: { width, height, channels: 3 } })
          .resize(w, h)
          .raw()
          .toBuffer()
      : raw;
  const radius = Math.max(2, Math.round(Math.max(w, h) / 170));
  const painted = kuwahara(kuwahara(work, w, h, radius), w, h, Math.max(1, Math.round(radius / 2)));
  const palette = labPalette(painted, PALETTES[variant % PALETTES.length]!);
  // Back at the output's size: the painted picture, smooth; its edges are made crisp again below.
  const full =
    k < 1
      ? await sharp(painted, { raw: { width: w, height: h, channels: 3 } })
          .resize(width, height, { kernel: 'cubic' })
          .raw()
          .toBuffer()
      : painted;
  // Each colour snapped to the nearest palette colour's a* b*, its lightness to soft steps. A table
  // on 6 bits per channel (filled as colours occur) keeps this to one look-up per pixel at 2048 px.
  const table = new Int32Array(64 * 64 * 64).fill(-1);
  const out = Buffer.allocUnsafe(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const r = full[i * 3]!;
    const g = full[i * 3 + 1]!;
    const b = full[i * 3 + 2]!;
    const key = ((r >> 2) << 12) | ((g >> 2) << 6) | (b >> 2);
    let packed = table[key]!;
    if (packed < 0) {
      const lab = srgbToLab((r & ~3) + 2, (g & ~3) + 2, (b & ~3) + 2);
      let best = palette[0]!;
      let d = Number.POSITIVE_INFINITY;
      for (const c of palette) {
        const e = (lab[0] - c[0]) ** 2 + (lab[1] - c[1]) ** 2 + (lab[2] - c[2]) ** 2;
        if (e < d) {
          d = e;
          best = c;
        }
      }
      const stepped = Math.round(lab[0] / LIGHT_STEP) * LIGHT_STEP;
      const l = lab[0] + (stepped - lab[0]) * POSTERISE;
      // A colour far from every palette colour (a plant in a beige room) keeps its own: the palette
      // flattens a surface's shades, it does not recolour a thing.
      const far = Math.hypot(best[1] - lab[1], best[2] - lab[2]);
      const snap = SNAP * Math.max(0, Math.min(1, 1 - (far - SNAP_NEAR) / SNAP_FADE));
      const a = lab[1] + (best[1] - lab[1]) * snap;
      const bb = lab[2] + (best[2] - lab[2]) * snap;
      const [sr, sg, sb] = labToSrgb(Math.max(0, Math.min(100, l)), a, bb);
      packed = (clamp255(sr) << 16) | (clamp255(sg) << 8) | clamp255(sb);
      table[key] = packed;
    }
    out[i * 3] = (packed >> 16) & 255;
    out[i * 3 + 1] = (packed >> 8) & 255;
    out[i * 3 + 2] = packed & 255;
  }
  // The reference's own fine texture (grain, weave, plaster) at part strength: the surfaces keep
  // their material at full detail while their colour and shape are painted.
  const soft = await sharp(raw, { raw: { width, height, channels: 3 } })
    .blur(Math.max(0.6, Math.max(width, height) / 1400))
    .raw()
    .toBuffer();
  for (let i = 0; i < out.length; i++) out[i] = clamp255(out[i]! + (raw[i]! - soft[i]!) * TEXTURE);
  // Ink on the strong edges of the painted picture (a large shape's outline, not a colour step).
  const line = Math.max(1, Math.round(Math.max(width, height) / 900));
  for (let y = line; y < height - line; y++)
    for (let x = line; x < width - line; x++) {
      const i = (y * width + x) * 3;
      const gx = lumaAt(full, i + line * 3) - lumaAt(full, i - line * 3);
      const gy = lumaAt(full, i + line * width * 3) - lumaAt(full, i - line * width * 3);
      const edge = Math.hypot(gx, gy);
      if (edge < INK_EDGE) continue;
      const dim = 1 - Math.min(0.35, ((edge - INK_EDGE) / 120) * 0.35 + 0.12);
      for (let c = 0; c < 3; c++) out[i + c] = clamp255(out[i + c]! * dim);
    }
  return out;
}

const lumaAt = (rgb: Buffer, i: number) => luma(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!);
