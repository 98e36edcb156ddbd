import sharp from 'sharp';
import { fillHole, growMask } from './clean-plate.ts';
import { GC, grabCut } from './grab-cut.ts';
import { labDistance, srgbToLab } from './image-metrics.ts';
import { type Box, cutByEdge, grow, overlaps, union } from './imaging.ts';
import { GREEN_SHARE, leafShare } from './potted-plant.ts';
import {
  cellAt,
  insideShare,
  keepOnly,
  MIN_REGION_SHARE,
  mainRegion,
  type Region,
  type RegionMap,
  regionMap,
  relabel,
  splitRegion,
} from './regions.ts';
import { type RgbImage, segment } from './segmenter.ts';

/** What the first look marked at least this faintly (0..255, on the regions' grid), where the cut keeps nothing, is a candidate. */
const FAINT_ALPHA = 6;
/** A candidate is faint when the first look's mean alpha over it (where the cut keeps nothing) is below this (0..1). */
const FAINT_MAX = 0.75;
/** A candidate counts when at least this share of the kept product's size ... */
const CANDIDATE_MIN = 0.5;
/** ... and at least this share of the picture. */
const CANDIDATE_MIN_SHARE = 0.01;
/** The crop is the candidate's box grown by this share of its size on each side ... */
const CROP_GROW = 0.25;
/** ... and this share of the picture's. */
const CROP_FRAME = 0.03;
/** A crop narrower than this share of the picture's width (after leaving a kept thing aside out) shows too little. */
const CROP_MIN_WIDTH = 0.1;
/** A crop larger than this share of the picture shows the model nothing new. */
const CROP_MAX_SHARE = 0.6;
/** The crop's subject is clearly marked when its mean alpha is at least this (0..1). */
const SURE = 0.75;
/** ... and its box lies at least this share within the candidate's box (grown a tenth). */
const ON_CANDIDATE = 0.8;
/** The kept product lies in the crop's subject when at least this share of it is under it (and the subject is larger). */
const HOLDS = 0.6;
/**
 * A crop's subject that holds the kept product, reaches past both its sides by this share of the long
 * side and ends higher than its foot beyond it (further than this from it) is a thing behind it.
 */
const IN_FRONT_RIM = 0.015;
/** A thing of its own has less than this share of its pixels on the kept product. */
const APART = 0.3;
/** A piece of the crop smaller than this share of its product ... */
const PIECE_MAX = 0.25;
/** ... lying this share within the product's box grown by PIECE_GROW, and within its width, is kept with it. */
const PIECE_INSIDE = 0.6;
const PIECE_GROW = 0.2;
/** A product further than this from the middle line (share of the width) is aside. */
const ASIDE = 0.15;
/** The first look is sure of a pixel at this alpha (0..255): what it is sure of is no overlooked product. */
const SURE_ALPHA = 128;
/** What the first look marked at least this faintly (0..255, on the regions' grid) away from what it was sure of is a trace of a thing beside. */
const TRACE_ALPHA = 2;
/** Traces of a thing beside, over a box at least this share of the kept product's size, ... */
const BESIDE_MIN = 0.25;
/** ... nearer the middle line than the kept one by at least this share of the width, are looked at. */
const NEARER = 0.1;
/** A trace lying this share within the kept product's box is more likely its own than a thing beside. */
const ON_KEPT = 0.5;
/** The crop of a thing beside is its traces' box grown by this share of its size on each side (traces cover part of it). */
const BESIDE_GROW = 0.4;
/** A kept product whose short side is under this share of its long side is a sliver (a lamp's pole). */
const SLIVER = 0.2;
/** The middle a sliver's look sees: this share of the width in from each side ... */
const MIDDLE_SIDE = 0.2;
/** ... and this share of the height from the top and the bottom. */
const MIDDLE_END = 0.1;

/** What the cut keeps was barely seen when the look it came from marked it at a mean alpha under this (0..1). */
const WEAK = 0.6;
/** The contrast look stretches each channel's distance from its median this many times. */
const STRETCH = 4;

export interface CropLook {
  /** The product's alpha at the picture's size (the crop's mask placed back, everything else 0). */
  alpha: Buffer;
  /** The crop's subject, in the picture's pixels. */
  region: Region;
  /** Whether the new product holds the old one (a whole dress where the cut kept one stripe). */
  holds: boolean;
}

/**
 * A third look (issue 44): when the first look marked something only faintly where the cut keeps
 * nothing (a bag beside the bright plant the model preferred, a striped dress of which it kept a
 * stripe), the model looks again at that candidate alone, cropped with a margin, where it is the
 * obvious subject. The crop's mask replaces the cut's product when the model marks its subject
 * clearly, on the candidate, not cut by the crop's edge, and either it holds the product the cut kept
 * (the cut had a detail of it) or the kept product is off the middle line and the new one nearer it by a
 * tenth of the width (NEARER).
 * When there is no such candidate and the model left only traces of a thing nearer the middle line
 * than the sure one the cut keeps (`besideFor`), everything it was sure of is filled out of the
 * picture and the model looks at the traces' box. When neither finds a better product and what the
 * cut keeps is a sliver aside (a lamp's pole: the model left the product beside it unmarked, not even
 * in traces), it looks at the middle of the picture with everything it was sure of filled out
 * (`paintedFor`).
 * When none of these finds a product (issue 44, session 18): a cut the look it came from barely saw
 * (`sureness` under WEAK: a beige dress on a beige mottled wall) is looked at on the whole picture
 * contrast-stretched (`stretched`); a cut that keeps a thing aside (a sofa beside a white dress the
 * model never marks on a pale mottled wall) is looked at on the middle strip as a negative, where the
 * pale product is a dark one. Each is one model run, and its product is taken by the same rules.
 * Where the model is blind even so (issue 44, session 30), colour decides (GrabCut, grab-cut.ts): the
 * middle beside a thing kept aside (`partedFromBackdrop`), or the body under a small flat thing kept or
 * found on the middle line, a hanger (`blindBody`).
 * Null when no candidate needs it (no model run) or the crop's answer is not clearly better.
 */
