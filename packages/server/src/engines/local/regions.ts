import { type Box, flood8, widthWithin } from './imaging.ts';

/**
 * The regions of a segmentation mask (issue 30): the model marks every salient thing in a busy photo
 * (the shirt and both plants beside it). A region is a connected part of the mask, found on a copy of
 * at most `GRID` px so a 2048 px mask costs a few milliseconds. The main subject is the region with
 * the most mask near the centre (its alpha-weighted area times its closeness to the centre), together
 * with every region that touches it (a hanger, a label); the others become one-click choices.
 */
const GRID = 512;
/** Regions smaller than this share of the picture are specks, never offered and never kept. */
export const MIN_REGION_SHARE = 0.003;

export interface Region {
  /** Index in the map's labels. */
  label: number;
  /** Share of the picture, 0..1. */
  share: number;
  /** Mean alpha over the region, 0..1 (how sure the model was). */
  strength: number;
  /** Bounding box in the mask's own pixels. */
  box: Box;
  /** A point inside the region, as fractions of the picture's width and height (stable across sizes). */
  point: [number, number];
}

export interface RegionMap {
  /** The mask's size. */
  width: number;
  height: number;
  /** The grid the labels are on (at most GRID px on the long side). */
  gw: number;
  gh: number;
  /** Label per grid cell, -1 where there is no mask. */
  labels: Int32Array;
  /** The mask averaged on the grid (0..255). */
  grid: Float32Array;
  regions: Region[];
}

/** A grid cell gives a colour (the colour rules) where the model's mask averaged on it is at least this (0..255). */
export const COLOUR_SURE = 200;

/** The pixel at the centre of grid cell `g` (its index in the picture), where the colour rules sample it. */
export function cellPixel({ gw, gh, width, height }: Pick<RegionMap, 'gw' | 'gh' | 'width' | 'height'>, g: number): number {
  const x = g % gw;
  const y = (g - x) / gw;
  return (
    Math.min(height - 1, Math.floor(((y + 0.5) * height) / gh)) * width +
    Math.min(width - 1, Math.floor(((x + 0.5) * width) / gw))
  );
}

/** The grid column of each pixel column (a grid `gw` cells wide over `width` pixels). */
export function gridColumns(width: number, gw: number): Int32Array {
  return Int32Array.from({ length: width }, (_, x) => Math.min(gw - 1, Math.floor((x * gw) / width)));
}

/** Averages a one-byte mask down to the grid. */
function toGrid(alpha: Uint8Array, width: number, height: number): { grid: Float32Array; gw: number; gh: number } {
  const scale = Math.min(1, GRID / Math.max(width, height));
  const gw = Math.max(1, Math.round(width * scale));
  const gh = Math.max(1, Math.round(height * scale));
  const sum = new Float32Array(gw * gh);
  const count = new Float32Array(gw * gh);
  const columns = gridColumns(width, gw);
  for (let y = 0; y < height; y++) {
    const row = Math.min(gh - 1, Math.floor((y * gh) / height)) * gw;
    for (let x = 0; x < width; x++) {
      const g = row + columns[x]!;
      sum[g]! += alpha[y * width + x]!;
      count[g]! += 1;
    }
  }
  for (let i = 0; i < sum.length; i++) sum[i] = count[i]! ? sum[i]! / count[i]! : 0;
  return { grid: sum, gw, gh };
}

/** Connected regions (8-connected) of the mask's cells at or above `threshold`. */
export function regionMap(alpha: Uint8Array, width: number, height: number, threshold = 96): RegionMap {
  return labelGrid(toGrid(alpha, width, height), width, height, threshold);
}

/** The regions of a mask already labelled at another threshold (its grid is reused: no pass over the pixels). */
export const relabel = (map: RegionMap, threshold = 96): RegionMap => labelGrid(map, map.width, map.height, threshold);

