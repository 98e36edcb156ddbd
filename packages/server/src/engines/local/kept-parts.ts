import { growMask } from './clean-plate.ts';
import { srgbToLab } from './image-metrics.ts';
import { type Box, flood4 } from './imaging.ts';
import { leafGreen } from './potted-plant.ts';
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

/** The parts are found on a copy of at most this many pixels on the long side (a 2048 px cut costs a few ms). */
const GRID = 512;

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
  const scale = Math.min(1, GRID / Math.max(width, height));
  const gw = Math.max(1, Math.round(width * scale));
  const gh = Math.max(1, Math.round(height * scale));
  const sample = (src: Uint8Array) => {
    const out = new Uint8Array(gw * gh);
    for (let y = 0; y < gh; y++) {
      const sy = Math.min(height - 1, Math.floor(((y + 0.5) * height) / gh));
      for (let x = 0; x < gw; x++) out[y * gw + x] = src[sy * width + Math.min(width - 1, Math.floor(((x + 0.5) * width) / gw))]!;
    }
    return out;
  };
  const found = partsOnGrid(
    sample(alpha),
    sample(core),
    covered.map(sample),
    gw,
    gh,
    Math.max(1, Math.round(Math.max(width, height) * RIM_SHARE * scale)),
  );
  if (found.parts.length === 0) return [];
  // Back at full size: each pixel of a part's cells, but never the product's own solid pixels in a
  // thing's part, nor a pixel a listed region already takes out.
  const n = width * height;
  const alphas = found.parts.map(() => Buffer.alloc(n));
  const boxes = found.parts.map(() => ({ minX: width, minY: height, maxX: -1, maxY: -1, count: 0 }));
  const gx = Int32Array.from({ length: width }, (_, x) => Math.min(gw - 1, Math.floor((x * gw) / width)));
  for (let y = 0; y < height; y++) {
    const row = Math.min(gh - 1, Math.floor((y * gh) / height)) * gw;
    for (let x = 0; x < width; x++) {
      const k = found.labels[row + gx[x]!]!;
      const i = y * width + x;
      if (k < 0 || alpha[i] === 0) continue;
      if (found.parts[k]!.product ? core[i] === 0 : core[i]! >= 128) continue;
      if (covered.some((c) => c[i]! > 0)) continue;
      alphas[k]![i] = alpha[i]!;
      const b = boxes[k]!;
      b.count++;
      if (x < b.minX) b.minX = x;
      if (x > b.maxX) b.maxX = x;
      if (y < b.minY) b.minY = y;
      if (y > b.maxY) b.maxY = y;
    }
  }
  const parts: KeptPart[] = [];
  found.parts.forEach((p, k) => {
    const b = boxes[k]!;
    if (b.count / n < MIN_REGION_SHARE) return;
    parts.push({
      point: p.point,
      box: { left: b.minX, top: b.minY, width: b.maxX - b.minX + 1, height: b.maxY - b.minY + 1 },
      share: b.count / n,
      alpha: alphas[k]!,
    });
  });
  return parts;
}

