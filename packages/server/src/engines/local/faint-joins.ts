import { type Lab, labDistance, srgbToLab } from './image-metrics.ts';
import { flood4 } from './imaging.ts';
import { insideShare, MIN_REGION_SHARE, type RegionMap, regionMap, relabel } from './regions.ts';

/** The model is sure of a pixel at this alpha (0..255). */
const SURE = 128;
/** It marked a pixel at least faintly at this alpha: a pale bottle's neck between its cap and its body. */
const FAINT = 40;
/** A piece is within the product's width when this share of its width lies in the product's columns ... */
const WITHIN = 0.8;
/** ... it is at most this share of the product's size ... */
const PIECE_MAX = 0.25;
/** ... and no further above or below it than this share of the product's height. */
const GAP_MAX = 0.5;
/** Every row between them is marked at least faintly over this share of the piece's width. */
const NECK = 0.5;

/**
 * A piece of a pale product the model was sure of apart from the rest, joined to it by what it marked
 * only faintly (issue 44, session 21: a pale bottle's dark cap above its body, the neck between at
 * 60-100, #1235; the cut kept the body and left the cap out as a region of its own). Such a piece,
 * within the product's width, much smaller, above or below it, with every row between marked at least
 * faintly over half its width, is the product's, and so are those faint rows (within the piece's columns
 * and the product's): the alpha with them added at full strength. A lamp's shade is not within the
 * product's width, a shelf's board is wider than it, a frame above a sofa is joined by no marks.
 * `firstMap` is the first look's regions at any threshold (relabelled here, no pass over its pixels).
 */
export function joinedByTraces(alpha: Buffer, first: Uint8Array, firstMap: RegionMap, width: number, height: number): Buffer {
  const keptMap = regionMap(alpha, width, height, SURE);
  const product = keptMap.regions.reduce<(typeof keptMap.regions)[number] | null>(
    (a, r) => (!a || r.share > a.share ? r : a),
    null,
  );
  if (!product) return alpha;
  const own = product.box;
  let out: Buffer | null = null;
  for (const r of relabel(firstMap, SURE).regions) {
    if (r.share < MIN_REGION_SHARE / 2 || r.share > product.share * PIECE_MAX) continue;
    const columns = { ...r.box, top: own.top, height: own.height };
    if (insideShare(columns, own) < WITHIN) continue;
    // Above or below the product, not on it.
    const above = r.box.top + r.box.height <= own.top;
    const below = r.box.top >= own.top + own.height;
    if (!above && !below) continue;
    const from = above ? r.box.top + r.box.height : own.top + own.height;
    const to = above ? own.top : r.box.top;
    if (to - from > own.height * GAP_MAX) continue;
    // Already kept: nothing to join.
    let kept = 0;
    for (let y = r.box.top; y < r.box.top + r.box.height; y++)
      for (let x = r.box.left; x < r.box.left + r.box.width; x++) if (alpha[y * width + x]! >= SURE) kept++;
    if (kept) continue;
    const left = Math.max(r.box.left, own.left);
    const right = Math.min(r.box.left + r.box.width, own.left + own.width);
    let neck = true;
    for (let y = from; y < to && neck; y++) {
      let marked = 0;
      for (let x = left; x < right; x++) if (first[y * width + x]! >= FAINT) marked++;
      if (marked < r.box.width * NECK) neck = false;
    }
    if (!neck) continue;
    out ??= Buffer.from(alpha);
    for (let y = r.box.top; y < r.box.top + r.box.height; y++)
      for (let x = r.box.left; x < r.box.left + r.box.width; x++) {
        const i = y * width + x;
        if (first[i]! >= SURE) out[i] = Math.max(out[i]!, first[i]!);
      }
    for (let y = from; y < to; y++)
      for (let x = left; x < right; x++) {
        const i = y * width + x;
        if (first[i]! >= FAINT) out[i] = 255;
      }
  }
  return out ?? alpha;
}

/** The model is all but certain of a pixel at this alpha: a product's core. */
const CERTAIN = 224;
/** A plateau is what the model marked from this alpha up to CERTAIN: a thing it half-believes. */
const PLATEAU_LOW = 96;
/** The product has a core when this share of what the cut keeps is CERTAIN. */
const CORE_SHARE = 0.6;
/** A plateau is another thing when at least this share of the kept product's size of it lies outside the cut. */
const PLATEAU_OUTSIDE = 0.5;
/** A plateau within the cut, of at least this share of the product's size ... */
const SEEN_THROUGH = 0.005;
/** ... within this of such a thing's colour (CIELAB), is that thing seen through the product. */
const SAME_THING = 10;

/**
 * A thing behind the product marked at a lower level (issue 44, session 21: a sofa behind a bag the model
 * marked at 100-220 where the bag is at 240-255, #1241, #1208): the cut keeps the sofa where it meets the
 * bag and through its handle at 128 and more. When what the cut keeps has a certain core (CORE_SHARE of it
 * at CERTAIN) and a plateau of the first look (PLATEAU_LOW to CERTAIN, 4-connected) runs from the kept
 * pixels far outside them (PLATEAU_OUTSIDE of the product's size), that plateau's kept pixels are the
 * thing's and go out. A pale product the model marked at the plateau's level has no certain core and
 * keeps them; a product's soft rim meeting the plateau goes with it (a pixel or two).
 */
export function lowerPlateau(alpha: Buffer, first: Uint8Array, rgb: Uint8Array, width: number): Buffer {
  let kept = 0;
  let core = 0;
  for (let i = 0; i < alpha.length; i++)
    if (alpha[i]! >= SURE) {
      kept++;
      if (first[i]! >= CERTAIN) core++;
    }
  if (!kept || core < kept * CORE_SHARE) return alpha;
  const onPlateau = (i: number) => first[i]! >= PLATEAU_LOW && first[i]! < CERTAIN;
  const seen = new Uint8Array(alpha.length);
  const things: Array<{ pixels: number[]; lab: Lab }> = [];
  const enclosed: Array<{ pixels: number[]; lab: Lab }> = [];
  for (let p = 0; p < alpha.length; p++) {
    if (seen[p] || alpha[p]! < SURE || !onPlateau(p)) continue;
    seen[p] = 1;
    const pixels = flood4(p, width, alpha.length, (n) => {
      if (seen[n] || !onPlateau(n)) return false;
      seen[n] = 1;
      return true;
    });
    let outside = 0;
    let r = 0;
    let g = 0;
    let b = 0;
    for (const q of pixels) {
      if (alpha[q]! < SURE) outside++;
      r += rgb[q * 3]!;
      g += rgb[q * 3 + 1]!;
      b += rgb[q * 3 + 2]!;
    }
    const lab = srgbToLab(r / pixels.length, g / pixels.length, b / pixels.length);
    if (outside >= kept * PLATEAU_OUTSIDE) things.push({ pixels, lab });
    else if (!outside && pixels.length >= kept * SEEN_THROUGH) enclosed.push({ pixels, lab });
  }
  if (!things.length) return alpha;
  const out = Buffer.from(alpha);
  for (const t of things) for (const q of t.pixels) out[q] = 0;
  // The same thing seen through the product (the sofa inside a bag's handle): enclosed, of its colour.
  for (const e of enclosed) if (things.some((t) => labDistance(t.lab, e.lab) <= SAME_THING)) for (const q of e.pixels) out[q] = 0;
  return out;
}