function labelGrid(
  { grid, gw, gh }: { grid: Float32Array; gw: number; gh: number },
  width: number,
  height: number,
  threshold: number,
): RegionMap {
  const n = gw * gh;
  const labels = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  const regions: Region[] = [];
  const sx = width / gw;
  const sy = height / gh;
  for (let p = 0; p < n; p++) {
    if (labels[p] !== -1 || grid[p]! < threshold) continue;
    const label = regions.length;
    let top = 0;
    let area = 0;
    let weight = 0;
    let cx = 0;
    let cy = 0;
    let minX = gw;
    let minY = gh;
    let maxX = 0;
    let maxY = 0;
    stack[top++] = p;
    labels[p] = label;
    const cells: number[] = [];
    while (top > 0) {
      const q = stack[--top]!;
      cells.push(q);
      const x = q % gw;
      const y = (q - x) / gw;
      area++;
      weight += grid[q]! / 255;
      cx += x;
      cy += y;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= gw || ny >= gh) continue;
          const r = ny * gw + nx;
          if (labels[r] === -1 && grid[r]! >= threshold) {
            labels[r] = label;
            stack[top++] = r;
          }
        }
    }
    cx /= area;
    cy /= area;
    const best = cellNearest(cells, gw, cx, cy);
    const bx = best % gw;
    regions.push({
      label,
      share: area / n,
      strength: weight / area,
      box: {
        left: Math.floor(minX * sx),
        top: Math.floor(minY * sy),
        width: Math.min(width, Math.ceil((maxX + 1) * sx)) - Math.floor(minX * sx),
        height: Math.min(height, Math.ceil((maxY + 1) * sy)) - Math.floor(minY * sy),
      },
      point: [(bx + 0.5) / gw, ((best - bx) / gw + 0.5) / gh],
    });
  }
  return { width, height, gw, gh, labels, grid, regions };
}

/** A region's statistics from its grid cells. */
export function describe(map: RegionMap, label: number, cells: number[]): Region {
  const { gw, gh, grid, width, height } = map;
  const sx = width / gw;
  const sy = height / gh;
  let minX = gw;
  let minY = gh;
  let maxX = 0;
  let maxY = 0;
  let cx = 0;
  let cy = 0;
  let weight = 0;
  for (const c of cells) {
    const x = c % gw;
    const y = (c - x) / gw;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    cx += x;
    cy += y;
    weight += grid[c]! / 255;
  }
  cx /= cells.length;
  cy /= cells.length;
  const best = cellNearest(cells, gw, cx, cy);
  const bx = best % gw;
  return {
    label,
    share: cells.length / (gw * gh),
    strength: weight / cells.length,
    box: {
      left: Math.floor(minX * sx),
      top: Math.floor(minY * sy),
      width: Math.min(width, Math.ceil((maxX + 1) * sx)) - Math.floor(minX * sx),
      height: Math.min(height, Math.ceil((maxY + 1) * sy)) - Math.floor(minY * sy),
    },
    point: [(bx + 0.5) / gw, ((best - bx) / gw + 0.5) / gh],
  };
}

/** Square erosion of a 0/1 grid by `r` cells (separable min). */
const erode = (on: Uint8Array, gw: number, gh: number, r: number) => square(on, gw, gh, r, true);

/**
 * A 0/1 grid eroded (`all`: every cell within `r` cells on, the grid's outside counting as off) or
 * dilated (any cell within `r` on) by a square, separably, with a running count along each row and
 * then each column: the cost does not grow with the radius.
 */
function square(on: Uint8Array, gw: number, gh: number, r: number, all: boolean): Uint8Array {
  const need = all ? 2 * r + 1 : 1;
  const row = new Uint8Array(gw * gh);
  for (let y = 0; y < gh; y++) {
    const base = y * gw;
    let count = 0;
    for (let x = 0; x < Math.min(r, gw); x++) count += on[base + x]!;
    for (let x = 0; x < gw; x++) {
      if (x + r < gw) count += on[base + x + r]!;
      if (x - r - 1 >= 0) count -= on[base + x - r - 1]!;
      if (count >= need) row[base + x] = 1;
    }
  }
  // Down the columns, all columns at once (row by row, in memory order).
  const out = new Uint8Array(gw * gh);
  const counts = new Int32Array(gw);
  for (let y = 0; y < Math.min(r, gh); y++) for (let x = 0; x < gw; x++) counts[x]! += row[y * gw + x]!;
  for (let y = 0; y < gh; y++) {
    if (y + r < gh) for (let x = 0, i = (y + r) * gw; x < gw; x++, i++) counts[x]! += row[i]!;
    if (y - r - 1 >= 0) for (let x = 0, i = (y - r - 1) * gw; x < gw; x++, i++) counts[x]! -= row[i]!;
    for (let x = 0, i = y * gw; x < gw; x++, i++) if (counts[x]! >= need) out[i] = 1;
  }
  return out;
}

/** Erosion radius as a share of the square root of a region's area (in cells). */
export const SPLIT_NECK = 0.08;
/** A thin part further than this many erosion radii from every core is a part of its own (a rail). */
export const SPLIT_REACH = 3;
/** Cores smaller than this share of the region are not parts (a speck left by the erosion). */
const MIN_CORE_SHARE = 0.02;

