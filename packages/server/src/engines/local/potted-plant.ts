import { srgbToLab } from './image-metrics.ts';
import { COLOUR_SURE, cellPixel, type Region, type RegionMap } from './regions.ts';

/**
 * Leaves before which a product stands (issue 44). The colour split (colour-parts.ts) knows a plant by
 * its pot, a thing of another colour under the leaves; but the model often leaves the pot unmarked or
 * only faintly (a cream pot on a pale wall), and then the leaves, higher and nearer the picture's
 * middle than a bag standing on the floor before them, were taken for the product (#1854: IoU 0.03).
 * A thing that stands before a region of leaf green (within its columns, starting below its top and
 * reaching well below its foot: nearer the camera on the floor) and is no wider than it, is what the
 * picture shows; the green is a plant behind it. A table or a shelf under a green cup is wider than
 * the cup; a sofa behind a green product does not reach lower than it.
 */

/** Leaf green (CIELAB): clearly green (a* at most -15) and not bluish. */
export function leafGreen([, a, b]: readonly [number, number, number]): boolean {
  return a <= -15 && b >= 0;
}

/** At least this share of the leaves' sure cells is leaf green; a thing before them has less. */
export const GREEN_SHARE = 0.6;
/** The thing before the leaves lies within their columns for at least this share of its width ... */
const WITHIN = 0.5;
/** ... starts below their top by this share of their height ... */
const STARTS_BELOW = 0.25;
/** ... and reaches below their foot by this share of their height. */
const REACHES_BELOW = 0.1;

/** The share of a region's sure cells that are leaf green. */
function greenShare(map: RegionMap, region: Region, rgb: Uint8Array): number {
  const { gw, gh, height } = map;
  let sure = 0;
  let green = 0;
  const top = Math.floor((region.box.top * gh) / height);
  const bottom = Math.min(gh, Math.ceil(((region.box.top + region.box.height) * gh) / height));
  for (let y = top; y < bottom; y++)
    for (let x = 0; x < gw; x++) {
      const g = y * gw + x;
      if (map.labels[g] !== region.label || map.grid[g]! < COLOUR_SURE) continue;
      sure++;
      const p = cellPixel(map, g) * 3;
      if (leafGreen(srgbToLab(rgb[p]!, rgb[p + 1]!, rgb[p + 2]!))) green++;
    }
  return sure ? green / sure : 0;
}

/** `leafShare` looks at every this-many-th pixel (a prime, so no column pattern). */
const LEAF_STEP = 7;

/**
 * The share of the pixels `where` picks (every LEAF_STEP-th one looked at) that are leaf green: what a look
 * adds to a product, or what the cut keeps, is a plant's leaves when most of it is.
 */
export function leafShare(rgb: Uint8Array, count: number, where: (i: number) => boolean): number {
  let all = 0;
  let green = 0;
  for (let i = 0; i < count; i += LEAF_STEP) {
    if (!where(i)) continue;
    all++;
    if (leafGreen(srgbToLab(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!))) green++;
  }
  return all ? green / all : 0;
}

/** Whether a region is a plant's leaves: GREEN_SHARE of its sure cells leaf green. */
export const leafy = (map: RegionMap, region: Region, rgb: Uint8Array) => greenShare(map, region, rgb) >= GREEN_SHARE;

/** Whether `front` stands before `leaves`, a region of leaf green (the plant behind the product). */
export function beforeLeaves(map: RegionMap, front: Region, leaves: Region, rgb: Uint8Array): boolean {
  const f = front.box;
  const l = leaves.box;
  const within = Math.min(f.left + f.width, l.left + l.width) - Math.max(f.left, l.left);
  return (
    f.width <= l.width &&
    within >= f.width * WITHIN &&
    f.top >= l.top + l.height * STARTS_BELOW &&
    f.top + f.height >= l.top + l.height * (1 + REACHES_BELOW) &&
    leafy(map, leaves, rgb) &&
    !leafy(map, front, rgb)
  );
}
