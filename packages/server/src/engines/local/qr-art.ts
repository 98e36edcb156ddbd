import type { QrArtParams } from '@productimage/core';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { USER_IMAGE_INPUT } from '../../platform/sandbox/limits.ts';
import { checkAborted, type EngineJob, type EngineOutput } from '../types.ts';
import { clamp255, luma } from './imaging.ts';
import { decodeWith, type QrDecoder, type ScanCondition, underCondition, zbarimgPath } from './qr-decode.ts';
import { qrSceneImage } from './scenes.ts';

/**
 * QR_CODE_ART: the picture (a scene or the user's own) becomes the QR code, the way published QR
 * beautification works (halftone QR codes, Chu et al. 2013; efficient QR code beautification, Lin
 * et al. 2015): a scanner samples each module at its centre, so only a centre spot of each data
 * module carries the bit at full contrast; the rest of the module shows the picture, pushed only
 * partly towards the bit so the local threshold of the scanner's binariser falls the right way.
 *
 * - Error-correction level and mask pattern are chosen to fit the picture: of the codes the
 *   content allows (levels H, Q, M; the eight masks), the one whose modules disagree least with the
 *   picture's own dark and light areas (local threshold, as a binariser sees it), with a small
 *   penalty for every level below H.
 * - Finder patterns are drawn in the chosen shape (rounded or square rings); timing, alignment and
 *   format modules stay whole.
 * - The four outputs differ in rendering (photo, halftone dither, levelled mosaic, duotone), crop
 *   and mask.
 * - Every output is decoded before delivery by jsQR and ZXing (and zbar when zbarimg is installed)
 *   at full size, shrunk to 360 px, and shrunk and saved as JPEG quality 60. One that does not scan
 *   is redrawn stronger (bigger centres, module areas pushed harder) and, as the last step, as a
 *   plain high-contrast code, which scans: a user's picture never makes the tool fail.
 */
const SIZE = 1024;
/**
 * The 2K download of a QR art picture is drawn again at this size (EngineJob.render): the same fit,
 * style, crop and strength steps as the delivered picture, with four times the pixels, and it is
 * verified by the same decoders before it is handed over (issue 30: "2K" is never an enlargement).
 */
export const HD_SIZE = 2048;
/** Quiet zone, in modules, lightened: scanners find the finder patterns against it. */
const QUIET = 3;
const CROPS = ['centre', 'north', 'south', 'east'] as const;
export const QR_STYLES = ['photo', 'dither', 'mosaic', 'duotone'] as const;
export type QrStyle = (typeof QR_STYLES)[number];
/** Ink luminance of the module centres. */
const DARK_L = 26;
const LIGHT_L = 236;

type Shape = QrArtParams['shape'];
type Level = 'H' | 'Q' | 'M' | 'L';
const LEVEL_PENALTY: Record<Level, number> = { H: 0, Q: 0.04, M: 0.08, L: 0.12 };
/** Versions above this have modules too small to survive a 360 px JPEG with art; lower levels are tried first. */
const MAX_COMFORTABLE_SIZE = 57;

interface Matrix {
  size: number;
  level: Level;
  version: number;
  maskPattern: number;
  data: Uint8Array;
  reservedBit: Uint8Array;
}

function matrixOf(content: string, level: Level, maskPattern?: number): Matrix {
  const qr = QRCode.create(content, {
    errorCorrectionLevel: level,
    ...(maskPattern === undefined ? {} : { maskPattern: maskPattern as QRCode.QRCodeMaskPattern }),
  });
  const m = qr.modules as unknown as { size: number; data: Uint8Array; reservedBit: Uint8Array };
  return { size: m.size, level, version: qr.version, maskPattern: qr.maskPattern ?? 0, data: m.data, reservedBit: m.reservedBit };
}

interface Geometry {
  /** Module size in pixels (fractional: modules fill the canvas evenly). */
  module: number;
  /** Pixel position of the first module's top-left corner. */
  origin: number;
}

const geometryOf = (n: number, size = SIZE): Geometry => {
  const module = size / (n + 2 * QUIET);
  return { module, origin: QUIET * module };
};

