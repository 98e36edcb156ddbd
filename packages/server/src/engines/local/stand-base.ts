import { GC, grabCut } from './grab-cut.ts';
import { type Lab, labDistance, srgbToLab } from './image-metrics.ts';
import { alphaBounds, flood4 } from './imaging.ts';
import { dimsAlike } from './shadows.ts';

/** A pole: the kept product's lowest rows, each one run at most this share of the product's width wide ... */
const POLE_WIDTH = 0.08;
/** ... over at least this share of its height. */
const POLE_ROWS = 0.03;
/** The base is looked for down to this share of the product's height under the foot, ... */
const BASE_DEPTH = 0.1;
/** ... its pixels within this (CIELAB) of the pole's colour, ... */
const BASE_SAME = 14;
/** ... at least this many times as wide as the pole, ... */
const BASE_WIDER = 3;
/** ... flat (its height at most this share of its width), ... */
const BASE_FLAT = 0.5;
/** ... its middle within this share of its width of the pole's. */
const BASE_CENTRED = 0.2;
/**
 * A shadow dims the floor on every channel alike (shadows.ts `dimsAlike`); under a base the channel ratios
 * may differ this much, looser than the per-pixel test's 0.035 (set on session 32's mannequins; one value
 * for both would change answers and needs a bench run first).
 */
const SHADOW_HUE = 0.06;
/** The floor is sampled this many pixels wide beside and under the base. */
const RING = 4;

/**
 * A stand's base (issue 44, #1668, #1701: a mannequin's dark disc on the floor under its pole, which the
 * model marks at 1-55 of 255, so the cut kept the pole and left the base out). Where the kept product ends
 * in a pole (its lowest rows one narrow run), the pixels of the pole's colour joined to its foot are its
 * base when they end within the product's width and a tenth of its height under the foot (a thing with an
 * edge of its own, not a floor of its colour), are wider than the pole several times, flat, centred under
 * it, and not the floor dimmed (a shadow dims every channel alike: shadows.ts removes those). Returns the
 * alpha with the base made sure (the same buffer when none).
 */
export function standBase(alpha: Uint8Array, rgb: Uint8Array, width: number, height: number): Uint8Array {
  const found = poleOf(alpha, width, height);
  if (!found) return alpha;
  const { kept, left: poleLeft, right: poleRight, rows } = found;
  const bottom = kept.top + kept.height - 1;
  // The pole's colour, over its pixels inside its edges (the edge pixels mix in the wall).
  const x0 = kept.left;
  const x1 = kept.left + kept.width - 1;
  const y0 = Math.max(0, bottom - rows);
  const y1 = Math.min(height - 1, bottom + Math.round(kept.height * BASE_DEPTH));
  const labAt = (i: number): Lab => srgbToLab(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!);
  const pole: Lab = [0, 0, 0];
  let np = 0;
  for (let y = bottom - rows + 1; y <= bottom; y++)
    for (let x = poleLeft + 1; x < poleRight; x++) {
      const i = y * width + x;
      if (alpha[i]! < 128 || alpha[i - 1]! < 128 || alpha[i + 1]! < 128) continue;
      const c = labAt(i);
      for (let k = 0; k < 3; k++) pole[k]! += c[k]!;
      np++;
    }
  if (!np) return alpha;
  for (let k = 0; k < 3; k++) pole[k]! /= np;
  // The base: joined to the foot, of the pole's colour, within where it is looked for (a grid of its own).
  const bw = x1 - x0 + 1;
  const cells = bw * (y1 - y0 + 1);
  const pixel = (q: number) => (y0 + Math.floor(q / bw)) * width + x0 + (q % bw);
  const claimed = new Uint8Array(cells);
  const joins = (q: number) => {
    if (claimed[q]) return false;
    claimed[q] = 1;
    const i = pixel(q);
    return alpha[i]! < 128 && labDistance(labAt(i), pole) <= BASE_SAME;
  };
  const base = new Uint8Array(width * height);
  let n = 0;
  let left = width;
  let right = -1;
  let top = height;
  let low = -1;
  for (let x = poleLeft; x <= poleRight && bottom + 1 <= y1; x++) {
    const start = (bottom + 1 - y0) * bw + x - x0;
    if (!joins(start)) continue;
    for (const q of flood4(start, bw, cells, joins)) {
      const px = x0 + (q % bw);
      const py = y0 + Math.floor(q / bw);
      base[pixel(q)] = 1;
      n++;
      left = Math.min(left, px);
      right = Math.max(right, px);
      top = Math.min(top, py);
      low = Math.max(low, py);
    }
  }
  // A thing with its own edge: it ends within where it is looked for (a floor of the pole's colour does not).
  if (!n || left <= x0 || right >= x1 || low >= y1) return alpha;
  const w = right - left + 1;
  const middle = (left + right) / 2 - (poleLeft + poleRight) / 2;
  if (w < (poleRight - poleLeft + 1) * BASE_WIDER || low - top + 1 > w * BASE_FLAT || Math.abs(middle) > w * BASE_CENTRED)
    return alpha;
  if (dimmedFloor(base, alpha, rgb, width, height, { left, top, right, low })) return alpha;
  const out = Uint8Array.from(alpha);
  for (let i = 0; i < base.length; i++) if (base[i]) out[i] = 255;
  return out;
}

