import { growMask } from './clean-plate.ts';
import type { Box } from './imaging.ts';
import { MIN_REGION_SHARE } from './regions.ts';

/**
 * What the cut keeps beside the product, listed (issue 44). The cut's rules keep a part with the
 * product when it lies within the product's box (a hanger, a second shoe), and list it as a kept
 * region so one click drops it; but a thing can also come with the product by other ways (a lamp
 * shade the model marked as one area with a shirt, a plant's leaves in specks each too small to list,
 * what a second look kept). Whatever the way, every connected thing the final mask keeps beyond the
 * product's rim that no listed kept region covers is listed here: kept (the default output does not
 * change), with its own alpha, so `drop` takes it out whole.
 */

/** Kept pixels within this share of the picture's long side of the product are its rim, not a thing beside it. */
export const RIM_SHARE = 0.015;

/**
 * A thing is listed when it is no speck (MIN_REGION_SHARE) counted from the product's own pixels,
 * and at least this share of that lies beyond the rim (a lamp's foot half hidden by a bag).
 */
const BEYOND_MIN = 0.25;
/** Another kept thing at least this share of the product's size makes the product's own pixels a listed choice too. */
const RIVAL = 0.25;

export interface KeptPart {
  point: [number, number];
  box: Box;
  share: number;
  /** Its alpha at the cut's size: the cut's own alpha over the part, 0 elsewhere. */
  alpha: Buffer;
}

/**
 * Kept parts of `alpha` (the cut's mask) that lie beyond the rim of `core` (the product's own pixels)
 * and are not already covered by a listed kept region (`covered`: their masks). When the cut keeps
 * another thing nearly as large as the product (a sofa and the mug before it), which of them is the
 * product is the cut's guess: the product's own pixels are then listed too (kept), so either goes in
 * one click.
 */
export function keptBeside(
  alpha: Uint8Array,
  core: Uint8Array,
  covered: ReadonlyArray<Uint8Array>,
  width: number,
  height: number,
): KeptPart[] {
  const n = width * height;
  const rim = Math.max(1, Math.round(Math.max(width, height) * RIM_SHARE));
  const solidCore = new Uint8Array(n);
  let coreCount = 0;
  for (let i = 0; i < n; i++)
    if (core[i]! >= 128) {
      solidCore[i] = 1;
      coreCount++;
    }
  if (coreCount === 0) return [];
  const near = growMask(solidCore, width, height, rim);
  const listed = new Uint8Array(n);
  let rival = 0;
  for (const c of covered) {
    let solid = 0;
    for (let i = 0; i < n; i++)
      if (c[i]! > 0) {
        listed[i] = 1;
        if (c[i]! >= 128) solid++;
      }
    rival = Math.max(rival, solid);
  }
  const beyond = new Uint8Array(n);
  let any = 0;
  for (let i = 0; i < n; i++)
    if (alpha[i]! >= 128 && !near[i] && !listed[i]) {
      beyond[i] = 1;
      any++;
    }
  const parts: KeptPart[] = [];
  const taken = new Uint8Array(n);
  if (any / n >= MIN_REGION_SHARE * BEYOND_MIN) {
    // Specks close together are one thing (a plant's leaves): parts are joined across half a rim.
    const joined = growMask(beyond, width, height, Math.max(1, Math.round(rim / 2)));
    const seen = new Uint8Array(n);
    const stack = new Int32Array(n);
    for (let start = 0; start < n; start++) {
      if (!beyond[start] || seen[start]) continue;
      // One part: the beyond pixels connected through the joined mask.
      const own = new Uint8Array(n);
      let ownCount = 0;
      let top = 0;
      stack[top++] = start;
      seen[start] = 1;
      while (top) {
        const p = stack[--top]!;
        if (beyond[p]) {
          own[p] = 1;
          ownCount++;
        }
        const x = p % width;
        for (const q of [x + 1 < width ? p + 1 : -1, x > 0 ? p - 1 : -1, p + width < n ? p + width : -1, p - width]) {
          if (q < 0 || seen[q] || !joined[q]) continue;
          seen[q] = 1;
          stack[top++] = q;
        }
      }
      if (ownCount / n < MIN_REGION_SHARE * BEYOND_MIN) continue;
      // The part reaches back through the rim to the product's own pixels: a drop takes the whole thing.
      const reach = growMask(own, width, height, rim + 1);
      const region = new Uint8Array(n);
      for (let i = 0; i < n; i++) if (reach[i] && alpha[i]! > 0 && !solidCore[i] && !listed[i] && !taken[i]) region[i] = 1;
      const part = partOf(own, region, alpha, width, height);
      if (part.share < MIN_REGION_SHARE) continue;
      parts.push(part);
      for (let i = 0; i < n; i++) if (region[i]) taken[i] = 1;
      rival = Math.max(rival, part.share * n);
    }
  }
  if (rival >= coreCount * RIVAL) {
    const own = new Uint8Array(n);
    const region = new Uint8Array(n);
    for (let i = 0; i < n; i++)
      if (core[i]! > 0 && alpha[i]! > 0 && !listed[i] && !taken[i]) {
        region[i] = 1;
        if (solidCore[i]) own[i] = 1;
      }
    const part = partOf(own, region, alpha, width, height);
    if (part.share >= MIN_REGION_SHARE) parts.push(part);
  }
  return parts;
}