export async function cropLook(
  image: RgbImage,
  first: Uint8Array,
  kept: Uint8Array,
  cache: boolean,
  /** The first look's regions as the cut labelled them (any threshold): their grid is reused. */
  firstMap: RegionMap,
  /** How sure the look the cut came from was of what it keeps: its mean alpha there (0..1). */
  sureness = 1,
  /** What the cut left out as a thing standing behind the product (the colour split's depth order). */
  behind?: Uint8Array,
): Promise<CropLook | null> {
  const found = await lookAgain(image, first, kept, cache, firstMap, sureness, behind);
  // A small flat thing on the middle line with nothing under it, kept or found (a hanger whose white dress
  // the model does not mark on a pale mottled wall): the body hanging from it is parted from the backdrop.
  const product = keptBox(found ? found.alpha : kept, image.width, image.height);
  if (product && flat(product)) return (await blindBody(image, first, found ? found.alpha : kept, product)) ?? found;
  return found;
}

async function lookAgain(
  image: RgbImage,
  first: Uint8Array,
  kept: Uint8Array,
  cache: boolean,
  firstMap: RegionMap,
  sureness: number,
  behind: Uint8Array | undefined,
): Promise<CropLook | null> {
  const { width, height } = image;
  const product = keptBox(kept, width, height);
  if (!product) return null;
  // A product that holds the kept one is no larger product when what it adds is mostly a thing the cut
  // found standing behind it (a plant's leaves behind a mug, marked sure with it in the crop, #1055): the
  // depth order stands, as it does for every rule of the cut.
  // Nor when what it adds is mostly a thing of another colour the first look was sure of apart from what
  // the cut keeps (a plant's leaves beside a bag the cut keeps whole, #1386; a bag's flap band of its own
  // colour, darker, is the bag's, #1529): the model saw that thing as its own.
  const sureApart = Uint8Array.from(first, (v, i) => (v >= SURE_ALPHA && kept[i]! < 128 ? 255 : 0));
  // Nor when it adds a little of another colour beside it (`addsThingBeside`: a sofa's end by a bag, #1945).
  const taken = (found: CropLook | null) =>
    found &&
    !(
      found.holds &&
      (addsThingBeside(image, found.alpha, kept, product) ||
        (behind && addsBehind(found.alpha, kept, behind)) ||
        addsThingApart(image, sureApart, found.alpha, kept))
    )
      ? found
      : null;
  for (const crop of looksFor(first, kept, product, width, height)) {
    const found = taken(await lookAt(image, crop, first, kept, product, cache, firstMap));
    if (found) return found;
  }
  if (sureness < WEAK) {
    // The model barely saw what the cut keeps (a beige dress on a beige mottled wall): it looks again at
    // the picture with its contrast stretched, where the product stands out of its backdrop.
    const whole = { left: 0, top: 0, width, height };
    const part = await segment({ width, height, rgb: stretched(image.rgb) }, { cache });
    const found = taken(pickFromCrop(part, { candidate: whole, box: whole }, kept, product, width, height, true));
    if (found) return found;
  }
  if (offMiddle(product, width) > ASIDE) {
    // The cut keeps a thing aside and the model saw nothing nearer the middle (a white dress on a pale
    // mottled wall beside a sofa): it looks at the middle as a negative, where a pale product is a dark one.
    const box = middleBox(width, height);
    const rgb = await sharp(image.rgb, { raw: { width, height, channels: 3 } })
      .extract(box)
      .negate()
      .raw()
      .toBuffer();
    const part = await segment({ width: box.width, height: box.height, rgb }, { cache });
    const found = taken(pickFromCrop(part, { candidate: box, box }, kept, product, width, height));
    if (found) return found;
    // Blind to it as a negative too (a white shirt on a pale mottled wall beside a plant): the middle is
    // parted from the backdrop by colour, everything the model was sure of counted as backdrop.
    const parted = taken(await partedFromBackdrop(image, first, kept, product));
    if (parted) return parted;
  }
  // The cut keeps a plant's leaves (the model saw them, not the bag or mug standing with them): the
  // leaves are filled out of the picture and the model looks again (`plantLook`).
  return leafShare(image.rgb, kept.length, (i) => kept[i]! >= 128) >= GREEN_SHARE
    ? plantLook(image, first, kept, product, cache)
    : null;
}

/**
 * Whether what the cut keeps (`kept`, its box `box`) is a sliver: its middle thickness across its long side
 * (the median over that side's rows or columns) under SLIVER of that side. A floor lamp's pole stays one
 * though its foot widens its box (#2208: a pole of 10 px in a box 115 px wide, 442 tall).
 */
export function sliver(kept: Uint8Array, box: Box, width: number): boolean {
  const tall = box.height >= box.width;
  const long = tall ? box.height : box.width;
  const across = tall ? box.width : box.height;
  const thickness: number[] = [];
  for (let a = 0; a < long; a++) {
    let n = 0;
    for (let b = 0; b < across; b++) {
      const i = tall ? (box.top + a) * width + box.left + b : (box.top + b) * width + box.left + a;
      if (kept[i]! >= 128) n++;
    }
    if (n > 0) thickness.push(n);
  }
  thickness.sort((p, q) => p - q);
  return thickness.length > 0 && thickness[Math.floor(thickness.length / 2)]! < long * SLIVER;
}

/** A kept thing whose height is under this share of its width is flat (a hanger: 0.31). */
const FLAT = 0.4;
const flat = (box: Box) => box.height < box.width * FLAT;
/** ... and small: what is kept is at most this share of the picture (a hanger: 0.3 %; a pair of shoes is no detail). */
const FLAT_MAX_SHARE = 0.02;

/** A body under a flat thing counts when at least this many times its size ... */
const BODY_OF_FLAT = 4;
/** ... and the first look marked it at a mean alpha under this (0..1): blind to it, not unsure of it. */
const BLIND = 0.1;
/** The flat thing the body hangs from is kept within the body's columns grown by this share of its width. */
const HUNG_BEYOND = 0.15;

/** A thing parted from the backdrop by colour counts when at least this share of the kept product's size. */
const PARTED_MIN = 0.5;

/**
 * The middle of the picture parted from its backdrop by colour (GrabCut, grab-cut.ts), for a product the
 * model does not mark at all (issue 44: a white shirt under its hanger on a pale mottled wall, marked at
 * 0-2 of 255, beside a plant the cut kept; #1345, #1600). What lies outside the middle and everything the
 * model was sure of (grown, as `sureHole`) is backdrop; the rest of the middle may be the thing. Its
 * answer is taken by `pickFromCrop`'s rules (a thing of its own nearer the middle line than the one kept
 * aside, not cut by the middle's sides) when it is at least PARTED_MIN of the kept product's size.
 */