/** The picture's luminance averaged over each module cell, and whether each cell reads dark locally. */
function pictureBits(lum: Float32Array, n: number): Uint8Array {
  const side = Math.round(Math.sqrt(lum.length));
  const { module, origin } = geometryOf(n, side);
  const cell = new Float32Array(n * n);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      let sum = 0;
      let count = 0;
      const y0 = Math.floor(origin + r * module);
      const x0 = Math.floor(origin + c * module);
      for (let y = y0; y < origin + (r + 1) * module; y += 2)
        for (let x = x0; x < origin + (c + 1) * module; x += 2) {
          sum += lum[y * side + x]!;
          count++;
        }
      cell[r * n + c] = sum / Math.max(1, count);
    }
  const dark = new Uint8Array(n * n);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      // Local mean over 5x5 modules: what a block binariser compares each module with.
      let sum = 0;
      let count = 0;
      for (let j = Math.max(0, r - 2); j <= Math.min(n - 1, r + 2); j++)
        for (let i = Math.max(0, c - 2); i <= Math.min(n - 1, c + 2); i++) {
          sum += cell[j * n + i]!;
          count++;
        }
      dark[r * n + c] = cell[r * n + c]! < sum / count ? 1 : 0;
    }
  return dark;
}

export interface FitChoice {
  level: Level;
  maskPattern: number;
  /** Share of data modules whose bit disagrees with the picture (0 to 1). */
  mismatch: number;
}

/** Every (level, mask) the content allows, best fit to the picture first. */
export function rankFits(content: string, lum: Float32Array): FitChoice[] {
  const levels: Level[] = ['H', 'Q', 'M', 'L'];
  const choices: Array<FitChoice & { score: number }> = [];
  const bitsBySize = new Map<number, Uint8Array>();
  for (const level of levels) {
    let probe: Matrix;
    try {
      probe = matrixOf(content, level);
    } catch {
      continue;
    }
    const tooBig = probe.size > MAX_COMFORTABLE_SIZE;
    for (let mask = 0; mask < 8; mask++) {
      const m = matrixOf(content, level, mask);
      let bits = bitsBySize.get(m.size);
      if (!bits) {
        bits = pictureBits(lum, m.size);
        bitsBySize.set(m.size, bits);
      }
      let data = 0;
      let differ = 0;
      for (let i = 0; i < m.size * m.size; i++) {
        if (m.reservedBit[i]) continue;
        data++;
        if ((m.data[i] ? 1 : 0) !== bits[i]) differ++;
      }
      const mismatch = differ / Math.max(1, data);
      choices.push({ level, maskPattern: mask, mismatch, score: mismatch + LEVEL_PENALTY[level] + (tooBig ? 1 : 0) });
    }
  }
  if (choices.length === 0) throw new Error('content does not fit in a QR code');
  choices.sort((a, b) => a.score - b.score);
  return choices.map(({ level, maskPattern, mismatch }) => ({ level, maskPattern, mismatch }));
}

const plainCache = new Map<string, boolean>();

/**
 * Whether the plain code of this (level, mask) reads with every decoder. Some data patterns hold a
 * false finder pattern (a 1:1:3:1:1 run) that sends ZXing's detector astray even on a clean code,
 * whatever the art, at some sizes: such masks are skipped (checked at the sizes we verify art at),
 * as a phone's scanner would stumble on them too.
 */
async function plainReads(content: string, level: Level, maskPattern: number): Promise<boolean> {
  const key = `${level}${maskPattern}:${content}`;
  let ok = plainCache.get(key);
  if (ok === undefined) {
    // Drawn exactly as the fallback would be (same geometry), so a fit that passes here always has
    // a plain code to fall back on.
    const plain = paint(new Float32Array(0), matrixOf(content, level, maskPattern), 'SQUARE', PLAIN);
    ok = await scansEverywhere(await encodeRgb(plain), content);
    plainCache.set(key, ok);
    if (plainCache.size > 256) plainCache.delete(plainCache.keys().next().value!);
  }
  return ok;
}