/**
 * Splits one region into its parts (issue 44): a plant leaf, a rail or a lamp shade that touches a
 * shirt makes one connected region with it, and keeping "what touches the main subject" kept them.
 * The region is eroded by a radius proportional to its size: what remains are its cores, joined in
 * the region only through necks narrower than twice the radius. Every cell goes to the core it
 * reaches first inside the region (breadth-first, so along the region, never across a gap); thin
 * parts further than SPLIT_REACH radii from every core (a rail running off the picture) become
 * parts of their own. The answer is a map where the region's cells carry new labels, one per part;
 * the other regions keep theirs.
 */
export function splitRegion(map: RegionMap, label: number): { map: RegionMap; parts: Region[] } {
  const { gw, gh } = map;
  const n = gw * gh;
  const region = map.regions.find((r) => r.label === label);
  const cells: number[] = [];
  const on = new Uint8Array(n);
  for (let i = 0; i < n; i++)
    if (map.labels[i] === label) {
      on[i] = 1;
      cells.push(i);
    }
  if (!region || cells.length === 0) return { map, parts: region ? [region] : [] };
  const radius = Math.max(2, Math.round(SPLIT_NECK * Math.sqrt(cells.length)));
  const core = erode(on, gw, gh, radius);
  // Label the cores (8-connected).
  const coreOf = new Int32Array(n).fill(-1);
  const coreCells: number[][] = [];
  for (let p = 0; p < n; p++) {
    if (!core[p] || coreOf[p] !== -1) continue;
    const id = coreCells.length;
    const list: number[] = [];
    const stack = [p];
    coreOf[p] = id;
    while (stack.length) {
      const q = stack.pop()!;
      list.push(q);
      const x = q % gw;
      const y = (q - x) / gw;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= gw || ny >= gh) continue;
          const r = ny * gw + nx;
          if (core[r] && coreOf[r] === -1) {
            coreOf[r] = id;
            stack.push(r);
          }
        }
    }
    coreCells.push(list);
  }
  const kept = coreCells.map((c, i) => (c.length >= cells.length * MIN_CORE_SHARE ? i : -1)).filter((i) => i >= 0);
  if (kept.length <= 1 && cells.length < 4) return { map, parts: [region] };
  // Breadth-first from every kept core at once, inside the region.
  const owner = new Int32Array(n).fill(-1);
  const dist = new Int32Array(n).fill(-1);
  let queue: number[] = [];
  for (const k of kept)
    for (const c of coreCells[k]!) {
      owner[c] = k;
      dist[c] = 0;
      queue.push(c);
    }
  const reach = SPLIT_REACH * radius + radius;
  while (queue.length) {
    const next: number[] = [];
    for (const q of queue) {
      const x = q % gw;
      const y = (q - x) / gw;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= gw || ny >= gh) continue;
          const r = ny * gw + nx;
          if (on[r] && owner[r] === -1 && dist[q]! + 1 <= reach) {
            owner[r] = owner[q]!;
            dist[r] = dist[q]! + 1;
            next.push(r);
          }
        }
    }
    queue = next;
  }
  // Unreached cells: thin parts of their own, by connected component.
  let extra = coreCells.length;
  for (const p of cells) {
    if (owner[p] !== -1) continue;
    owner[p] = extra;
    flood8([p], gw, gh, (r) => {
      if (!on[r] || owner[r] !== -1) return false;
      owner[r] = extra;
      return true;
    });
    extra++;
  }
  const byOwner = new Map<number, number[]>();
  for (const p of cells) {
    const o = owner[p]!;
    const list = byOwner.get(o);
    if (list) list.push(p);
    else byOwner.set(o, [p]);
  }
  if (byOwner.size <= 1) return { map, parts: [region] };
  const labels = Int32Array.from(map.labels);
  let nextLabel = Math.max(...map.regions.map((r) => r.label)) + 1;
  const out: RegionMap = { ...map, labels, regions: map.regions.filter((r) => r.label !== label) };
  const parts: Region[] = [];
  for (const list of byOwner.values()) {
    const l = nextLabel++;
    for (const c of list) labels[c] = l;
    const part = describe(out, l, list);
    parts.push(part);
    out.regions.push(part);
  }
  return { map: out, parts };
}

/** How much of box `a` lies inside box `b`, 0..1. */
export function insideShare(a: Box, b: Box): number {
  const w = widthWithin(a, b);
  const h = Math.max(0, Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top));
  return (w * h) / Math.max(1, a.width * a.height);
}