async function partedFromBackdrop(image: RgbImage, first: Uint8Array, kept: Uint8Array, product: Box): Promise<CropLook | null> {
  const { width, height } = image;
  const box = middleBox(width, height);
  const alpha = await grabCut(image.rgb, width, height, middleSeeds(first, box, width, height));
  const part = Buffer.alloc(box.width * box.height);
  for (let y = 0; y < box.height; y++)
    alpha.copy(part, y * box.width, (box.top + y) * width + box.left, (box.top + y) * width + box.left + box.width);
  const found = pickFromCrop(part, { candidate: box, box }, kept, product, width, height);
  return found && found.region.share * width * height >= sureCount(kept) * PARTED_MIN ? found : null;
}

/** A thing found with a plant's leaves filled out counts when at least this share of the leaves' size, ... */
const PLANT_THING_MIN = 0.25;
/** ... at most this share of its box within the leaves' box, ... */
const PLANT_INSIDE_MAX = 0.5;
/** ... and its box reaching into the leaves' columns grown by this share of their width on each side. */
const PLANT_NEAR = 0.25;

/**
 * The product standing with a plant whose leaves are what the cut keeps (issue 44, plant-beside: the
 * model marked the leaves sure and the bag before or beside the pot not at all, #1950, #1791). When no
 * look before found a product, the leaves (what the cut keeps, grown as `sureHole`) are filled out of the
 * picture and the model looks at the whole picture again: a thing of its own it now marks clearly
 * (`pickFromCrop` with `plant`: little of the leaves under it, sure, not cut by the picture's edge),
 * standing with the plant (`withPlant`), not leaf green and at least PLANT_THING_MIN of the leaves' size,
 * is the product, when the first look was sure of at most LEFT_SURE of it (it overlooked it: a thing it saw
 * was left out by the cut's rules, a poster beside a green striped hoodie, #1786); the leaves are left out
 * and offered (one click keeps them). A plant alone (a florist's
 * photo) has nothing with it to find, and stays; so does a green product (a bag, a bottle: leaf green
 * too) with nothing standing at its foot.
 */
async function plantLook(
  image: RgbImage,
  first: Uint8Array,
  kept: Uint8Array,
  product: Box,
  cache: boolean,
): Promise<CropLook | null> {
  const { width, height } = image;
  const whole = { left: 0, top: 0, width, height };
  const hole = sureHole(kept, width, height);
  const source = await fillHole(image.rgb, width, height, hole);
  const part = await segment({ width, height, rgb: source }, { cache });
  const found = pickFromCrop(part, { candidate: whole, box: whole, hole, plant: true }, kept, product, width, height);
  if (!found || found.region.share * width * height < sureCount(kept) * PLANT_THING_MIN) return null;
  if (!withPlant(found.region.box, product)) return null;
  // The fill's ghost of the leaves, joined to the thing, is none of it.
  const alpha = Buffer.from(found.alpha);
  for (let i = 0; i < kept.length; i++) if (kept[i]! >= 128) alpha[i] = 0;
  // Only a thing the model overlooked: one the first look was sure of was left out by the cut's rules (a poster
  // beside a green striped hoodie, #1786). The ghost, where the first look was sure of the leaves, is not counted
  // (#2174: a box before the plant's pot, joined to the ghost, at 13 % with it).
  if (sureShare(alpha, first) > LEFT_SURE) return null;
  return leafShare(image.rgb, alpha.length, (i) => alpha[i]! >= 128) < GREEN_SHARE ? { ...found, alpha } : null;
}

/** A thing narrower than the leaves with at least this share of its width within their columns is their pot. */
const POT_WITHIN = 0.9;

/**
 * Whether a thing's box stands with a plant's leaves (`leaves` their box): mostly outside it, beside or
 * before them (reaching into their columns grown by PLANT_NEAR of their width) and down to a lower foot,
 * and no pot of theirs (POT_WITHIN: #1600, the dark pot under leaves the cut kept, where a white shirt
 * hung beside them). A thing on the wall far from a green bag, a poster beside a green product ending
 * higher, or the fill's ghost of a green bottle in its own place is not either.
 */
export function withPlant(box: Box, leaves: Box): boolean {
  const reach = leaves.width * PLANT_NEAR;
  // The plant's own pot: narrower than its leaves and under them, nearly all within their columns.
  const within = Math.min(box.left + box.width, leaves.left + leaves.width) - Math.max(box.left, leaves.left);
  const pot = box.width < leaves.width && within >= box.width * POT_WITHIN;
  return (
    !pot &&
    insideShare(box, leaves) <= PLANT_INSIDE_MAX &&
    box.left <= leaves.left + leaves.width + reach &&
    box.left + box.width >= leaves.left - reach &&
    box.top + box.height > leaves.top + leaves.height
  );
}

/** The share of what `alpha` marks (128 and more) that the first look was sure of (SURE_ALPHA). */
export function sureShare(alpha: Uint8Array, first: Uint8Array): number {
  let all = 0;
  let sure = 0;
  for (let i = 0; i < alpha.length; i++)
    if (alpha[i]! >= 128) {
      all++;
      if (first[i]! >= SURE_ALPHA) sure++;
    }
  return all ? sure / all : 0;
}

function sureCount(alpha: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < alpha.length; i++) if (alpha[i]! >= 128) n++;
  return n;
}

/** Seeds for GrabCut: outside `box` and what the first look was sure of (grown) is backdrop, the rest of `box` may be the thing. */
function middleSeeds(first: Uint8Array, box: Box, width: number, height: number): Uint8Array {
  const hole = sureHole(first, width, height);
  const seeds = new Uint8Array(width * height).fill(GC.BACKDROP);
  for (let y = box.top; y < box.top + box.height; y++)
    for (let x = box.left; x < box.left + box.width; x++) {
      const i = y * width + x;
      if (!hole[i]) seeds[i] = GC.MAYBE_THING;
    }
  return seeds;
}

/**
 * The body hanging from a small flat thing on the middle line that the model does not mark at all (issue
 * 44, #1345: a white dress under its hanger on a pale mottled wall, marked at 0-2 of 255; the cut kept the
 * hanger). The middle is parted from its backdrop by colour (GrabCut) with the flat thing as the thing;
 * the largest piece apart from it is its body when it is BODY_OF_FLAT times its size or more, the first
 * look blind to it (mean alpha under BLIND), hanging from it (its top within its rows or at most its height
 * under them, its middle within its width) and not cut by the middle's sides. Null otherwise (no GrabCut
 * when the flat thing is aside or larger than FLAT_MAX_SHARE).
 */
