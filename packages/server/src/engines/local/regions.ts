import type { Box } from './imaging.ts';

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
  regions: Region[];
}

/** Averages a one-byte mask down to the grid. */
function toGrid(alpha: Uint8Array, width: number, height: number): { grid: Float32Array; gw: number; gh: number } {
  const scale = Math.min(1, GRID / Math.max(width, height));
  const gw = Math.max(1, Math.round(width * scale));
  const gh = Math.max(1, Math.round(height * scale));
  const sum = new Float32Array(gw * gh);
  const count = new Float32Array(gw * gh);
  for (let y = 0; y < height; y++) {
    const gy = Math.min(gh - 1, Math.floor((y * gh) / height));
    for (let x = 0; x < width; x++) {
      const g = gy * gw + Math.min(gw - 1, Math.floor((x * gw) / width));
      sum[g]! += alpha[y * width + x]!;
      count[g]! += 1;
    }
  }
  for (let i = 0; i < sum.length; i++) sum[i] = count[i]! ? sum[i]! / count[i]! : 0;
  return { grid: sum, gw, gh };
}

/** Connected regions (8-connected) of the mask's cells at or above `threshold`. */
export function regionMap(alpha: Uint8Array, width: number, height: number, threshold = 96): RegionMap {
  const { grid, gw, gh } = toGrid(alpha, width, height);
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
    // The region's own cell nearest its centroid: a ring or an L has its centroid outside itself.
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
  return { width, height, gw, gh, labels, regions };
}

/**
 * How much a region counts as the main subject: its size (the geometric mean of its pixels and its
 * box, so a product the model was unsure of, marked sparsely over its whole extent, still counts),
 * its certainty, and its closeness to the centre, which weighs most (shop photos centre the product).
 */
function mainScore(r: Region, map: RegionMap): number {
  const cx = (r.box.left + r.box.width / 2) / map.width - 0.5;
  const cy = (r.box.top + r.box.height / 2) / map.height - 0.5;
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
  const row = new Uint8Array(gw * gh);
  for (let y = 0; y < gh; y++)
    for (let x = 0; x < gw; x++) {
      let v = 0;
      for (let d = -radius; d <= radius && !v; d++) {
        const nx = x + d;
        if (nx >= 0 && nx < gw && on[y * gw + nx]) v = 1;
      }
      row[y * gw + x] = v;
    }
  const out = new Uint8Array(gw * gh);
  for (let y = 0; y < gh; y++)
    for (let x = 0; x < gw; x++) {
      let v = 0;
      for (let d = -radius; d <= radius && !v; d++) {
        const ny = y + d;
        if (ny >= 0 && ny < gh && row[ny * gw + x]) v = 1;
      }
      out[y * gw + x] = v;
    }
  return out;
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
  const out = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    const gy = Math.min(gh - 1, Math.floor((y * gh) / height));
    for (let x = 0; x < width; x++) {
      const g = gy * gw + Math.min(gw - 1, Math.floor((x * gw) / width));
      const l = labels[g]!;
      if (near[g] && (l < 0 || keep.has(l))) out[y * width + x] = alpha[y * width + x]!;
    }
  }
  return out;
}