/** The first `count` fits (in rank order) whose plain code every decoder reads; at least one. */
async function readableFits(content: string, ranked: FitChoice[], count: number): Promise<FitChoice[]> {
  const found: FitChoice[] = [];
  for (const fit of ranked) {
    if (await plainReads(content, fit.level, fit.maskPattern)) found.push(fit);
    if (found.length >= count) break;
  }
  return found.length ? found : ranked.slice(0, 1);
}

/** An sRGB colour moved to a target luma, keeping its hue: darkened by scaling, lightened towards white. */
function toLuma(rgb: Float32Array | number[], i: number, target: number, out: Buffer, o: number): void {
  const r = rgb[i]!;
  const g = rgb[i + 1]!;
  const b = rgb[i + 2]!;
  const l = luma(r, g, b);
  if (target <= l) {
    const k = l > 0.5 ? target / l : 0;
    out[o] = clamp255(r * k);
    out[o + 1] = clamp255(g * k);
    out[o + 2] = clamp255(b * k);
    if (l <= 0.5) out.fill(clamp255(target), o, o + 3);
  } else {
    const t = l < 254.5 ? (target - l) / (255 - l) : 0;
    out[o] = clamp255(r + (255 - r) * t);
    out[o + 1] = clamp255(g + (255 - g) * t);
    out[o + 2] = clamp255(b + (255 - b) * t);
  }
}

/** The picture re-rendered in one of the four styles (float RGB, side x side). */
function styled(scene: Buffer, lum: Float32Array, style: QrStyle, module: number, origin: number, side: number): Float32Array {
  const out = new Float32Array(side * side * 3);
  if (style === 'photo') {
    for (let i = 0; i < out.length; i++) out[i] = scene[i]!;
    return out;
  }
  if (style === 'duotone') {
    // Two inks from the picture itself (its darkest and lightest quarters), luminance mapped between them.
    const sorted = Float32Array.from(lum).sort();
    const lo = sorted[Math.floor(sorted.length * 0.05)]!;
    const hi = sorted[Math.floor(sorted.length * 0.95)]!;
    const inks = inksOf(scene, lum, side);
    for (let p = 0; p < side * side; p++) {
      const t = Math.min(1, Math.max(0, (lum[p]! - lo) / Math.max(1, hi - lo)));
      const s = t * t * (3 - 2 * t);
      for (let c = 0; c < 3; c++) out[p * 3 + c] = inks.dark[c]! + (inks.light[c]! - inks.dark[c]!) * s;
    }
    return out;
  }
  // Mosaic and dither work on a grid of thirds of a module, aligned with the modules.
  const cell = module / 3;
  const cells = Math.ceil(side / cell) + 1;
  const offset = origin % cell;
  const cellOf = (v: number) => Math.floor((v - offset) / cell) + 1;
  const sum = new Float64Array(cells * cells * 4);
  for (let y = 0; y < side; y++) {
    const cy = cellOf(y);
    for (let x = 0; x < side; x++) {
      const k = (cy * cells + cellOf(x)) * 4;
      const p = (y * side + x) * 3;
      sum[k]! += scene[p]!;
      sum[k + 1]! += scene[p + 1]!;
      sum[k + 2]! += scene[p + 2]!;
      sum[k + 3]! += 1;
    }
  }
  const mean = new Float32Array(cells * cells * 3);
  const cellLuma = new Float32Array(cells * cells);
  for (let k = 0; k < cells * cells; k++) {
    const count = Math.max(1, sum[k * 4 + 3]!);
    for (let c = 0; c < 3; c++) mean[k * 3 + c] = sum[k * 4 + c]! / count;
    cellLuma[k] = luma(mean[k * 3]!, mean[k * 3 + 1]!, mean[k * 3 + 2]!);
  }
  let level: Float32Array | null = null;
  if (style === 'mosaic') {
    // Tiles with the picture's levels stretched (its 5th to 95th percentile to nearly the full
    // range): a bolder, brighter look that stays distinct from the photo even on dark pictures.
    const sorted = Float32Array.from(cellLuma).sort();
    const lo = sorted[Math.floor(sorted.length * 0.05)]!;
    const hi = sorted[Math.floor(sorted.length * 0.95)]!;
    level = new Float32Array(cells * cells);
    for (let k = 0; k < level.length; k++)
      level[k] = 24 + (212 * Math.min(1, Math.max(0, cellLuma[k]! - lo))) / Math.max(1, hi - lo);
  }
  if (style === 'dither') {
    // Floyd-Steinberg error diffusion of each cell's luminance to two levels: a halftone.
    level = new Float32Array(cells * cells);
    const work = Float32Array.from(cellLuma);
    for (let y = 0; y < cells; y++)
      for (let x = 0; x < cells; x++) {
        const k = y * cells + x;
        const v = work[k]!;
        const q = v < 128 ? 52 : 218;
        level[k] = q;
        const err = v - q;
        if (x + 1 < cells) work[k + 1]! += (err * 7) / 16;
        if (y + 1 < cells) {
          if (x > 0) work[k + cells - 1]! += (err * 3) / 16;
          work[k + cells]! += (err * 5) / 16;
          if (x + 1 < cells) work[k + cells + 1]! += err / 16;
        }
      }
  }
  const px = Buffer.alloc(3);
  for (let y = 0; y < side; y++) {
    const cy = cellOf(y);
    for (let x = 0; x < side; x++) {
      const k = cy * cells + cellOf(x);
      const o = (y * side + x) * 3;
      if (level) {
        toLuma(mean, k * 3, level[k]!, px, 0);
        out[o] = px[0]!;
        out[o + 1] = px[1]!;
        out[o + 2] = px[2]!;
      } else {
        out[o] = mean[k * 3]!;
        out[o + 1] = mean[k * 3 + 1]!;
        out[o + 2] = mean[k * 3 + 2]!;
      }
    }
  }
  return out;
}