async function blindBody(image: RgbImage, first: Uint8Array, kept: Uint8Array, product: Box): Promise<CropLook | null> {
  const { width, height } = image;
  if (offMiddle(product, width) > ASIDE) return null;
  const box = middleBox(width, height);
  const keptAll = sureCount(kept);
  if (keptAll > width * height * FLAT_MAX_SHARE) return null;
  const seeds = middleSeeds(first, box, width, height);
  for (let i = 0; i < kept.length; i++) if (kept[i]! >= 128) seeds[i] = GC.THING;
  const parted = await grabCut(image.rgb, width, height, seeds);
  for (let i = 0; i < parted.length; i++) if (kept[i]! >= 128) parted[i] = 0;
  const map = regionMap(parted, width, height);
  // The largest piece that hangs from the flat thing, is not cut by the middle's sides and was not seen by the first look.
  let body: { region: Region; own: Buffer } | null = null;
  for (const r of map.regions) {
    if (r.share * width * height < keptAll * BODY_OF_FLAT || (body && r.share <= body.region.share)) continue;
    const middle = r.box.left + r.box.width / 2;
    const hangs =
      middle >= product.left &&
      middle <= product.left + product.width &&
      r.box.top >= product.top &&
      r.box.top <= product.top + product.height * 2;
    if (!hangs || cutByEdge(r.box, box, width, height)) continue;
    const own = keepOnly(parted, map, new Set([r.label]));
    let seen = 0;
    let all = 0;
    for (let i = 0; i < own.length; i++)
      if (own[i]! >= 128) {
        all++;
        seen += first[i]!;
      }
    if (all && seen / all / 255 < BLIND) body = { region: r, own };
  }
  if (!body) return null;
  return { alpha: withFlatThing(body.own, kept, body.region.box, width), region: body.region, holds: true };
}

/**
 * A body (`own`, its box `body`) with the flat thing it hangs from (`kept`): only what of that thing lies
 * within the body's columns grown by HUNG_BEYOND of its width. What reaches beyond the body's sides is what
 * the thing hangs on (a rail through the hanger's hook, issue 44, #2048: the rail was kept with the dress).
 */
export function withFlatThing(own: Uint8Array, kept: Uint8Array, body: Box, width: number): Buffer {
  const reach = body.width * HUNG_BEYOND;
  const alpha = Buffer.from(own);
  for (let i = 0; i < alpha.length; i++) {
    const x = i % width;
    if (x >= body.left - reach && x < body.left + body.width + reach) alpha[i] = Math.max(alpha[i]!, kept[i]!);
  }
  return alpha;
}

/** What a new product adds is a thing apart when its colour is this far (CIELAB) from the kept product's. */
const APART_COLOUR = 20;

/**
 * Whether most of what `alpha` adds to the kept product is what the first look was sure of (SURE_ALPHA) apart
 * from it (`sure`, 255 there) and of another colour than the kept product (APART_COLOUR): a thing the model saw
 * as its own.
 */
function addsThingApart(image: RgbImage, sure: Uint8Array, alpha: Uint8Array, kept: Uint8Array): boolean {
  return addsBehind(alpha, kept, sure) && addsOtherColour(image, kept, (i) => alpha[i]! >= 128 && sure[i]! > 0);
}

/**
 * Whether the mean colour of what `added` picks beyond the kept product is APART_COLOUR or more (CIELAB)
 * from the kept product's mean colour. False when either is empty.
 */
function addsOtherColour(image: RgbImage, kept: Uint8Array, added: (i: number) => boolean): boolean {
  const sums = [0, 0, 0, 0, 0, 0];
  let na = 0;
  let no = 0;
  for (let i = 0; i < kept.length; i++) {
    const isKept = kept[i]! >= 128;
    if (!isKept && !added(i)) continue;
    const at = isKept ? 3 : 0;
    for (let k = 0; k < 3; k++) sums[at + k]! += image.rgb[i * 3 + k]!;
    if (isKept) no++;
    else na++;
  }
  if (!na || !no) return false;
  const addedLab = srgbToLab(sums[0]! / na, sums[1]! / na, sums[2]! / na);
  const keptLab = srgbToLab(sums[3]! / no, sums[4]! / no, sums[5]! / no);
  return labDistance(addedLab, keptLab) >= APART_COLOUR;
}

/** What a new product adds beside the kept one is a thing beside it when under this share of the kept product's size ... */
const BESIDE_ADDS_MAX = 0.5;
/** ... and at least this share of it lies beside the kept product's columns (grown by IN_FRONT_RIM). */
const BESIDE_COLUMNS = 0.5;

/**
 * Whether what `alpha` adds to the kept product (`product` its box) is a thing beside it (issue 44, #1945:
 * the end of a green sofa left of a black bag, which the crop's look marked sure with the bag): little of
 * it (BESIDE_ADDS_MAX of the kept size), mostly beside the kept product's columns (BESIDE_COLUMNS), and
 * of another colour (APART_COLOUR). A larger product round a kept detail adds more (a dress round its
 * stripe); a sole or a handle adds within the product's columns; a second shoe is of its colour.
 */
export function addsThingBeside(image: RgbImage, alpha: Uint8Array, kept: Uint8Array, product: Box): boolean {
  const { width, height } = image;
  const rim = Math.max(1, Math.round(Math.max(width, height) * IN_FRONT_RIM));
  let na = 0;
  let no = 0;
  let beside = 0;
  for (let i = 0; i < alpha.length; i++) {
    if (kept[i]! >= 128) {
      no++;
      continue;
    }
    if (alpha[i]! < 128) continue;
    na++;
    const x = i % width;
    if (x < product.left - rim || x >= product.left + product.width + rim) beside++;
  }
  if (!na || !no || na >= no * BESIDE_ADDS_MAX || beside < na * BESIDE_COLUMNS) return false;
  return addsOtherColour(image, kept, (i) => alpha[i]! >= 128);
}

/** A new product adds a thing behind when more than this share of what it adds to the kept one lies on it. */
const ADDS_BEHIND = 0.5;

/** Whether more than `share` (ADDS_BEHIND) of what `alpha` adds to the kept product lies on `behind`. */
export function addsBehind(alpha: Uint8Array, kept: Uint8Array, behind: Uint8Array, share = ADDS_BEHIND): boolean {
  let added = 0;
  let on = 0;
  for (let i = 0; i < alpha.length; i++)
    if (alpha[i]! >= 128 && kept[i]! < 128) {
      added++;
      if (behind[i]! >= 128) on++;
    }
  return on > added * share;
}