/** The parts on the grid: a label per cell (-1: none) and each part's point and whether it is the product's own pixels. */
function partsOnGrid(
  alpha: Uint8Array,
  core: Uint8Array,
  covered: ReadonlyArray<Uint8Array>,
  width: number,
  height: number,
  rim: number,
): { labels: Int32Array; parts: Array<{ point: [number, number]; product: boolean }> } {
  const n = width * height;
  const labels = new Int32Array(n).fill(-1);
  const parts: Array<{ point: [number, number]; product: boolean }> = [];
  const solidCore = new Uint8Array(n);
  let coreCount = 0;
  for (let i = 0; i < n; i++)
    if (core[i]! >= 128) {
      solidCore[i] = 1;
      coreCount++;
    }
  if (coreCount === 0) return { labels, parts };
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
  if (any / n >= MIN_REGION_SHARE * BEYOND_MIN) {
    // Specks close together are one thing (a plant's leaves): parts are joined across half a rim.
    const joined = growMask(beyond, width, height, Math.max(1, Math.round(rim / 2)));
    const seen = new Uint8Array(n);
    for (let start = 0; start < n; start++) {
      if (!beyond[start] || seen[start]) continue;
      // One part: the beyond cells connected through the joined mask.
      const own = new Uint8Array(n);
      let ownCount = 0;
      seen[start] = 1;
      const join = (q: number) => {
        if (seen[q] || !joined[q]) return false;
        seen[q] = 1;
        return true;
      };
      for (const p of flood4(start, width, n, join))
        if (beyond[p]) {
          own[p] = 1;
          ownCount++;
        }
      if (ownCount / n < MIN_REGION_SHARE * BEYOND_MIN) continue;
      // The part reaches back through the rim to the product's own pixels: a drop takes the whole thing.
      const reach = growMask(own, width, height, rim + 1);
      let count = 0;
      const label = parts.length;
      for (let i = 0; i < n; i++)
        if (reach[i] && alpha[i]! > 0 && !solidCore[i] && !listed[i] && labels[i]! < 0) {
          labels[i] = label;
          count++;
        }
      if (count / n < MIN_REGION_SHARE) {
        for (let i = 0; i < n; i++) if (labels[i] === label) labels[i] = -1;
        continue;
      }
      parts.push({ point: deepest(own, width, height), product: false });
      rival = Math.max(rival, count);
    }
  }
  if (rival >= coreCount * RIVAL) {
    const own = new Uint8Array(n);
    const label = parts.length;
    for (let i = 0; i < n; i++)
      if (core[i]! > 0 && alpha[i]! > 0 && !listed[i] && labels[i]! < 0) {
        labels[i] = label;
        if (solidCore[i]) own[i] = 1;
      }
    parts.push({ point: deepest(own, width, height), product: true });
  }
  return { labels, parts };
}

/**
 * The pixel deepest inside a mask (a chamfer distance), nearest its centre among equals, as fractions
 * of the picture: a frame's centre lies on the poster it frames, which may be listed on its own.
 */
function deepest(own: Uint8Array, width: number, height: number): [number, number] {
  const n = width * height;
  let cx = 0;
  let cy = 0;
  let owned = 0;
  const depth = new Float32Array(n);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!own[i]) continue;
      cx += x;
      cy += y;
      owned++;
      depth[i] = Math.min(y > 0 ? depth[i - width]! + 1 : 1, x > 0 ? depth[i - 1]! + 1 : 1);
    }
  cx /= Math.max(1, owned);
  cy /= Math.max(1, owned);
  let best = 0;
  let bestDepth = -1;
  let bestD = Number.POSITIVE_INFINITY;
  for (let y = height - 1; y >= 0; y--)
    for (let x = width - 1; x >= 0; x--) {
      const i = y * width + x;
      if (!own[i]) continue;
      depth[i] = Math.min(depth[i]!, y + 1 < height ? depth[i + width]! + 1 : 1, x + 1 < width ? depth[i + 1]! + 1 : 1);
      const d = (x - cx) ** 2 + (y - cy) ** 2;
      if (depth[i]! > bestDepth || (depth[i] === bestDepth && d < bestD)) {
        bestDepth = depth[i]!;
        bestD = d;
        best = i;
      }
    }
  return [((best % width) + 0.5) / width, (Math.floor(best / width) + 0.5) / height];
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

/** A side piece's top lies at least this share of the product's height below the product's top ... */
const UNDER_STEP = 0.05;
/** ... and it spans at most this share of the product's columns (the product is the rest). */
const UNDER_WIDTH = 0.5;
/** A column of the product's pixels at most this share of its height tall (and low: the step) is a strip on the floor. */
const UNDER_LOW = 0.15;
/** Rows above a column's top looked at for leaves left out: this share of the product's height (a pot's rim is wider than the leaves' foot). */
const LEAVES_REACH = 0.1;
/** The rest's top at the junction is looked for within this share of its columns from the piece. */
const JUNCTION = 0.1;
/** Rows above a column's top looked at for the thing left out. */
const UNDER_REACH = 3;

/** A side piece (`underLeftOut`), with what was seen of it. */
export interface SidePiece extends KeptPart {
  /** Leaves the cut left out lie over it: a plant's pot. */
  underLeaves: boolean;
  /** The rest of the product rises above it at their junction by a step. */
  stepDown: boolean;
}