/** The picture's darkest and lightest colours (mean of its darkest and lightest fifths). */
function inksOf(scene: Buffer, lum: Float32Array, side: number): { dark: number[]; light: number[] } {
  const order = Array.from({ length: Math.floor((side * side) / 17) }, (_, i) => i * 17).sort((a, b) => lum[a]! - lum[b]!);
  const avg = (from: number, to: number) => {
    const part = order.slice(Math.floor(order.length * from), Math.floor(order.length * to));
    const s = [0, 0, 0];
    for (const p of part) for (let c = 0; c < 3; c++) s[c]! += scene[p * 3 + c]!;
    return s.map((v) => v / Math.max(1, part.length));
  };
  return { dark: avg(0, 0.2), light: avg(0.8, 1) };
}

interface Look {
  /** Side of the centre spot as a share of the module (1 = whole module). */
  centre: number;
  /** How far the rest of each module moves towards its bit's luminance (0 to 1). */
  push: number;
  /** A plain black-on-white code: the last step, which always scans. */
  plain: boolean;
}

const PLAIN: Look = { centre: 1, push: 1, plain: true };

const encodeRgb = (rgb: Buffer, size = SIZE) =>
  sharp(rgb, { raw: { width: size, height: size, channels: 3 } })
    .png({ compressionLevel: 6 })
    .toBuffer();

/** Strength 0..1 to a look: centres from 34 % to 70 % of a module, areas pushed 6 % to 66 %. */
export const lookAt = (s: number): Look => ({ centre: 0.34 + 0.36 * s, push: 0.06 + 0.6 * s, plain: false });

/** Ring radius of the finder patterns, as a share of each ring's half side, per shape. */
const FINDER_ROUNDING: Record<Shape, number> = { CIRCLE: 0.7, LONG_CIRCLE: 0.5, SQUARE: 0, LONG_SQUARE: 0.25 };

/** Inside a rounded square of half side `h` (centred at 0) with corner radius `h * k`? */
function inRounded(u: number, v: number, h: number, k: number): boolean {
  const r = h * k;
  const ax = Math.abs(u) - (h - r);
  const ay = Math.abs(v) - (h - r);
  if (ax > r || ay > r) return false;
  if (ax <= 0 || ay <= 0) return true;
  return ax * ax + ay * ay <= r * r;
}