/** The best part to be the main subject (as `mainRegion` picks among regions). */
export function mainOf(map: RegionMap, candidates: Region[]): Region | null {
  let best: Region | null = null;
  for (const r of candidates) if (!best || mainScore(r, map) > mainScore(best, map)) best = r;
  return best;
}

/** How much more an offset above the middle counts than one below it. */
const ABOVE_WEIGHT = 1.5;

/**
 * How much a region counts as the main subject: its size (the geometric mean of its pixels and its
 * box, so a product the model was unsure of, marked sparsely over its whole extent, still counts),
 * its certainty, and its closeness to the centre, which weighs most (shop photos centre the product).
 */
function mainScore(r: Region, map: RegionMap): number {
  const cx = (r.box.left + r.box.width / 2) / map.width - 0.5;
  // Above the middle counts more than below: products stand on a floor or table or hang at eye level;
  // what sits higher on the wall is decor (a frame, a poster).
  const below = (r.box.top + r.box.height / 2) / map.height - 0.5;
  const cy = below < 0 ? below * ABOVE_WEIGHT : below;
  const off = Math.min(1, Math.hypot(cx, cy) / Math.SQRT1_2);
  const boxShare = (r.box.width * r.box.height) / (map.width * map.height);
  return Math.sqrt(r.share * boxShare * r.strength) * Math.max(0.05, 1 - off) ** 2;
}

/** The main subject's region, or null when the mask is empty. */
export function mainRegion(map: RegionMap): Region | null {
  let best: Region | null = null;
  for (const r of map.regions) if (r.share >= MIN_REGION_SHARE && (!best || mainScore(r, map) > mainScore(best, map))) best = r;
  return best;
}

/** A grid of the given labels, dilated by `radius` cells (separable box max). */
export function labelsMask(map: RegionMap, keep: ReadonlySet<number>, radius: number): Uint8Array {
  const { gw, gh, labels } = map;
  const on = new Uint8Array(gw * gh);
  for (let i = 0; i < on.length; i++) if (labels[i]! >= 0 && keep.has(labels[i]!)) on[i] = 1;
  if (radius <= 0) return on;
  return square(on, gw, gh, radius, false);
}

/** The labels of the main region and of every region touching it (within `gap` grid cells). */
export function mainWithTouching(map: RegionMap, main: Region, gap = 3): Set<number> {
  const near = labelsMask(map, new Set([main.label]), gap);
  const keep = new Set([main.label]);
  for (let i = 0; i < near.length; i++) if (near[i] && map.labels[i]! >= 0) keep.add(map.labels[i]!);
  return keep;
}

/** The grid cell under a point given as fractions of the picture. */
export function cellAt(map: RegionMap, point: readonly [number, number]): number {
  const x = Math.min(map.gw - 1, Math.max(0, Math.floor(point[0] * map.gw)));
  const y = Math.min(map.gh - 1, Math.max(0, Math.floor(point[1] * map.gh)));
  return y * map.gw + x;
}

/**
 * The mask restricted to the kept regions: pixels under a kept region (or within `soft` grid cells
 * of one, for the soft edge) keep their alpha, all others become 0 — a halo, a speck or a dropped
 * region never brings a pixel of the room along.
 */
export function keepOnly(alpha: Uint8Array, map: RegionMap, keep: ReadonlySet<number>, soft = 2): Buffer {
  const near = labelsMask(map, keep, soft);
  const { width, height, gw, gh, labels } = map;
  // Which cells pass, once per cell; then each pixel looks its cell up.
  for (let g = 0; g < near.length; g++) if (near[g] && labels[g]! >= 0 && !keep.has(labels[g]!)) near[g] = 0;
  const columns = gridColumns(width, gw);
  const out = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    const row = Math.min(gh - 1, Math.floor((y * gh) / height)) * gw;
    for (let x = 0; x < width; x++) if (near[row + columns[x]!]) out[y * width + x] = alpha[y * width + x]!;
  }
  return out;
}

/** The region's own cell nearest a point (its centroid): a ring or an L has its centroid outside itself. */
function cellNearest(cells: number[], gw: number, cx: number, cy: number): number {
  let best = cells[0]!;
  let bestD = Number.POSITIVE_INFINITY;
  for (const c of cells) {
    const x = c % gw;
    const d = (x - cx) ** 2 + ((c - x) / gw - cy) ** 2;
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best;
}