/**
 * A side piece of the product's own pixels under a thing the cut left out (issue 44, #1022: a dark
 * mug before the pot of a plant of the same grey, the leaves left out, the pot one colour area with
 * the mug). Its columns run from one side of the product, their top lies lower than the product's top
 * (a step: a thing of its own), and straight above that top is what the model marked and the cut left
 * out (`leftOut`: the leaves on the pot), or it is a low strip on the floor (a lamp's foot of the mug's
 * grey beside it, #28, whose pole was left out). A mug's handle has the wall above it, a shoulder of a shirt
 * its hanger (kept). The piece is those columns of the product's pixels, listed kept: one click drops it.
 * Under leaves left out (leaf green straight above, `rgb`), no step is needed: a plant's pot may stand as
 * high as the bag beside it, or higher, its top the leaves' foot (#2206: a cream pot taken with a cream bag).
 */
export function underLeftOut(
  own: Uint8Array,
  leftOut: Uint8Array,
  alpha: Uint8Array,
  width: number,
  height: number,
  rgb?: Uint8Array,
): SidePiece | null {
  const top = new Int32Array(width).fill(-1);
  const bottom = new Int32Array(width).fill(-1);
  let y0 = height;
  let y1 = -1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (own[y * width + x]! >= 128) {
        if (top[x]! < 0) top[x] = y;
        bottom[x] = y;
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
  const columns: number[] = [];
  for (let x = 0; x < width; x++) if (top[x]! >= 0) columns.push(x);
  if (columns.length < 3) return null;
  const step = (y1 - y0 + 1) * UNDER_STEP;
  const leavesReach = (y1 - y0 + 1) * LEAVES_REACH;
  const leavesOver = (x: number, t: number) => {
    if (!rgb) return false;
    for (let k = 1; k <= Math.max(UNDER_REACH, leavesReach) && t - k >= 0; k++) {
      const i = (t - k) * width + x;
      if (leftOut[i] && leafGreen(srgbToLab(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!))) return true;
    }
    return false;
  };
  const under = (x: number) => {
    const t = top[x]!;
    if (t < 0) return false;
    if (leavesOver(x, t)) return true;
    if (t - y0 < step) return false;
    // A low strip along the floor beside the product (a lamp's foot of its dark grey, #28) is apart too.
    if (bottom[x]! - t < (y1 - y0 + 1) * UNDER_LOW) return true;
    for (let k = 1; k <= UNDER_REACH && t - k >= 0; k++) if (leftOut[(t - k) * width + x]) return true;
    return false;
  };
  // The run from either side (columns without product pixels inside it end it). Under leaves it follows
  // one top edge, the pot's: a step in it is the thing standing before the plant (#2174); and that edge
  // goes on past the leaves' foot, up to a column reaching lower (the thing before the pot there).
  let best: number[] = [];
  let underLeaves = false;
  for (const order of [columns, [...columns].reverse()]) {
    const run: number[] = [];
    let leaves = false;
    for (const x of order) {
      const last = run[run.length - 1];
      const level = last !== undefined && Math.abs(top[x]! - top[last]!) < step;
      if (leaves && !level) break;
      if (under(x)) {
        leaves ||= leavesOver(x, top[x]!);
        run.push(x);
      } else if (leaves && bottom[x]! <= bottom[last!]! + UNDER_REACH) run.push(x);
      else break;
    }
    if (run.length > best.length) {
      best = run;
      underLeaves = leaves;
    }
  }
  if (best.length < 2 || best.length > columns.length * UNDER_WIDTH) return null;
  // Whether the rest rises above the piece at their junction by a step (a bag's body beside a lower pot).
  const inner = best[best.length - 1]!;
  const next = columns.filter((x) => (best[0]! < inner ? x > inner : x < inner));
  const nearest =
    best[0]! < inner ? next.slice(0, Math.ceil(next.length * JUNCTION)) : next.slice(-Math.ceil(next.length * JUNCTION));
  const stepDown = nearest.length > 0 && top[inner]! - Math.min(...nearest.map((x) => top[x]!)) >= step;
  // With what the cut keeps beyond the product's own columns on that side, level with it (the rest of
  // the lamp's foot, which another part brought).
  const fromLeft = best[0] === columns[0];
  const x0 = fromLeft ? 0 : Math.min(...best);
  const x1 = fromLeft ? Math.max(...best) : width - 1;
  const first = columns[0]!;
  const last = columns[columns.length - 1]!;
  const out = Buffer.alloc(width * height);
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const i = y * width + x;
      const beyond = x < first || x > last;
      if ((beyond ? alpha[i]! < 128 : own[i]! < 128) || alpha[i] === 0) continue;
      out[i] = alpha[i]!;
    }
  const part = partOf(out, width, height);
  return part && { ...part, underLeaves, stepDown };
}