/** A part: the cut's alpha over `region`, its point the `own` pixel deepest inside (nearest the centre among equals). */
function partOf(own: Uint8Array, region: Uint8Array, alpha: Uint8Array, width: number, height: number): KeptPart {
  const n = width * height;
  const out = Buffer.alloc(n);
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  let count = 0;
  let cx = 0;
  let cy = 0;
  let owned = 0;
  for (let i = 0; i < n; i++) {
    const x = i % width;
    const y = (i - x) / width;
    if (own[i]) {
      cx += x;
      cy += y;
      owned++;
    }
    if (!region[i]) continue;
    out[i] = alpha[i]!;
    count++;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  if (count === 0 || owned === 0) return { point: [0, 0], box: { left: 0, top: 0, width: 1, height: 1 }, share: 0, alpha: out };
  cx /= owned;
  cy /= owned;
  // A chamfer distance inside `own`: a frame's centre lies on the poster it frames, listed on its own.
  const depth = new Float32Array(n);
  for (let i = 0; i < n; i++) depth[i] = own[i] ? Number.POSITIVE_INFINITY : 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!own[i]) continue;
      const up = y > 0 ? depth[i - width]! : 0;
      const left = x > 0 ? depth[i - 1]! : 0;
      depth[i] = Math.min(depth[i]!, up + 1, left + 1);
    }
  let best = -1;
  let bestDepth = -1;
  let bestD = Number.POSITIVE_INFINITY;
  for (let y = height - 1; y >= 0; y--)
    for (let x = width - 1; x >= 0; x--) {
      const i = y * width + x;
      if (!own[i]) continue;
      const down = y + 1 < height ? depth[i + width]! : 0;
      const right = x + 1 < width ? depth[i + 1]! : 0;
      depth[i] = Math.min(depth[i]!, down + 1, right + 1);
      const d = (x - cx) ** 2 + (y - cy) ** 2;
      if (depth[i]! > bestDepth || (depth[i] === bestDepth && d < bestD)) {
        bestDepth = depth[i]!;
        bestD = d;
        best = i;
      }
    }
  return {
    point: [((best % width) + 0.5) / width, (Math.floor(best / width) + 0.5) / height],
    box: { left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1 },
    share: count / n,
    alpha: out,
  };
}

/** Whether a part's alpha holds a point (fractions of the picture) or a pixel next to it. */
export function partHolds(part: { alpha: Uint8Array }, point: readonly [number, number], width: number, height: number): boolean {
  const px = Math.min(width - 1, Math.max(0, Math.floor(point[0] * width)));
  const py = Math.min(height - 1, Math.max(0, Math.floor(point[1] * height)));
  for (let dy = -2; dy <= 2; dy++)
    for (let dx = -2; dx <= 2; dx++) {
      const x = px + dx;
      const y = py + dy;
      if (x >= 0 && y >= 0 && x < width && y < height && part.alpha[y * width + x]! >= 128) return true;
    }
  return false;
}