/** Draws the code into the styled picture. */
function paint(base: Float32Array, matrix: Matrix, shape: Shape, look: Look, side = SIZE): Buffer {
  const n = matrix.size;
  const { module, origin } = geometryOf(n, side);
  const out = Buffer.allocUnsafe(side * side * 3);
  const dark = (r: number, c: number) => r >= 0 && c >= 0 && r < n && c < n && matrix.data[r * n + c] === 1;
  const reserved = (r: number, c: number) => matrix.reservedBit[r * n + c] === 1;
  const long = shape === 'LONG_CIRCLE' || shape === 'LONG_SQUARE';
  const round = shape === 'CIRCLE' || shape === 'LONG_CIRCLE';
  const half = look.centre / 2;
  const rounding = FINDER_ROUNDING[shape];
  const finders: Array<[number, number]> = [
    [0, 0],
    [0, n - 7],
    [n - 7, 0],
  ];
  for (let y = 0; y < side; y++) {
    const fr = (y + 0.5 - origin) / module;
    const r = Math.floor(fr);
    const dy = fr - r - 0.5;
    for (let x = 0; x < side; x++) {
      const o = (y * side + x) * 3;
      const fc = (x + 0.5 - origin) / module;
      const c = Math.floor(fc);
      const dx = fc - c - 0.5;
      if (look.plain) {
        const on = r >= 0 && c >= 0 && r < n && c < n && dark(r, c);
        out.fill(on ? 0 : 255, o, o + 3);
        continue;
      }
      if (r < 0 || c < 0 || r >= n || c >= n) {
        // Quiet zone: the picture, lightened.
        toLuma(base, o, Math.max(LIGHT_L - 10, luma(base[o]!, base[o + 1]!, base[o + 2]!)), out, o);
        continue;
      }
      const bit = dark(r, c);
      const target = bit ? DARK_L : LIGHT_L;
      let ink = false;
      let finder: [number, number] | undefined;
      if (reserved(r, c)) {
        finder = finders.find(([fr0, fc0]) => r >= fr0 - 1 && r <= fr0 + 7 && c >= fc0 - 1 && c <= fc0 + 7);
        if (!finder) ink = true;
      } else if (round ? dx * dx + dy * dy <= half * half : Math.abs(dx) <= half && Math.abs(dy) <= half) {
        ink = true;
      } else if (
        long &&
        bit &&
        Math.abs(dx) <= half &&
        ((dy > 0 && dark(r + 1, c) && !reserved(r + 1, c)) || (dy < 0 && dark(r - 1, c) && !reserved(r - 1, c)))
      ) {
        // LONG_* joins vertical runs of dark modules into bars.
        ink = true;
      }
      if (finder) {
        // Rings of the finder pattern (7 x 7 modules plus its light separator), drawn in the shape.
        const u = fr - (finder[0] + 3.5);
        const v = fc - (finder[1] + 3.5);
        const inner = inRounded(u, v, 1.5, rounding);
        const ring = inRounded(u, v, 3.5, rounding) && !inRounded(u, v, 2.5, rounding);
        toLuma(base, o, inner || ring ? DARK_L : LIGHT_L, out, o);
        continue;
      }
      if (ink) {
        toLuma(base, o, target, out, o);
        continue;
      }
      const l = luma(base[o]!, base[o + 1]!, base[o + 2]!);
      toLuma(base, o, l + (target - l) * look.push, out, o);
    }
  }
  return out;
}

/** The decoders a picture must satisfy before delivery: jsQR, ZXing, and zbar when installed. */
export function verifyingDecoders(): QrDecoder[] {
  return zbarimgPath() ? ['jsqr', 'zxing', 'zbar'] : ['jsqr', 'zxing'];
}

/** Whether a PNG scans as `content` with every decoder under every condition (full, 360 px, JPEG q60). */
export async function scansEverywhere(png: Buffer, content: string, decoders = verifyingDecoders()): Promise<boolean> {
  // The small pictures first: they decode fastest and fail first when anything fails.
  for (const condition of ['small', 'jpeg', 'full'] as ScanCondition[]) {
    const seen = await underCondition(png, condition);
    for (const decoder of decoders) if ((await decodeWith(decoder, seen)) !== content) return false;
  }
  return true;
}