/**
 * The pole the kept product ends in: its lowest rows each one run at most POLE_WIDTH of its width wide,
 * over at least POLE_ROWS of its height, above a base it kept within `baseShare` of its height (none by
 * default: a base kept already is wider). Its columns and rows; null when the product ends in none.
 */
function poleOf(alpha: Uint8Array, width: number, height: number, baseShare = 0) {
  const kept = alphaBounds(alpha, width, height, 127);
  if (!kept) return null;
  const bottom = kept.top + kept.height - 1;
  const poleMax = Math.max(2, kept.width * POLE_WIDTH);
  let left = width;
  let right = -1;
  let rows = 0;
  for (let y = bottom; y >= kept.top; y--) {
    let l = -1;
    let r = -1;
    let runs = 0;
    for (let x = kept.left; x < kept.left + kept.width; x++) {
      const on = alpha[y * width + x]! >= 128;
      if (on && (x === kept.left || alpha[y * width + x - 1]! < 128)) runs++;
      if (on) {
        if (l < 0) l = x;
        r = x;
      }
    }
    if (runs !== 1 || r - l + 1 > poleMax) {
      // Under the pole, a base the cut kept (its narrow lowest rows no pole).
      if (rows < kept.height * POLE_ROWS && bottom - y < kept.height * baseShare) {
        rows = 0;
        left = width;
        right = -1;
        continue;
      }
      break;
    }
    left = Math.min(left, l);
    right = Math.max(right, r);
    rows++;
  }
  return rows >= kept.height * POLE_ROWS ? { kept, left, right, rows } : null;
}

/**
 * Whether the base is the floor round it dimmed on every channel alike (a shadow, not a thing), the floor
 * taken beside and under its lower half (a disc on the floor line has the wall beside its upper half).
 */
function dimmedFloor(
  base: Uint8Array,
  alpha: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  b: { left: number; top: number; right: number; low: number },
): boolean {
  const inner = [0, 0, 0];
  const ring = [0, 0, 0];
  let ni = 0;
  let nr = 0;
  for (let y = Math.round((b.top + b.low) / 2); y <= Math.min(height - 1, b.low + RING); y++)
    for (let x = Math.max(0, b.left - RING); x <= Math.min(width - 1, b.right + RING); x++) {
      const i = y * width + x;
      if (alpha[i]! >= 128) continue;
      const into = base[i] ? inner : ring;
      for (let k = 0; k < 3; k++) into[k]! += rgb[i * 3 + k]!;
      if (base[i]) ni++;
      else nr++;
    }
  if (!ni || !nr) return false;
  const ratios = [0, 1, 2].map((k) => (inner[k]! / ni + 2) / (ring[k]! / nr + 2));
  const mean = (ratios[0]! + ratios[1]! + ratios[2]!) / 3;
  return dimsAlike(ratios, mean, SHADOW_HUE);
}

/** A head is looked for up to this share of the product's height above its top, ... */
const HEAD_ABOVE = 0.2;
/** ... within this share of its width either side of the stand's axis. */
const HEAD_ASIDE = 0.25;
/** The column over the axis this share of the product's width either side may be the head. */
const HEAD_COLUMN = 0.1;
/** A head is at most this share of the product's width wide ... */
const HEAD_WIDTH = 0.4;
/** ... and at least this many pole widths. */
const HEAD_MIN = 2;
/** Its middle lies within this share of its width of the axis. */
const HEAD_CENTRED = 0.25;