/** A half-seen body adds at most this share on what the colour split found standing behind the product. */
const BODY_ON_BEHIND = 0.25;
/** What the first look marked at least this faintly (0..255) is a trace of something it half-saw. */
const BODY_TRACE = 4;
/** Traces joined to the kept product, beyond its rim, over at least this share of its size are a body it half-saw. */
const BODY_MIN = 0.25;
/** The negative's product adds at least this share of the kept product's size (a rim's few pixels are no body). */
const ADDS = 0.1;
/** At most this share of them lies on another thing the first look was sure of (a plant the cut left out). */
const LEFT_SURE = 0.1;
/** The new product's pixels beyond the kept one lie on the first look's faint traces at least this share. */
const ON_TRACES = 0.5;

/**
 * After the looks above (`cutout.ts`): a pale product the model half-saw joined to a thing it was sure of (issue 44, session 21: white
 * trousers on a pale mottled wall under the dark hanger it kept, #1274; a pale bottle's shoulders and
 * cap above the label it kept, #1235). The first look left traces of the body (alpha 4 and more where
 * the wall has none) joined to what the cut keeps: the model looks at that box as a negative, where the
 * pale body is a dark one on a darker-grey wall and stands out. Its product is taken when it holds the
 * kept one (`pickFromCrop`) and what it adds lies on the traces: the model's own faint marks say where
 * the body is, the negative gives it its edges. One model run, only when such traces are there.
 */
export async function halfSeenBody(
  image: RgbImage,
  first: Uint8Array,
  firstMap: RegionMap,
  kept: Uint8Array,
  cache: boolean,
  behindMask?: Uint8Array,
): Promise<CropLook | null> {
  const { width, height } = image;
  const product = keptBox(kept, width, height);
  if (!product) return null;
  const traces = relabel(firstMap, BODY_TRACE);
  const rim = Math.max(1, Math.round(Math.max(width, height) * IN_FRONT_RIM));
  const keptSure = new Uint8Array(width * height);
  let keptAll = 0;
  for (let i = 0; i < keptSure.length; i++)
    if (kept[i]! >= 128) {
      keptSure[i] = 1;
      keptAll++;
    }
  if (!keptAll) return null;
  // The traces' regions that hold kept pixels, and how much of them lies beyond the kept product's rim.
  const near = growMask(keptSure, width, height, rim);
  const holding = new Set<number>();
  const sureMap = relabel(firstMap, SURE_ALPHA);
  const sureHolding = new Set<number>();
  for (let i = 0; i < keptSure.length; i++)
    if (keptSure[i]) {
      const l = labelAt(traces, i);
      if (l >= 0) holding.add(l);
      const s = labelAt(sureMap, i);
      if (s >= 0) sureHolding.add(s);
    }
  if (!holding.size) return null;
  const body = keepOnly(first, traces, holding);
  let beyond = 0;
  for (let i = 0; i < body.length; i++) if (body[i]! >= BODY_TRACE && body[i]! < SURE_ALPHA && !near[i]) beyond++;
  if (beyond < keptAll * BODY_MIN) return null;
  let traced: Box | null = null;
  for (const r of traces.regions) if (holding.has(r.label)) traced = traced ? union(traced, r.box) : r.box;
  const crop = grow(traced!, CROP_GROW, CROP_FRAME, width, height);
  if ((crop.width * crop.height) / (width * height) > CROP_MAX_SHARE) return null;
  const rgb = await sharp(image.rgb, { raw: { width, height, channels: 3 } })
    .extract(crop)
    .negate()
    .raw()
    .toBuffer();
  const part = await segment({ width: crop.width, height: crop.height, rgb }, { cache });
  // What the negative shows sure (a paler leg stays above half), the region holding the kept product.
  const partMap = regionMap(part, crop.width, crop.height, SURE_ALPHA);
  let best: Region | null = null;
  let bestUnder = 0;
  for (const r of partMap.regions) {
    if (cutByEdge(shift(r.box, crop), crop, width, height)) continue;
    let under = 0;
    for (let y = 0; y < crop.height; y++)
      for (let x = 0; x < crop.width; x++)
        if (keptSure[(crop.top + y) * width + crop.left + x] && labelAt(partMap, y * crop.width + x) === r.label) under++;
    if (under > bestUnder) {
      best = r;
      bestUnder = under;
    }
  }
  if (!best || bestUnder < keptAll * HOLDS) return null;
  const own = keepOnly(part, partMap, new Set([best.label]));
  const alpha = Buffer.alloc(width * height);
  let added = 0;
  let onTraces = 0;
  let leftSure = 0;
  let bottom = -1;
  for (let y = 0; y < crop.height; y++)
    for (let x = 0; x < crop.width; x++) {
      const i = (crop.top + y) * width + crop.left + x;
      // Lifted to the region's own level (a pale leg the negative marked at 180 is as much the product),
      // and what the cut kept stays (the hanger's hook above the trousers).
      const a = own[y * crop.width + x]!;
      alpha[i] = Math.max(kept[i]!, Math.min(255, Math.round(a / best.strength)));
      if (a < 128 || keptSure[i]) continue;
      added++;
      if (first[i]! >= SURE_ALPHA) {
        // On another thing the first look was sure of, not on the kept product's own.
        const l = labelAt(sureMap, i);
        if (l >= 0 && !sureHolding.has(l)) leftSure++;
      } else if (first[i]! >= BODY_TRACE) onTraces++;
      if (!near[i]) bottom = crop.top + y;
    }
  const box = shift(best.box, crop);
  // Seen either side of the kept product and ending higher: a thing behind it (a sofa behind a bag), no body of it.
  const behind =
    bottom >= 0 &&
    bottom + rim < product.top + product.height &&
    box.left + rim < product.left &&
    box.left + box.width > product.left + product.width + rim;
  // A thing the first look was sure of and the cut left out (a plant beside a bag) was left out by a rule: no body of the product.
  if (behind || added < keptAll * ADDS || onTraces < added * ON_TRACES || leftSure > added * LEFT_SURE) return null;
  // What the colour split found standing behind the product is no body of it (a pale sofa behind a bag, #1529).
  // The split sees only what the look it came from was sure of (the sofa's side left of the bag): a
  // quarter of what the body adds lying on it is already that thing.
  if (behindMask && addsBehind(alpha, kept, behindMask, BODY_ON_BEHIND)) return null;
  const region: Region = {
    ...best,
    box,
    share: (best.share * crop.width * crop.height) / (width * height),
    point: [(best.point[0] * crop.width + crop.left) / width, (best.point[1] * crop.height + crop.top) / height],
  };
  return { alpha, region, holds: true };
}

