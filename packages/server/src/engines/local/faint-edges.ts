import { growMask } from './clean-plate.ts';
import { GC, grabCut } from './grab-cut.ts';
import { alphaBounds, grow } from './imaging.ts';

/** A product the model marked at a mean alpha under this (0..1) has its edges found by colour. */
export const FAINT_EDGES = 0.5;
/** GrabCut looks within the product's box grown by this share of its size on each side (a white skirting line beside it is none of it, #1386). */
const EDGE_GROW = 0.03;
/** What the first look is this sure of (0..255) beside the product is another thing: backdrop. */
const OTHER_SURE = 200;
/** The product's pixels further than this share of its box's long side from its edge are surely it. */
const CORE_DEPTH = 0.03;
/** The colour cut is taken when it keeps at least this share of the product ... */
const KEEPS = 0.85;
/** ... and is at most this many times its size (a cut that spread into a wall of its tone is none). */
const SPREAD_MAX = 1.5;

/**
 * The edges of a product the model only half-saw, found by colour (issue 44, #1727: a beige bag beside a
 * potted plant, marked at 6-150 of 255; the lift kept its body with its top band and the half of its
 * handle nearest the pot left out). Within the product's box grown, GrabCut (grab-cut.ts) parts it from
 * its backdrop: its core is the thing, the rest of what the cut keeps maybe the thing, the other things
 * the first look was sure of (the plant, its pot) and everything outside the box backdrop, the rest of
 * the box maybe backdrop. The parted product replaces the lifted one when it keeps nearly all of it and
 * has not spread (KEEPS, SPREAD_MAX); null otherwise.
 */
export async function faintEdges(
  rgb: Buffer,
  width: number,
  height: number,
  first: Uint8Array,
  alpha: Uint8Array,
): Promise<Buffer | null> {
  const kept = alphaBounds(alpha, width, height, 127);
  if (!kept) return null;
  const box = grow(kept, EDGE_GROW, 0, width, height);
  const product = Uint8Array.from(alpha, (v) => (v >= 128 ? 1 : 0));
  const outside = growMask(
    Uint8Array.from(product, (v) => 1 - v),
    width,
    height,
    Math.max(1, Math.round(Math.max(kept.width, kept.height) * CORE_DEPTH)),
  );
  const seeds = new Uint8Array(width * height).fill(GC.BACKDROP);
  let size = 0;
  for (let y = box.top; y < box.top + box.height; y++)
    for (let x = box.left; x < box.left + box.width; x++) {
      const i = y * width + x;
      if (product[i]) {
        size++;
        seeds[i] = outside[i] ? GC.MAYBE_THING : GC.THING;
      } else seeds[i] = first[i]! >= OTHER_SURE ? GC.BACKDROP : GC.MAYBE_BACKDROP;
    }
  const parted = await grabCut(rgb, width, height, seeds);
  let all = 0;
  let keeps = 0;
  for (let i = 0; i < parted.length; i++)
    if (parted[i]! >= 128) {
      all++;
      if (product[i]) keeps++;
    }
  return keeps >= size * KEEPS && all <= size * SPREAD_MAX ? parted : null;
}