export interface QrArtOptions {
  content: string;
  scene: Buffer;
  shape: Shape;
  strength: number;
  variant: number;
  /** Side of the square picture in px: 1024 (delivered), HD_SIZE for the 2K download. */
  size?: number;
}

export interface QrArtResult {
  png: Buffer;
  /** The picture as framed for this variant (PNG), to measure how recognisable it stays. */
  picture: Buffer;
  style: QrStyle;
  level: Level;
  maskPattern: number;
  /** The strength (0 to 100) the delivered picture was drawn at; 'plain' when it fell back. */
  drawnAt: number | 'plain';
}

/** One QR art picture (PNG) that scans: art when it can, a plain code when no art does. */
export async function renderQrArt(o: QrArtOptions, signal?: AbortSignal): Promise<QrArtResult> {
  const framed = async (side: number) => {
    const rgb = await sharp(o.scene, USER_IMAGE_INPUT)
      .rotate()
      .resize(side, side, { fit: 'cover', position: CROPS[o.variant % CROPS.length] })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer();
    const l = new Float32Array(side * side);
    for (let p = 0; p < side * side; p++) l[p] = luma(rgb[p * 3]!, rgb[p * 3 + 1]!, rgb[p * 3 + 2]!);
    return { rgb, l };
  };
  const side = o.size ?? SIZE;
  // The code (level and mask) is always chosen on the 1024 px framing, so the 2K picture carries
  // the same modules as the delivered one; only the drawing is done at `side`.
  const small = await framed(SIZE);
  const fits = await readableFits(o.content, rankFits(o.content, small.l), o.variant + 1);
  // Variants take the best fits in turn, so every one differs in its modules as well as its style.
  const fit = fits[o.variant % fits.length]!;
  const matrix = matrixOf(o.content, fit.level, fit.maskPattern);
  const style = QR_STYLES[o.variant % QR_STYLES.length]!;
  const { rgb: scene, l: lum } = side === SIZE ? small : await framed(side);
  const { module, origin } = geometryOf(matrix.size, side);
  const base = styled(scene, lum, style, module, origin, side);
  const encode = (rgb: Buffer) => encodeRgb(rgb, side);
  const picture = await encode(scene);
  const done = (png: Buffer, drawnAt: number | 'plain'): QrArtResult => ({
    png,
    picture,
    style,
    level: fit.level,
    maskPattern: fit.maskPattern,
    drawnAt,
  });
  for (let s = o.strength / 100; ; s = Math.min(1, s + 0.25)) {
    if (signal) checkAborted(signal);
    const png = await encode(paint(base, matrix, o.shape, lookAt(s), side));
    if (await scansEverywhere(png, o.content)) return done(png, Math.round(s * 100));
    if (s >= 1) break;
  }
  if (signal) checkAborted(signal);
  // No art scanned: the plain high-contrast code, the most a scanner can ask for.
  return done(await encode(paint(base, matrix, o.shape, PLAIN, side)), 'plain');
}

export async function runQrArt(job: EngineJob<QrArtParams>): Promise<EngineOutput[]> {
  const p = job.params;
  const scene = job.inputs[0]?.buffer ?? (await qrSceneImage(p.scene));
  const outputs: EngineOutput[] = [];
  // A 2K download draws only its own output again, at HD_SIZE (docs/engines.md "Output sizes").
  const variants = job.render ? [job.render.index] : Array.from({ length: p.topN }, (_, i) => i);
  const size = job.render ? Math.max(HD_SIZE, job.render.longSide) : SIZE;
  for (const [i, variant] of variants.entries()) {
    const { png } = await renderQrArt(
      { content: p.content, scene, shape: p.shape, strength: p.strength, variant, size },
      job.signal,
    );
    outputs.push({ buffer: png, contentType: 'image/png', type: 'image', ext: 'png' });
    job.progress(Math.round(((i + 1) / variants.length) * 100));
  }
  return outputs;
}