/** The label of a map's region at pixel `i` of its picture (-1: none). */
const labelAt = (map: RegionMap, i: number): number => {
  const x = i % map.width;
  return map.labels[cellAt(map, [(x + 0.5) / map.width, ((i - x) / map.width + 0.5) / map.height])]!;
};

/**
 * The middle strip, where shops put the product: MIDDLE_SIDE of the width in from each side, the whole
 * height (a tenth off the top cut the hanger, so the dress touched the crop's edge and was not taken).
 */
function middleBox(width: number, height: number): Box {
  return {
    left: Math.round(width * MIDDLE_SIDE),
    top: 0,
    width: Math.round(width * (1 - 2 * MIDDLE_SIDE)),
    height,
  };
}

/**
 * The picture with each channel's distance from its median STRETCH times larger (clipped): a product
 * of nearly its backdrop's colour (the backdrop is most of the picture, so near the median) is then
 * clearly lighter or darker than it.
 */
export function stretched(rgb: Buffer): Buffer {
  const out = Buffer.alloc(rgb.length);
  const n = rgb.length / 3;
  for (let c = 0; c < 3; c++) {
    const counts = new Uint32Array(256);
    for (let i = c; i < rgb.length; i += 3) counts[rgb[i]!]!++;
    let median = 0;
    for (let seen = 0; median < 255; median++) {
      seen += counts[median]!;
      if (seen >= n / 2) break;
    }
    for (let i = c; i < rgb.length; i += 3) out[i] = Math.max(0, Math.min(255, Math.round((rgb[i]! - median) * STRETCH + 128)));
  }
  return out;
}

/**
 * The looks the third look takes, in order, until one finds a better product: the faint candidate
 * (`cropFor`); the traces nearer the middle line with everything sure filled out (`besideFor`), also
 * when the faint candidate's look found nothing (its crop, cut at the inner side of a plant kept aside,
 * halved the bag standing before the plant's pot); the middle with everything sure filled out when the
 * cut keeps a sliver aside (`paintedFor`). Each is one model run; none when the list is empty.
 */
export function looksFor(first: Uint8Array, kept: Uint8Array, product: Box, width: number, height: number): Crop[] {
  return [
    cropFor(first, kept, product, width, height),
    besideFor(first, kept, product, width, height),
    paintedFor(first, kept, product, width, height),
  ].filter((c): c is Crop => c !== null);
}

/** The model's look at a crop (things filled out of the picture first), and the product picked from it. */
async function lookAt(
  image: RgbImage,
  crop: Crop,
  first: Uint8Array,
  kept: Uint8Array,
  product: Box,
  cache: boolean,
  firstMap: RegionMap,
): Promise<CropLook | null> {
  const { width, height } = image;
  // A sure thing off the middle line that the cut does not keep (a bright plant beside a faint bag) is
  // taken out of the picture first (filled from around it): in the crop the bag is then the subject.
  const sureMap = relabel(firstMap);
  const others = new Set<number>();
  for (const r of sureMap.regions) {
    if (r.share < MIN_REGION_SHARE || r.strength < SURE || offMiddle(r.box, width) <= ASIDE || !overlaps(r.box, crop.box))
      continue;
    let inKept = 0;
    let all = 0;
    for (let y = r.box.top; y < r.box.top + r.box.height; y++)
      for (let x = r.box.left; x < r.box.left + r.box.width; x++) {
        const i = y * width + x;
        if (first[i]! < 128) continue;
        all++;
        if (kept[i]! >= 128) inKept++;
      }
    if (inKept < all * APART) others.add(r.label);
  }
  let source = image.rgb;
  if (crop.hole) source = await fillHole(image.rgb, width, height, crop.hole);
  else if (others.size) {
    const hole = growMask(keepOnly(first, sureMap, others), width, height, Math.round(Math.max(width, height) / 100));
    source = await fillHole(image.rgb, width, height, hole);
  }
  const rgb = await sharp(source, { raw: { width, height, channels: 3 } })
    .extract(crop.box)
    .raw()
    .toBuffer();
  const part = await segment({ width: crop.box.width, height: crop.box.height, rgb }, { cache });
  return pickFromCrop(part, crop, kept, product, width, height);
}

/** Where the third look looks: the faint candidate's box and the box grown (the crop), or null. */
export interface Crop {
  candidate: Box;
  box: Box;
  /**
   * A faint thing beside what the first look was sure of (`besideFor`): everything the first look
   * was sure of, grown, to be filled out of the picture before the model looks at the crop.
   */
  hole?: Uint8Array;
  /** What the cut keeps is a plant's leaves (`plantLook`): any thing of its own the crop shows is a product. */
  plant?: boolean;
}

/**
 * The candidate: the best-scoring region (as `mainRegion` scores) of what the first look marked at
 * FAINT_ALPHA or more, the kept product counted in, with at least CANDIDATE_MIN of the kept product's
 * size outside it, and faint there (mean alpha below FAINT_MAX). The crop
 * is its box grown, less the kept product when that is aside. Null when there is none or the crop
 * would show the model most of the picture again (no model run then).
 */
