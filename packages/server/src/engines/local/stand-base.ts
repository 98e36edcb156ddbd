import { type Lab, labDistance, srgbToLab } from './image-metrics.ts';
import { alphaBounds } from './imaging.ts';

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
/** A shadow dims the floor on every channel alike: channel ratios this close, and at least this dim, are one. */
const SHADOW_HUE = 0.06;
const SHADOW_MIN = 0.45;
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
  // The base: joined to the foot, of the pole's colour, within where it is looked for.
  const base = new Uint8Array(width * height);
  const stack: number[] = [];
  for (let x = poleLeft; x <= poleRight; x++) stack.push((bottom + 1) * width + x);
  let n = 0;
  let left = width;
  let right = -1;
  let top = height;
  let low = -1;
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % width;
    const y = (i - x) / width;
    if (x < x0 || x > x1 || y < y0 || y > y1 || base[i] || alpha[i]! >= 128) continue;
    if (labDistance(labAt(i), pole) > BASE_SAME) continue;
    base[i] = 1;
    n++;
    left = Math.min(left, x);
    right = Math.max(right, x);
    top = Math.min(top, y);
    low = Math.max(low, y);
    stack.push(i - 1, i + 1, i - width, i + width);
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
 * over at least POLE_ROWS of its height (a base it kept already is wider). Its columns and rows; null
 * when the product ends in none.
 */
function poleOf(alpha: Uint8Array, width: number, height: number) {
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
    if (runs !== 1 || r - l + 1 > poleMax) break;
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
  return mean >= SHADOW_MIN && Math.max(...ratios) - Math.min(...ratios) <= SHADOW_HUE * Math.max(0.5, mean);
}