/** A piece's alpha as a listed part (its box, share and a point inside), or null when it is a speck. */
function partOf(out: Buffer, width: number, height: number): KeptPart | null {
  let count = 0;
  let minX = width;
  let maxX = -1;
  let minY = height;
  let maxY = -1;
  for (let i = 0; i < out.length; i++) {
    if (out[i] === 0) continue;
    const x = i % width;
    const y = (i - x) / width;
    count++;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  if (count / (width * height) < MIN_REGION_SHARE) return null;
  return {
    // A point inside, as every listed part's: the deepest pixel (a click on it drops the piece).
    point: deepest(out, width, height),
    box: { left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1 },
    share: count / (width * height),
    alpha: out,
  };
}

/** A flat thing's columns all start and end within this share of the cut's height of its outer column's. */
const FLAT_LEVEL = 0.03;
/** It spans at least this share of the cut's columns, and at most FLAT_MAX (the product is the rest) ... */
const FLAT_MIN = 0.2;
const FLAT_MAX = 0.6;
/** ... is solid: at least this share of its columns' pixels between its top and bottom are kept ... */
const FLAT_SOLID = 0.95;
/** ... and ends above the rest's foot by at least this share of the cut's height (it hangs on the wall). */
const FLAT_HANGS = 0.1;

/**
 * A flat thing hanging on the wall beside the product, kept with it as one (issue 44, #2235: a poster of
 * a cream page touching a cream jacket's sleeve, the model sure of both as one thing and of one colour).
 * A run of columns from the side of the cut farther from the picture's middle, each starting on one top
 * line and ending on one bottom line (a rectangle: no garment, bag or shoe has a level top and foot across
 * a fifth of its width and more), solid between them, its foot well above the rest's (it hangs, the
 * product beside it reaches lower), is no part of the product: it is those columns of the cut. So is a
 * rail's end reaching past a shirt on its hanger (a flat bar hanging, #1984).
 */
export function flatBeside(alpha: Uint8Array, width: number, height: number): KeptPart | null {
  const top = new Int32Array(width).fill(-1);
  const bottom = new Int32Array(width).fill(-1);
  const count = new Int32Array(width);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (alpha[y * width + x]! >= 128) {
        if (top[x]! < 0) top[x] = y;
        bottom[x] = y;
        count[x]!++;
      }
  const columns: number[] = [];
  for (let x = 0; x < width; x++) if (top[x]! >= 0) columns.push(x);
  if (columns.length < 3) return null;
  const centre = (columns[0]! + columns[columns.length - 1]!) / 2;
  // The side farther from the picture's middle.
  const order = centre < width / 2 ? columns : [...columns].reverse();
  const level = height * FLAT_LEVEL;
  const outer = order[0]!;
  const run: number[] = [];
  for (const x of order) {
    if (Math.abs(top[x]! - top[outer]!) > level || Math.abs(bottom[x]! - bottom[outer]!) > level) break;
    run.push(x);
  }
  if (run.length < columns.length * FLAT_MIN || run.length > columns.length * FLAT_MAX) return null;
  let inside = 0;
  let span = 0;
  for (const x of run) {
    inside += count[x]!;
    span += bottom[x]! - top[x]! + 1;
  }
  if (inside < span * FLAT_SOLID) return null;
  const rest = order.slice(run.length);
  const foot = Math.max(...rest.map((x) => bottom[x]!));
  const flatFoot = Math.max(...run.map((x) => bottom[x]!));
  if (foot - flatFoot < height * FLAT_HANGS) return null;
  const out = Buffer.alloc(width * height);
  const x0 = Math.min(...run);
  const x1 = Math.max(...run);
  for (let y = 0; y < height; y++) for (let x = x0; x <= x1; x++) out[y * width + x] = alpha[y * width + x]!;
  return partOf(out, width, height);
}