export function cropFor(first: Uint8Array, kept: Uint8Array, product: Box, width: number, height: number): Crop | null {
  const area = width * height;
  // What the cut keeps counts as marked, so a faint dress either side of a kept stripe is one candidate.
  let keptAll = 0;
  const marked = Buffer.alloc(area);
  for (let i = 0; i < area; i++) {
    if (kept[i]! >= 128) keptAll++;
    marked[i] = kept[i]! >= 128 ? Math.max(first[i]!, FAINT_ALPHA) : first[i]!;
  }
  const map = regionMap(marked, width, height, FAINT_ALPHA);
  // Each region's share the cut does not keep.
  const rest = new Float64Array(map.regions.length);
  const restAlpha = new Float64Array(map.regions.length);
  for (let y = 0; y < height; y++) {
    const gy = Math.min(map.gh - 1, Math.floor((y * map.gh) / height));
    for (let x = 0; x < width; x++) {
      const l = map.labels[gy * map.gw + Math.min(map.gw - 1, Math.floor((x * map.gw) / width))]!;
      if (l >= 0 && kept[y * width + x]! < 128) {
        rest[l]! += 1 / area;
        restAlpha[l]! += first[y * width + x]! / 255 / area;
      }
    }
  }
  const least = Math.max(CANDIDATE_MIN_SHARE, (keptAll / area) * CANDIDATE_MIN);
  // Faint (the model was unsure of it): a sure thing beside the product is a choice, not a product
  // the model overlooked, and a sure sofa under a kept mug is the model's answer (looking again at
  // such ones lost the product in held-out scenes: a shoe of a pair, a sofa for the mug).
  const faint = (r: Region) => restAlpha[r.label]! < rest[r.label]! * FAINT_MAX;
  const candidate = mainRegion({ ...map, regions: map.regions.filter((r) => rest[r.label]! >= least && faint(r)) });
  if (!candidate) return null;
  let box = grow(candidate.box, CROP_GROW, CROP_FRAME, width, height);
  // A kept product aside (a bright plant at the edge) is left out of the crop, so the thing beside it
  // is the crop's subject: the crop starts a frame's margin inside the product's inner side.
  const margin = Math.round(width * CROP_FRAME);
  if (offMiddle(product, width) > ASIDE) {
    const right = box.left + box.width;
    if (product.left + product.width / 2 < width / 2) {
      const left = Math.max(box.left, product.left + product.width - margin);
      box = { ...box, left, width: right - left };
    } else box = { ...box, width: Math.min(right, product.left + margin) - box.left };
  }
  if (box.width < width * CROP_MIN_WIDTH) return null;
  if ((box.width * box.height) / area > CROP_MAX_SHARE) return null;
  return { candidate: candidate.box, box };
}

/**
 * A product the first look barely marked beside the sure thing the cut keeps (a dress faint beside a
 * poster of a person, a dark mug beside a floor lamp whose foot it touches): when `cropFor` has no
 * candidate, the traces the first look left away from everything it was sure of (alpha TRACE_ALPHA
 * or more, outside its sure pixels grown by 1 % of the long side) that lie NEARER the middle line than
 * the kept product and mostly off its box: the best-scoring one (as `mainRegion` scores) with the
 * traces near it, over a box at least BESIDE_MIN of the kept product's size and CANDIDATE_MIN_SHARE of
 * the picture. Everything sure is filled out of the picture (`hole`) before the model looks at the
 * crop (the box grown by BESIDE_GROW), so what was overlooked is the subject there. Null when there is
 * none (no model run).
 */
export function besideFor(first: Uint8Array, kept: Uint8Array, product: Box, width: number, height: number): Crop | null {
  const area = width * height;
  const keptAll = sureCount(kept);
  const hole = sureHole(first, width, height);
  const faint = new Uint8Array(area);
  for (let i = 0; i < area; i++) faint[i] = hole[i] ? 0 : first[i]!;
  const map = regionMap(faint, width, height, TRACE_ALPHA);
  const beside = (r: Region) =>
    r.share >= MIN_REGION_SHARE &&
    offMiddle(r.box, width) + NEARER <= offMiddle(product, width) &&
    insideShare(r.box, product) < ON_KEPT;
  const traces = map.regions.filter(beside);
  const best = mainRegion({ ...map, regions: traces });
  if (!best) return null;
  // The model may mark an overlooked bag only in pieces (its handle, a patch of its body): the pieces
  // near the best one are one candidate.
  const reach = grow(best.box, CROP_GROW, 0, width, height);
  let candidate = best.box;
  for (const r of traces) if (overlaps(r.box, reach)) candidate = union(candidate, r.box);
  if ((candidate.width * candidate.height) / area < Math.max(CANDIDATE_MIN_SHARE, (keptAll / area) * BESIDE_MIN)) return null;
  const box = grow(candidate, BESIDE_GROW, CROP_FRAME, width, height);
  if (box.width < width * CROP_MIN_WIDTH || (box.width * box.height) / area > CROP_MAX_SHARE) return null;
  return { candidate, box, hole };
}

/**
 * When neither look above found a product and the cut keeps a sliver off the middle line (its short
 * side under a fifth of its long one: a floor lamp's pole, where the model was sure of the lamp and
 * left a white dress or a cream bag beside it unmarked, not even in traces): everything the first
 * look was sure of is filled out of the picture and the model looks at the middle (a fifth of the
 * width in from each side, a tenth of the height from top and bottom), where the overlooked product
 * is then the subject. No shop shoots a sliver as its product off the middle; one on the middle line
 * (a pen) is left alone, as nothing could stand nearer it. Null otherwise (no model run).
 */
export function paintedFor(first: Uint8Array, kept: Uint8Array, product: Box, width: number, height: number): Crop | null {
  if (!sliver(kept, product, width)) return null;
  if (offMiddle(product, width) < NEARER) return null;
  const box = {
    left: Math.round(width * MIDDLE_SIDE),
    top: Math.round(height * MIDDLE_END),
    width: Math.round(width * (1 - 2 * MIDDLE_SIDE)),
    height: Math.round(height * (1 - 2 * MIDDLE_END)),
  };
  return { candidate: box, box, hole: sureHole(first, width, height) };
}

/** What the first look was sure of, grown by 1 % of the long side: filled out before a look at what it missed. */
function sureHole(first: Uint8Array, width: number, height: number): Uint8Array {
  const sure = new Uint8Array(width * height);
  for (let i = 0; i < sure.length; i++) if (first[i]! >= SURE_ALPHA) sure[i] = 255;
  return growMask(sure, width, height, Math.round(Math.max(width, height) / 100));
}

/**
 * The product in the model's mask of the crop (`part`, at the crop's size), placed back in the picture,
 * when it is clearly better than the kept one (`kept`, whose box is `product`); else null.
 */