/**
 * A mannequin's head over the garment (issue 44, #1701, #1668: a pale head on a pale wall the model marks
 * at 0-40 of 255). On a product that stands on a pole (`poleOf`), the window above the product's top at the
 * stand's axis is parted by colour (GrabCut): the column over the axis maybe the thing, the window's sides
 * and top and the product itself backdrop, the rest maybe backdrop. A head is as wide on either side of the
 * axis, so only what has its mirror image across it counts (a light patch of wall beside the head has none,
 * #1636); the largest such piece over the axis is the head when it ends within the window, is at most
 * HEAD_WIDTH of the product's width and centred on the axis. Returns the alpha with the head made sure (the
 * same buffer when none).
 */
export async function standHead(alpha: Uint8Array, rgb: Buffer, width: number, height: number): Promise<Uint8Array> {
  const pole = poleOf(alpha, width, height, BASE_DEPTH);
  if (!pole) return alpha;
  const { kept } = pole;
  const axis = Math.round((pole.left + pole.right) / 2);
  let top = kept.top;
  while (top < kept.top + kept.height && alpha[top * width + axis]! < 128) top++;
  const x0 = Math.max(0, Math.round(axis - kept.width * HEAD_ASIDE));
  const x1 = Math.min(width - 1, Math.round(axis + kept.width * HEAD_ASIDE));
  const y0 = Math.max(0, Math.round(kept.top - kept.height * HEAD_ABOVE));
  const y1 = Math.min(height - 1, top + 2);
  const cw = x1 - x0 + 1;
  const ch = y1 - y0 + 1;
  if (ch < 8) return alpha;
  const crop = Buffer.alloc(cw * ch * 3);
  for (let y = 0; y < ch; y++) rgb.copy(crop, y * cw * 3, ((y0 + y) * width + x0) * 3, ((y0 + y) * width + x1 + 1) * 3);
  const seeds = new Uint8Array(cw * ch).fill(GC.MAYBE_BACKDROP);
  const column = kept.width * HEAD_COLUMN;
  for (let y = 0; y < ch; y++)
    for (let x = 0; x < cw; x++) {
      const i = (y0 + y) * width + x0 + x;
      if (x < 2 || x >= cw - 2 || y < 2 || alpha[i]! >= 128) seeds[y * cw + x] = GC.BACKDROP;
      else if (Math.abs(x0 + x - axis) <= column) seeds[y * cw + x] = GC.MAYBE_THING;
    }
  const parted = await grabCut(crop, cw, ch, seeds);
  // A head is as wide on either side of the axis: what has no mirror image across it is the wall's.
  const ax = axis - x0;
  const on = (x: number, y: number) => x >= 0 && x < cw && parted[y * cw + x]! >= 128 && alpha[(y0 + y) * width + x0 + x]! < 128;
  const even = new Uint8Array(cw * ch);
  for (let y = 0; y < ch; y++) for (let x = 0; x < cw; x++) if (on(x, y) && on(2 * ax - x, y)) even[y * cw + x] = 1;
  // The largest piece over the axis.
  const claimed = new Uint8Array(cw * ch);
  const joins = (q: number) => {
    if (claimed[q] || !even[q]) return false;
    claimed[q] = 1;
    return true;
  };
  let head: number[] = [];
  for (let y = 0; y < ch; y++) {
    const start = y * cw + ax;
    if (!joins(start)) continue;
    const piece = flood4(start, cw, cw * ch, joins);
    if (piece.length > head.length) head = piece;
  }
  const n = head.length;
  let left = cw;
  let right = -1;
  let high = ch;
  for (const q of head) {
    left = Math.min(left, q % cw);
    right = Math.max(right, q % cw);
    high = Math.min(high, Math.floor(q / cw));
  }
  const w = right - left + 1;
  if (!n || left <= 2 || right >= cw - 3 || high <= 2) return alpha;
  if (w > kept.width * HEAD_WIDTH || w < (pole.right - pole.left + 1) * HEAD_MIN) return alpha;
  if (Math.abs(x0 + (left + right) / 2 - axis) > w * HEAD_CENTRED) return alpha;
  const out = Uint8Array.from(alpha);
  for (const q of head) out[(y0 + Math.floor(q / cw)) * width + x0 + (q % cw)] = 255;
  return out;
}