export function pickFromCrop(
  part: Uint8Array,
  { candidate, box: crop, hole, plant }: Crop,
  kept: Uint8Array,
  product: Box,
  width: number,
  height: number,
  /** Whether each region is taken in its parts (`splitRegion`), not whole. */
  parts = false,
): CropLook | null {
  const area = width * height;
  const partMap = regionMap(part, crop.width, crop.height);
  let keptAll = 0;
  const keptSure = new Uint8Array(area);
  for (let i = 0; i < area; i++)
    if (kept[i]! >= 128) {
      keptAll++;
      keptSure[i] = 1;
    }
  // Issue 44 (#569): a faint sofa behind a white box the cut kept, marked sure with it in the crop, held
  // the box; but what it adds, seen either side of the box, ends at the sofa's legs, above the box's
  // foot: the box stands before it, no detail of a larger product (a dress round its stripe, a bag
  // round its half reach as low; a pair's back shoe, higher, lies within the kept box's width, #393).
  const rim = Math.max(1, Math.round(Math.max(width, height) * IN_FRONT_RIM));
  const keptNear = growMask(keptSure, width, height, rim);
  const keptSliver = sliver(kept, product, width);
  let best: CropLook | null = null;
  let bestRegion: Region | null = null;
  let bestScore = 0;
  // A region the crop's edge cuts (a plant's leaf reaching in beside the dress) is taken in its parts;
  // in a crop with things filled out (`besideFor`) also in what of it the model was sure of: the fill's
  // ghost of a leaf, or a pot's rim, joins an overlooked bag at half strength.
  const sureMap = hole ? regionMap(part, crop.width, crop.height, SURE * 255) : null;
  const options: Array<{ map: RegionMap; r: Region }> = [];
  for (const r of partMap.regions) {
    if (r.share < MIN_REGION_SHARE) continue;
    // The stretched picture's regions are taken in their parts too (`parts`): there the model joined a
    // frame on the wall to the pale coat beside it (#868).
    const pieces = parts ? splitRegion(partMap, r.label) : null;
    const sized = pieces?.parts.filter((p) => p.share >= MIN_REGION_SHARE) ?? [];
    if (pieces && sized.length > 1) for (const p of sized) options.push({ map: pieces.map, r: p });
    else if (!cutByEdge(shift(r.box, crop), crop, width, height)) options.push({ map: partMap, r });
    else {
      const split = splitRegion(partMap, r.label);
      for (const p of split.parts) if (p.share >= MIN_REGION_SHARE) options.push({ map: split.map, r: p });
      for (const p of sureMap?.regions ?? [])
        if (p.share >= MIN_REGION_SHARE && insideShare(p.box, r.box) === 1) options.push({ map: sureMap!, r: p });
    }
  }
  for (const { map: m, r } of options) {
    const box = shift(r.box, crop);
    const own1 = keepOnly(part, m, new Set([r.label]));
    let own = 0;
    let under = 0;
    let beyondBottom = -1;
    const alpha = Buffer.alloc(area);
    for (let y = 0; y < crop.height; y++)
      for (let x = 0; x < crop.width; x++) {
        const a = own1[y * crop.width + x]!;
        const i = (crop.top + y) * width + crop.left + x;
        alpha[i] = a;
        if (a >= 128) {
          own++;
          if (kept[i]! >= 128) under++;
          if (!keptNear[i]) beyondBottom = crop.top + y;
        }
      }
    // Holding the kept product and larger (a whole dress round the kept stripe), or a thing of its own (little
    // of the kept product under it) nearer the middle line than the kept one, which is aside.
    // ... and not reaching off the middle line (a poster beside the coat joined to it in the crop).
    const centred = offMiddle(box, width) <= Math.max(offMiddle(product, width), ASIDE);
    // Seen either side of the kept product (past both its sides) and ending higher: a thing behind it.
    const behind =
      beyondBottom >= 0 &&
      beyondBottom + rim < product.top + product.height &&
      box.left + rim < product.left &&
      box.left + box.width > product.left + product.width + rim;
    const holds = keptAll > 0 && under / keptAll >= HOLDS && own >= keptAll && centred && !behind;
    const apart = own > 0 && under / own < APART;
    // A thing of its own stands nearer the middle line than the kept product by a margin (NEARER), and
    // when found without anything filled out (`cropFor`) the kept one is aside. A thing about as far off
    // the middle as a sure product kept aside is no product the model overlooked (issue 44, #821: a
    // framed picture on the wall, 0.016 of the width nearer than the off-centre bag, replaced it).
    // A sliver kept aside is no product at all (a lamp's pole): any thing of its own nearer the middle is
    // better, by no margin (#2208: a white tee parted from the wall by colour, 0.09 of the width nearer).
    const nearer =
      apart &&
      (plant ||
        (offMiddle(box, width) + (keptSliver ? 0 : NEARER) <= offMiddle(product, width) &&
          (hole !== undefined || offMiddle(product, width) > ASIDE)));
    // A thing beside was found by its traces, which may cover only part of it (its handle).
    const onCandidate = insideShare(box, grow(candidate, hole ? BESIDE_GROW : 0.1, 0, width, height));
    const edge = cutByEdge(box, crop, width, height);
    if (r.strength < SURE || onCandidate < ON_CANDIDATE || edge || !(holds || nearer)) continue;
    const score = r.share * r.strength;
    if (score > bestScore) {
      bestScore = score;
      const region: Region = {
        ...r,
        box,
        share: (r.share * crop.width * crop.height) / area,
        point: [(r.point[0] * crop.width + crop.left) / width, (r.point[1] * crop.height + crop.top) / height],
      };
      best = { alpha, region, holds };
      bestRegion = r;
    }
  }
  if (!best) return null;
  // A small sure thing of the crop within the product's width and next to it (a hanger above a dress)
  // is the product's own, as the cut keeps a hook.
  const near = grow(best.region.box, PIECE_GROW, 0, width, height);
  for (const { map: m, r } of options) {
    const box = shift(r.box, crop);
    if (r === bestRegion || r.strength < SURE || r.share * crop.width * crop.height >= best.region.share * area * PIECE_MAX)
      continue;
    if (insideShare(box, near) < PIECE_INSIDE || insideShare({ ...box, top: near.top, height: near.height }, near) < 1) continue;
    const piece = keepOnly(part, m, new Set([r.label]));
    for (let y = 0; y < crop.height; y++)
      for (let x = 0; x < crop.width; x++) {
        const i = (crop.top + y) * width + crop.left + x;
        best.alpha[i] = Math.max(best.alpha[i]!, piece[y * crop.width + x]!);
      }
  }
  return best;
}

/** The box of the largest thing the cut keeps (alpha >= 128), or null when it keeps nothing. */
export function keptBox(kept: Uint8Array, width: number, height: number): Box | null {
  let best: Region | null = null;
  for (const r of regionMap(kept, width, height, 128).regions) if (!best || r.share > best.share) best = r;
  return best?.box ?? null;
}

const offMiddle = (b: Box, width: number) => Math.abs((b.left + b.width / 2) / width - 0.5);

/** A box in the crop's pixels, in the picture's. */
const shift = (b: Box, crop: Box): Box => ({ ...b, left: b.left + crop.left, top: b.top + crop.top });
