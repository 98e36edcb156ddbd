import { MASK_PAINT_THRESHOLD, type MattingParams, OUTPUT_MAX_SIDE } from '@productimage/core';
import sharp from 'sharp';
import { checkAborted, EngineInputError, type EngineJob, type EngineOutput } from '../types.ts';
import { fillGhost, fillHole, growMask } from './clean-plate.ts';
import { splitByColour } from './colour-parts.ts';
import { BEHIND_MIN_SIZE, coreParts, FRONT_REACH, footBand, pieceBehind, standsBehind } from './core-parts.ts';
import { cropLook, halfSeenBody } from './crop-look.ts';
import { FAINT_EDGES, faintEdges } from './faint-edges.ts';
import { joinedByTraces, lowerPlateau } from './faint-joins.ts';
import { type Lab, labDistance, srgbToLab } from './image-metrics.ts';
import {
  alphaBounds,
  type Box,
  cellBounds,
  cutByEdge,
  flood4,
  flood8,
  grow,
  joinAlpha,
  overlaps,
  type Rgba,
  union,
} from './imaging.ts';
import { flatBeside, type KeptPart, keptBeside, partHolds, type SidePiece, underLeftOut } from './kept-parts.ts';
import { ownAlpha } from './own-alpha.ts';
import { beforeLeaves, leafy } from './potted-plant.ts';
import {
  cellAt,
  cellPixel,
  describe,
  gridColumns,
  insideShare,
  keepOnly,
  MIN_REGION_SHARE,
  mainOf,
  mainRegion,
  mainWithTouching,
  type Region,
  type RegionMap,
  regionMap,
  splitRegion,
} from './regions.ts';
import { decodeRgb, segment } from './segmenter.ts';
import { fadesOut, openSeenThrough, removeSourceShadow } from './shadows.ts';
import { standBase, standHead } from './stand-base.ts';

/** A subject cut out of its photo: the photo's pixels with the main subject's segmentation as alpha. */
export async function cutoutRgba(
  input: Buffer,
  signal: AbortSignal,
  maxSide = OUTPUT_MAX_SIDE,
  cache = true,
  keep?: ReadonlyArray<readonly [number, number]>,
  drop?: ReadonlyArray<readonly [number, number]>,
): Promise<Rgba> {
  return (await subjectCut(input, signal, maxSide, { cache, keep, drop })).cut;
}

export interface SubjectOptions {
  /** Points inside further regions to keep with the main subject, as fractions of the picture (`OtherRegion.point`). */
  keep?: ReadonlyArray<readonly [number, number]>;
  /** Points inside regions the cut kept beside the main subject, to take out (`OtherRegion.point` of a kept one). */
  drop?: ReadonlyArray<readonly [number, number]>;
  /** Keep every region the model found, as before issue 30 (tests and comparisons). */
  all?: boolean;
  /** Take the source photo's floor and cast shadows out of the cut (default true; shadows.ts). */
  removeShadow?: boolean;
  cache?: boolean;
}

/**
 * A region beside the main subject, offered to the user as a one-click choice: one the cut left out
 * (a plant beside the shirt: `keep` brings it back) or one it kept with the subject because it lies
 * within the subject's box (a second shoe, a hanger, a mannequin's stand: `drop` takes it out).
 */
export interface OtherRegion {
  /** Whether the cut keeps it. */
  kept: boolean;
  /** A point inside it, as fractions of the picture: send it back in `keep` to keep the region. */
  point: [number, number];
  /** Its bounding box in the cut's pixels. */
  box: Box;
  /** Share of the picture, 0..1. */
  share: number;
  /** Its alpha at the cut's size (one byte per pixel). */
  alpha: Buffer;
}

export interface SubjectCut {
  cut: Rgba;
  /** The regions beside the main subject, kept or left out, largest first (at most MAX_OTHERS). */
  others: OtherRegion[];
}

const MAX_OTHERS = 6;
/** A kept piece under this share of the product touching only a thing left out goes out with it. */
const SMALL_PIECE = 0.1;
/** The first pass marks candidates at this alpha: a subject the model was unsure of in a busy room is faint. */
const CANDIDATE_ALPHA = 40;
/** A second look is taken when the main subject's box (padded) is at most this share of the picture. */
const FOCUS_MAX_SHARE = 0.7;
/** A second look is also taken when the main region's centre is further than this from the middle line. */
const ASIDE = 0.15;
/** A look aside at least this many times as tall as wide is a thing beside the product (a floor lamp). */
const TALL = 2;
/** A part or touching region is kept with the main part when this share of its box lies in ... */
const PART_INSIDE = 0.6;
/** ... the main part's box grown by this share of its size on each side. */
const PART_GROW = 0.2;
/** A part at least this share of the product's size ... */
const LARGE_PART = 0.5;
/** ... is kept only when this share of its box lies in the product's box grown. */
const LARGE_PART_INSIDE = 0.8;
/** A piece joined to the product is its own when this share of its width lies within the product's. */
const PIECE_WITHIN = 0.8;
/** ... and it is at least this share of the product's width (a lamp's pole at its edge is not). */
const PIECE_WIDTH = 0.25;
/** A region on the middle line is the product over one aside when at least this share of its size. */
const PALE_MIN = 0.5;
/** Leaves give the product's place to a part standing before them at least this share of their size. */
const LEAVES_OTHER_MIN = 0.25;
/** A second look's main region smaller than this share of the first's, inside it, is a detail of it. */
const DETAIL_MAX = 0.25;
/** A faint part at least this many times the sure product's size, holding it, is the product's body. */
const BODY_MIN = 2;
/** A part the model was unsure of everywhere is kept only when smaller than this share of the product. */
const FAINT_PART_MAX = 0.25;
/** The colour split's grid: this many cells on the long side (colour-parts.ts COARSE); its parts' boxes are whole cells. */
const COLOUR_GRID = 128;
/** A part at least this many times as wide as tall, wider than the product, is a bar (a rail, a shelf's board). */
const BAR_RATIO = 4;
/** What a look marks at least this strongly (0..255) it is sure of (a form's head and stand; not a dress it half-saw at 124). */
const SURE_LOOK = 200;
/** A closer look sure of less than this share of what the first look was sure of in its main region has lost it. */
const KEPT_SURE = 0.25;

/**
 * The main subject, cut out (issue 30). The model sees the whole photo first; in a busy room it marks
 * every salient thing and may be unsure of the product itself. When other regions compete (or the
 * main one is faint), the model takes a second look at the main subject's box and the middle of the
 * picture alone, where the product is the obvious subject. The cut keeps the main
 * region and what touches it; every other region is returned as a choice (`keep` brings it back).
 * When the first look marked something faintly beside what the cut keeps, the model looks at that
 * candidate alone (crop-look.ts) and its clearly marked product may replace the cut's.
 */
export async function subjectCut(
  input: Buffer,
  signal: AbortSignal,
  maxSide = OUTPUT_MAX_SIDE,
  options: SubjectOptions = {},
): Promise<SubjectCut> {
  const image = await decodeRgb(input, maxSide);
  checkAborted(signal);
  const { width, height } = image;
  const first = await segment(image, { cache: options.cache !== false });
  checkAborted(signal);
  if (options.all) return { cut: joinAlpha(image.rgb, first, width, height), others: [] };
  const firstMap = regionMap(first, width, height, CANDIDATE_ALPHA);
  let map1 = firstMap;
  let main1 = mainRegion(map1);
  if (!main1) return { cut: joinAlpha(image.rgb, first, width, height), others: [] };
  // The main subject is chosen among parts, not whole regions: a rail with a lamp on it spans the
  // picture as one sparse region and outweighed the shirt hanging beside it.
  const byParts = splitAll(map1);
  const mainPart1 = mainRegion(byParts);
  if (mainPart1 && !within(map1, main1.label, byParts, mainPart1.label)) {
    map1 = byParts;
    main1 = mainPart1;
  }
  const competing = map1.regions.some((r) => r !== main1 && r.share >= MIN_REGION_SHARE);
  // What reaches into the main region's box (a tenth larger) belongs to the look (a hanger's hook above a shirt).
  const near = grow(main1.box, 0.1, 0, width, height);
  let look = main1.box;
  for (const r of map1.regions) if (r.share >= MIN_REGION_SHARE && overlaps(r.box, near)) look = union(look, r.box);
  const { box, aside } = focusBox(look, width, height);
  let chosen: { map: RegionMap; main: Region; source: Uint8Array; look: Box | null } = {
    map: map1,
    main: main1,
    source: first,
    look: null,
  };
  // A main region off the picture's middle line may be a plant beside the product the model did not see.
  if ((competing || main1.strength < 0.8 || aside) && (box.width * box.height) / (width * height) <= FOCUS_MAX_SHARE) {
    const crop = await sharp(image.rgb, { raw: { width, height, channels: 3 } })
      .extract(box)
      .raw()
      .toBuffer();
    const part = await segment({ width: box.width, height: box.height, rgb: crop }, { cache: options.cache !== false });
    checkAborted(signal);
    const focused = Buffer.alloc(width * height);
    for (let y = 0; y < box.height; y++) part.copy(focused, (box.top + y) * width + box.left, y * box.width, (y + 1) * box.width);
    const focusMap = regionMap(focused, width, height);
    const main2 = mainRegion(focusMap);
    // A second look that finds only a detail of what the first saw (a hanger of a pale dress the model
    // saw whole but faint from afar) keeps the first: the detail is no subject of its own.
    const detail = main2 && main2.share < main1.share * DETAIL_MAX && insideShare(main2.box, main1.box) >= PART_INSIDE;
    // Nor does one that lost what the first look was sure of (`lostSure`).
    const lost = main2 && !detail && lostSure(keepOnly(first, map1, new Set([main1.label])), focused);
    if (main2 && !detail && !lost) chosen = { map: focusMap, main: main2, source: focused, look: box };
    const offMiddle = (r: Region) => Math.abs((r.box.left + r.box.width / 2) / width - 0.5);
    if (aside && offMiddle(chosen.main) > ASIDE) {
      // Still aside: the thing is taken out of the picture (filled from around it) and the model looks
      // again; a product it overlooked beside a bright plant is what it sees then.
      const hole = growMask(
        keepOnly(chosen.source, chosen.map, new Set([chosen.main.label])),
        width,
        height,
        Math.round(Math.max(width, height) / 100),
      );
      const cleaned = await fillHole(image.rgb, width, height, hole);
      checkAborted(signal);
      const crop2 = await sharp(cleaned, { raw: { width, height, channels: 3 } })
        .extract(box)
        .raw()
        .toBuffer();
      const part2 = await segment({ width: box.width, height: box.height, rgb: crop2 }, { cache: options.cache !== false });
      checkAborted(signal);
      const past = Buffer.alloc(width * height);
      for (let y = 0; y < box.height; y++) part2.copy(past, (box.top + y) * width + box.left, y * box.width, (y + 1) * box.width);
      const pastMap = regionMap(past, width, height);
      const main3 = mainRegion(pastMap);
      // Only a thing next to the one taken out (touching its box): a frame across the room is no product.
      const next = grow(chosen.main.box, 0.1, 0, width, height);
      // Nor what the model sees where the thing was: the fill's ghost of it is no thing next to it.
      const ghost = main3 && fillGhost(keepOnly(past, pastMap, new Set([main3.label])), hole);
      if (main3 && !ghost && offMiddle(main3) < offMiddle(chosen.main) && overlaps(main3.box, next))
        chosen = { map: pastMap, main: main3, source: past, look: box };
    }
  }
  // The main region split into its parts (a plant or a rail touching the shirt is a part of its own).
  const touching = mainWithTouching(chosen.map, chosen.main);
  const split = splitRegion(chosen.map, chosen.main.label);
  const parts = split.parts;
  const sizeable = parts.filter((r) => r.share >= MIN_REGION_SHARE);
  let geometric = mainOf(split.map, sizeable.length ? sizeable : parts)!;
  // A thing standing before leaves is the product, the leaves a plant behind it (potted-plant.ts, #1854).
  const before = sizeable.filter(
    (r) => r !== geometric && r.share >= geometric.share * LEAVES_OTHER_MIN && beforeLeaves(split.map, r, geometric, image.rgb),
  );
  geometric = mainOf(split.map, before) ?? geometric;
  // The main part split again by colour: a plant behind a box touches it over a wide seam.
  const byColour = splitByColour(
    split.map,
    geometric,
    image.rgb,
    (b) => grow(b, PART_GROW, 0, width, height),
    insideShare,
    PART_INSIDE,
    describe,
  );
  const map = byColour.map;
  // A product on the middle line beside a thing off it the parts rule preferred (a white dress on a
  // light wall, a glass mug or a red mug beside a green plant): the central one is the product (shops
  // centre it) when at least half the other's size, and a faint mask is lifted to its own level.
  const offMiddle = (r: Region) => Math.abs((r.box.left + r.box.width / 2) / width - 0.5);
  const sure = byColour.product;
  let pale: Region | undefined;
  if (offMiddle(sure) > ASIDE)
    for (const r of map.regions)
      if (r !== sure && offMiddle(r) <= ASIDE && r.share >= sure.share * PALE_MIN) if (!pale || r.share > pale.share) pale = r;
  const colourOf = regionColours(map, image.rgb);
  // A sure detail on a faint body the model half-saw: the body is the product (`faintBody`).
  const body = pale ? undefined : faintBody(byColour.faint, sure, byColour.core, colourOf);
  const mainPart = pale ?? byColour.product;
  const keep = new Set([mainPart.label]);
  if (body) keep.add(body.label);
  const productShare = mainPart.share + (body?.share ?? 0);
  // What the model only half-saw beside the product is offered, not kept, unless it is small and lies
  // within the product's width (a mannequin's head, a pale bottle's neck; not a sofa behind a bag) or
  // is of the product's own tone within its box (`ofProductsTone`: a bag's lower half it marked less);
  // a kept one is the product's own, and so is its height (the bottle's cap above the neck).
  let own = pale ? pale.box : body ? union(byColour.core, body.box) : byColour.core;
  const ownBox = grow(own, PART_GROW, 0, width, height);
  const faint = new Set(byColour.faint.map((r) => r.label));
  for (const r of byColour.faint) {
    if (r === pale || r === body) continue;
    const across = insideShare({ ...r.box, top: ownBox.top, height: ownBox.height }, ownBox);
    const small = r.share < productShare * FAINT_PART_MAX && across >= PART_INSIDE;
    if (
      (small || ofProductsTone(map, r, mainPart, colourOf, own, productShare)) &&
      !ofThingBeside(map, r, mainPart, byColour.rest, faint, colourOf)
    ) {
      keep.add(r.label);
      // Up or down only: the product's width stays its own.
      const top = Math.min(own.top, r.box.top);
      own = { ...own, top, height: Math.max(own.top + own.height, r.box.top + r.box.height) - top };
    }
  }
  // Parts are kept within the product's own box grown, not within what its box already took in
  // (a pot beside a shoe must not bring the leaves above it).
  const keepBox = grow(own, PART_GROW, 0, width, height);
  const besides = [
    ...byColour.rest,
    ...parts.filter((r) => r !== geometric),
    ...map.regions.filter((r) => r.label !== chosen.main.label && touching.has(r.label)),
  ];
  // A plant's leaves beside a product that is none are no part of it, however they touch it and whatever box
  // they lie in (#1962: leaves over a cream pot joined to a cream bag): left out and offered. (The pot, of the
  // bag's colour, stays with it, listed as kept: one click drops it.)
  const leaves = new Set<number>();
  if (!leafy(map, mainPart, image.rgb))
    for (const r of map.regions) if (r !== mainPart && leafy(map, r, image.rgb)) leaves.add(r.label);
  for (const r of besides) {
    if (leaves.has(r.label)) continue;
    if (sleeveOf(map, r, mainPart, own, colourOf)) {
      keep.add(r.label);
      continue;
    }
    if (faint.has(r.label)) continue;
    // A thing cut by the edge of the look (books at the end of a shelf) is not part of the subject.
    if (chosen.look && cutByEdge(r.box, chosen.look, width, height)) continue;
    // A part as large as the product is no part of it (a poster beside a coat, a sofa behind a bag).
    // A part half the product's size or more lies almost wholly in its box (a second shoe), or it is a
    // thing beside it (a plant whose pot touches a mug); a small one may stick out more (a hanger's hook).
    const inside = r.share >= productShare * LARGE_PART ? LARGE_PART_INSIDE : PART_INSIDE;
    // A bar wider than the product's own box is what it hangs on or stands on (a rail whose hook
    // joins the hanger), even where the box was widened by a thing of its dye beside it.
    const bar = r.box.width > own.width && r.box.height * BAR_RATIO < r.box.width;
    const post = postBeside(r.box, own);
    // A thing beside it or behind it is no part of it either, however much of its box the grown box holds.
    if (asideOf(map, r, own, productShare) || behindProduct(r.box, r.share, own, productShare) || byColour.behind.includes(r))
      continue;
    if (insideShare(r.box, keepBox) >= inside && r.share < productShare && !bar && !post) keep.add(r.label);
  }
  // A piece joined to the product (through a neck, or over a seam of another colour), smaller than it,
  // within its width and touching its box (a bag's handle, a shoe's sole): the product's own, even
  // where it reaches further up or down than the box rule allows.
  // ... and so is such a piece the model marked apart from it, above its middle (`apartAbove`).
  for (const r of [...parts, ...byColour.rest, ...apartAbove(map, chosen.main.label, touching, own)]) {
    if (
      r === geometric ||
      keep.has(r.label) ||
      faint.has(r.label) ||
      leaves.has(r.label) ||
      r.share >= productShare ||
      byColour.behind.includes(r)
    )
      continue;
    if (acrossPiece(r.box, own, keepBox, Math.max(width, height) / COLOUR_GRID)) keep.add(r.label);
  }
  // A small piece kept beside the product that touches none of what is kept but a larger thing left out
  // (a sofa's seam or foot beside the mug before it, issue 44, #920) is that thing's: it goes out with it.
  // So is one that lies mostly beside the product's columns, whatever else it touches (a floor lamp's
  // foot at a box's corner, its pole left out as a post, #1692).
  const shareOf = new Map(map.regions.map((r) => [r.label, r.share]));
  for (const r of map.regions) {
    if (r === mainPart || !keep.has(r.label) || r.share >= productShare * SMALL_PIECE) continue;
    const touches = [...mainWithTouching(map, r)].filter((l) => l !== r.label);
    if (touches.some((l) => keep.has(l)) && besideShare(map, r, own) < ASIDE_SHARE) continue;
    if (touches.some((l) => !keep.has(l) && shareOf.get(l)! > r.share)) keep.delete(r.label);
  }
  // A product the model saw only faintly is lifted to its level too when neither rule above chose it (#1922:
  // a navy hoodie on a mottled wall at 0.35, the sofa beside it sure and rightly left out; kept at that level,
  // its cut was a ghost of it).
  // A faint product lifted to its level is taken down to that level too: its cells under the map's
  // threshold that the lift makes sure join it (a striped dress the model marked at 70-240, its
  // darker half under the threshold, #706).
  const lifted = pale ?? body ?? (mainPart.strength < FAINT_EDGES ? mainPart : undefined);
  const keptMap = lifted?.strength ? reachDown(map, lifted.label, LIFT_SURE * lifted.strength) : map;
  let alpha = keepOnly(chosen.source, keptMap, keep);
  if (lifted) alpha = lift(alpha, lifted.strength);
  else if (mainPart === byColour.product && byColour.bands.length) alpha = bandsKept(alpha, chosen.source, map, byColour.bands);
  // A product the model barely saw (lifted from a low level): its edges are found by colour (faint-edges.ts).
  if (lifted?.strength && lifted.strength < FAINT_EDGES) {
    alpha = (await faintEdges(image.rgb, width, height, chosen.source, alpha)) ?? alpha;
    checkAborted(signal);
  }
  const candidates: Array<{ map: RegionMap; region: Region; source: Uint8Array; kept: boolean }> = [];
  for (const region of map.regions)
    if (region !== mainPart) candidates.push({ map: keptMap, region, source: chosen.source, kept: keep.has(region.label) });
  if (chosen.map !== map1) {
    // Regions the first look found elsewhere (or the focused look did not cover).
    for (const region of map1.regions) {
      const [px, py] = region.point;
      if (alpha[Math.floor(py * height) * width + Math.floor(px * width)]! >= 128) continue;
      if (map.labels[cellAt(map, region.point)]! >= 0) continue;
      candidates.push({ map: map1, region, source: first, kept: false });
    }
  }
  const listed = candidates
    .filter((o) => o.region.share >= MIN_REGION_SHARE)
    .sort((a, b) => b.region.share - a.region.share)
    .slice(0, MAX_OTHERS);
  const regions = listed.map<OtherRegion>((o) => ({
    point: o.region.point,
    box: o.region.box,
    share: o.region.share,
    kept: o.kept,
    // A kept one shows as the cut shows it (a pale product's level lifted with it).
    alpha: keepOnly(o.kept ? alpha : o.source, o.map, new Set([o.region.label])),
  }));
  // A faint product the middle-line rule took may hold a thing joined to it through a neck (a mug's
  // handle touching the pot of the plant left out beside it): its parts off the product's own are listed.
  if (pale) {
    const paleSplit = splitRegion(map, pale.label);
    const sized = paleSplit.parts.filter((r) => r.share >= MIN_REGION_SHARE);
    const own = mainOf(paleSplit.map, sized);
    for (const r of sized)
      if (r !== own && regions.length < MAX_OTHERS)
        regions.push({
          point: r.point,
          box: r.box,
          share: r.share,
          kept: true,
          alpha: keepOnly(alpha, paleSplit.map, new Set([r.label])),
        });
  }
  // Whatever else the mask keeps beyond the product's rim, by whichever rule, is listed as kept too.
  const core = keepOnly(chosen.source, keptMap, new Set(body ? [mainPart.label, body.label] : [mainPart.label]));
  const covering = regions.filter((r) => r.kept).map((r) => r.alpha);
  const ownPixels = lifted?.strength ? lift(core, lifted.strength) : core;
  for (const part of keptBeside(alpha, ownPixels, covering, width, height)) regions.push({ ...part, kept: true });
  // The product's own pixels split by colour when another thing is joined to them (core-parts.ts).
  const foot = footBand(alpha, ownPixels, width, height);
  // A band that fades into the floor at both ends is the product's cast shadow: left out, offered (one click keeps it).
  const shadowFoot = foot !== null && fadesOut(foot.alpha, image.rgb, width, height, foot.box);
  // What a listed kept region already takes out is not split again.
  const taken = new Uint8Array(width * height);
  for (const r of regions) if (r.kept) for (let i = 0; i < taken.length; i++) if (r.alpha[i]! > 0) taken[i] = 1;
  const pieces = coreParts(alpha, ownPixels, image.rgb, taken, width, height);
  // One piece something stands before (a bag before a sofa of nearly its tone the model marked sure as
  // one thing with it, issue 44, #857, #1176): the thing behind is left out and offered (one click keeps it).
  const back = pieceBehind(pieces) !== undefined;
  // Split in two side by side, the smaller touching a larger thing left out (a pot under its leaves
  // beside a bag of its tone, issue 44, #990): that piece is the thing's, left out and offered.
  const thingsPiece = back ? undefined : pieceOfLeftOut(pieces, regions, width, height);
  // The thing's piece goes with what the cut keeps round it beyond the product's piece (the pot's rim,
  // kept by the small-part rules), and a kept choice within it is no choice of its own any more.
  let thing: KeptPart | undefined;
  if (thingsPiece) {
    const other = pieces.find((p) => p !== thingsPiece)!;
    const a = Buffer.from(thingsPiece.alpha);
    const b = grow(thingsPiece.box, PART_GROW, 0, width, height);
    for (let y = b.top; y < b.top + b.height; y++)
      for (let x = b.left; x < b.left + b.width; x++) {
        const i = y * width + x;
        if (alpha[i]! > 0 && other.alpha[i] === 0) a[i] = alpha[i]!;
      }
    thing = { ...thingsPiece, alpha: a };
    for (let k = regions.length - 1; k >= 0; k--)
      if (regions[k]!.kept && overlapShare(regions[k]!.alpha, a) >= 0.5) regions.splice(k, 1);
  }
  for (const piece of [...(foot ? [foot] : []), ...pieces] as Array<KeptPart & { behind?: boolean }>) {
    const { behind, ...part } = piece === thingsPiece ? { ...thing!, behind: false } : piece;
    if (regions.length < MAX_OTHERS) {
      if ((back && behind) || piece === thingsPiece || (piece === foot && shadowFoot)) {
        alpha = without(alpha, part.alpha);
        regions.push({ ...part, kept: false });
      } else regions.push({ ...part, kept: true });
    }
  }
  // A side piece of the product under a thing left out (a plant's pot under its leaves beside a mug) or
  // low on the floor (a lamp's foot): listed last, so it takes no other choice's place. Left out is what
  // either look marked (the leaves a look past them filled out are the first look's, #2206).
  const leftOutOf = (kept: Uint8Array) =>
    Uint8Array.from(kept, (v, i) => (v < 128 && (first[i]! >= 128 || chosen.source[i]! >= 128) ? 1 : 0));
  const under = underLeftOut(ownPixels, leftOutOf(alpha), alpha, width, height, image.rgb);
  // When the rest of the product stands before that piece (`standsBehind`: a mug reaching lower than the pot
  // of its grey beside it, #1022), the piece is the thing behind: left out and offered, one click keeps it.
  const underBehind = under !== null && apartFromProduct(under, ownPixels, width);
  if (under && underBehind) {
    alpha = without(alpha, under.alpha);
    // A kept choice within that piece's box (the pot's middle the model marked faintly) goes out with it.
    alpha = leaveOutWithin(regions, under.box, alpha);
  }
  if (under && regions.length < MAX_OTHERS) regions.push({ ...listedPart(under), kept: !underBehind });
  // A flat thing hanging beside the product, of its colour (a poster's page at a jacket's sleeve): left out, offered.
  const flat = regions.length < MAX_OTHERS ? flatBeside(alpha, width, height) : null;
  if (flat) {
    alpha = leaveOutWithin(regions, flat.box, without(alpha, flat.alpha));
    regions.push({ ...flat, kept: false });
  }
  let sources: Array<(typeof listed)[number] | undefined> = regions.map((_, i) => listed[i]);
  // The product still faint or unmarked: the model looks at the faint candidate alone (crop-look.ts).
  // How sure the look the cut came from was of what it keeps (before a faint product was lifted).
  let shown = 0;
  let keptAll = 0;
  for (let i = 0; i < alpha.length; i++)
    if (alpha[i]! >= 128) {
      keptAll++;
      shown += chosen.source[i]!;
    }
  const sureness = keptAll ? shown / keptAll / 255 : 0;
  // What the colour split found standing behind the product, left out: the third look does not bring it back.
  const behind = byColour.behind.length
    ? keepOnly(chosen.source, keptMap, new Set(byColour.behind.map((r) => r.label)))
    : undefined;
  const found = await cropLook(image, first, alpha, options.cache !== false, firstMap, sureness, behind);
  checkAborted(signal);
  // The product so found, or the one the cut keeps, may be the sure detail of a pale body the model half-saw.
  const third =
    (await halfSeenBody(image, first, firstMap, found ? found.alpha : alpha, options.cache !== false, behind)) ?? found;
  checkAborted(signal);
  if (third) {
    const before = alpha;
    alpha = third.alpha;
    // What the cut kept before beyond the new product is a choice now (left out), and so is every
    // choice outside the new product.
    const outside = (r: OtherRegion) => overlapShare(r.alpha, alpha) < 0.5;
    const stay = regions.map((r, i) => ({ r, o: sources[i] })).filter(({ r }) => !r.kept && outside(r));
    regions.length = 0;
    sources = [];
    for (const { r, o } of stay) {
      regions.push(r);
      sources.push(o);
    }
    const rest = Buffer.from(before);
    for (let i = 0; i < rest.length; i++) if (alpha[i]! >= 128) rest[i] = 0;
    const part = describeMask(rest, width, height);
    if (part) {
      regions.push({ ...part, kept: false, alpha: rest });
      sources.push(undefined);
    }
    // The new product's side piece under leaves the model marked and the cut left out, standing behind the
    // rest (a plant's pot the look past the leaves took with the box before it, #2174): left out, offered.
    const pot = underLeftOut(alpha, leftOutOf(alpha), alpha, width, height, image.rgb);
    if (pot?.underLeaves && apartFromProduct(pot, alpha, width) && regions.length < MAX_OTHERS) {
      alpha = without(alpha, pot.alpha);
      regions.push({ ...listedPart(pot), kept: false });
      sources.push(undefined);
    }
  }
  // A point picks, among the regions of the asked kind that hold it, the one whose own point it is
  // (nearest): a piece of the product's pixels lies within them when these are listed too.
  const at = (point: readonly [number, number], kept: boolean) => {
    let found = -1;
    let foundD = Number.POSITIVE_INFINITY;
    regions.forEach((r, i) => {
      if (r.kept !== kept) return;
      const o = sources[i];
      if (!(o ? regionAround(o.map, o.region.label, point) : partHolds(r, point, width, height))) return;
      const d = Math.hypot(r.point[0] - point[0], r.point[1] - point[1]);
      if (d < foundD) {
        found = i;
        foundD = d;
      }
    });
    return found;
  };
  const flipped = new Set<OtherRegion>();
  for (const point of options.keep ?? []) {
    const i = at(point, false);
    if (i >= 0) flipped.add(regions[i]!);
  }
  for (const point of options.drop ?? []) {
    const i = at(point, true);
    if (i >= 0) flipped.add(regions[i]!);
  }
  if (flipped.size) {
    alpha = Buffer.from(alpha);
    for (const r of flipped) {
      if (r.kept) {
        for (let i = 0; i < alpha.length; i++) if (r.alpha[i]! > 0) alpha[i] = 0;
      } else for (let i = 0; i < alpha.length; i++) if (r.alpha[i]! > alpha[i]!) alpha[i] = r.alpha[i]!;
    }
  }
  // A part of the product the model left unmarked between parts it marked (a dark dress's dark stripes):
  // measured on the product's own pixels (a third look's product is all it keeps).
  const product = Buffer.from(third ? third.alpha : ownPixels);
  for (let i = 0; i < product.length; i++) if (alpha[i]! < 128) product[i] = 0;
  alpha = Buffer.from(foreignGaps(alpha, product, image.rgb, width, height));
  const marks = Buffer.from(first);
  for (let i = 0; i < marks.length; i++) marks[i] = Math.max(marks[i]!, chosen.source[i]!);
  // A print's stripe the model left unmarked between stripes it marked: the print alternates, the room does not.
  alpha = Buffer.from(printStripes(alpha, product, marks, image.rgb, width, height));
  // A mug's open top, left out on some walls: the model's marks of both looks decide with its colour.
  alpha = Buffer.from(rimOver(alpha, marks, image.rgb, width, height));
  // A shoe's light sole the model marked softly under the body: the floor's step is its edge.
  alpha = Buffer.from(soleUnder(alpha, image.rgb, width, height));
  // A mannequin's base the model barely marked under the pole it was sure of (stand-base.ts).
  alpha = Buffer.from(standBase(alpha, image.rgb, width, height));
  // ... and its pale head over the garment (stand-base.ts).
  alpha = Buffer.from(await standHead(alpha, image.rgb, width, height));
  // A pale bottle's cap the model was sure of apart from its body, the neck between marked faintly.
  alpha = joinedByTraces(alpha, first, firstMap, width, height);
  // A sofa behind a bag the model marked at a lower level than the bag, kept where it meets it.
  alpha = lowerPlateau(alpha, first, image.rgb, width);
  const cut = openSeenThrough(joinAlpha(image.rgb, alpha, width, height));
  return {
    cut: options.removeShadow === false ? cut : removeSourceShadow(cut),
    others: regions.map((r) => (flipped.has(r) ? { ...r, kept: !r.kept } : r)).sort((a, b) => b.share - a.share),
  };
}

/**
 * A closer look that lost the subject (issue 44, #1317): within the first look's main region (`main`, the
 * first look's alpha there), it is sure (SURE_LOOK) of under a quarter of what the first look was sure of.
 * A pale dress on a mannequin beside a framed picture: the first look was sure of the form's head and stand
 * and marked the dress at half strength; the crop of the middle shows the dress as a faint shape with
 * nothing sure, and its main region is a third of the dress. A closer look that drops a plant the first
 * look joined to a shirt stays sure of the shirt; one that finds the same thing sees it as sure as before.
 */
export function lostSure(main: Uint8Array, closer: Uint8Array): boolean {
  let sure = 0;
  let kept = 0;
  for (let i = 0; i < main.length; i++)
    if (main[i]! >= SURE_LOOK) {
      sure++;
      if (closer[i]! >= SURE_LOOK) kept++;
    }
  return sure > 0 && kept < sure * KEPT_SURE;
}

/**
 * Where the second look looks, given the main region's box with what reaches into it (`look`): that box
 * grown and joined with the middle of the picture, where shops put the product (a busy room's first
 * pass may have marked the plants beside it and only a seam of the product itself); the middle alone
 * when the look's centre lies outside it. `aside`: the look's centre is off the middle line (a plant
 * beside the product the model did not see). A tall look aside (twice as tall as wide or more) whose box
 * joined with the middle would show the model most of the picture again (a floor lamp at the side, shade
 * to foot: more than FOCUS_MAX_SHARE, so no second look was taken and the lamp stayed the product) is the
 * middle alone (issue 44, #764). A product that is itself aside (an off-centre bag, #21) is no such tall
 * thing and keeps its first look: the middle would cut it and find the frame on the wall instead.
 */
export function focusBox(look: Box, width: number, height: number): { box: Box; aside: boolean } {
  const middle = {
    left: Math.round(width * 0.2),
    top: Math.round(height * 0.1),
    width: Math.round(width * 0.6),
    height: Math.round(height * 0.8),
  };
  const centre: [number, number] = [(look.left + look.width / 2) / width, (look.top + look.height / 2) / height];
  const central = centre[0] > 0.2 && centre[0] < 0.8 && centre[1] > 0.1 && centre[1] < 0.9;
  const aside = Math.abs(centre[0] - 0.5) > ASIDE;
  const joined = central ? union(grow(look, 0.3, 0.03, width, height), middle) : middle;
  const tall = look.height >= look.width * TALL;
  const box = aside && tall && (joined.width * joined.height) / (width * height) > FOCUS_MAX_SHARE ? middle : joined;
  return { box, aside };
}

/**
 * A piece across the product (its own box `own`), not a pole beside it: a quarter of its width or
 * more, no taller than it (give or take `slack` px: the boxes of colour parts are whole cells of
 * their grid, so a pair's back shoe as tall as the front one measured 2 px taller, issue 44, #905),
 * 80 % of its width within the product's, touching the product's box grown (`keepBox`): a bag's
 * handle, a shoe's white sole, the back shoe of a pair.
 */
export function acrossPiece(r: Box, own: Box, keepBox: Box, slack = 0): boolean {
  const across = insideShare({ ...r, top: own.top, height: own.height }, own);
  const piece = r.width >= own.width * PIECE_WIDTH && r.height <= own.height + slack;
  return piece && across >= PIECE_WITHIN && overlaps(r, keepBox);
}

/**
 * Regions the model marked apart from the main one (not touching it, `touching`), no speck, ending
 * above the middle of the product's own box: a bag's handle the second look marked with a gap over the
 * body (issue 44, #764: the handle was left out, 0.777). The piece rule (`acrossPiece`) decides.
 */
export function apartAbove(map: RegionMap, main: number, touching: ReadonlySet<number>, own: Box): Region[] {
  return map.regions.filter(
    (r) =>
      r.label !== main &&
      !touching.has(r.label) &&
      r.share >= MIN_REGION_SHARE &&
      r.box.top + r.box.height <= own.top + own.height / 2,
  );
}

/** A part with at least this share of its cells beside the product's columns ... */
const ASIDE_SHARE = 0.5;
/** ... reaching beyond its side by at least this share of its width lies beside it. */
const ASIDE_REACH = 0.3;

/**
 * Whether a part lies beside the product (its own box `own`), not on it: at least a tenth of its size,
 * reaching beyond its side by ASIDE_REACH of its width, with at least half its cells beside its columns
 * (a plant beside a bag, a lamp shade beside a coat, issue 44, #971, #768). The box rule kept such a
 * thing when its box lay mostly within the product's box grown; a hanger's hook lies within the
 * product's width, and a striped shirt's sleeve beside its body reaches less far (#966: 18 %, #730: 24 %).
 */
export function asideOf(map: RegionMap, r: Region, own: Box, productShare: number): boolean {
  if (r.share < productShare * SMALL_PIECE) return false;
  const reach = Math.max(own.left - r.box.left, r.box.left + r.box.width - own.left - own.width);
  if (reach < own.width * ASIDE_REACH) return false;
  return besideShare(map, r, own) >= ASIDE_SHARE;
}

/** The share of a part's cells beside the product's columns (its own box `own`). */
function besideShare(map: RegionMap, r: Region, own: Box): number {
  let n = 0;
  let out = 0;
  for (let g = 0; g < map.labels.length; g++) {
    if (map.labels[g] !== r.label) continue;
    const x = (((g % map.gw) + 0.5) * map.width) / map.gw;
    n++;
    if (x < own.left || x > own.left + own.width) out++;
  }
  return n > 0 ? out / n : 0;
}

/** A kept piece this close (share of the long side) to a thing left out touches it. */
const TOUCH_REACH = 0.01;

/**
 * Of two pieces of the product's pixels (core-parts.ts), the smaller one when it touches a larger
 * thing the cut left out and the other touches none: it is that thing's (a plant's pot of the bag's
 * tone beside the bag, under its leaves, issue 44, #990).
 */
export function pieceOfLeftOut(
  pieces: readonly KeptPart[],
  regions: readonly OtherRegion[],
  width: number,
  height: number,
): KeptPart | undefined {
  if (pieces.length !== 2) return undefined;
  const reach = Math.max(1, Math.round(Math.max(width, height) * TOUCH_REACH));
  const out = regions.filter((r) => !r.kept);
  const touch = pieces.map((p) => {
    const near = growMask(
      Uint8Array.from(p.alpha, (v) => (v >= 128 ? 1 : 0)),
      width,
      height,
      reach,
    );
    return out.some((o) => {
      if (o.share <= p.share) return false;
      for (let i = 0; i < near.length; i++) if (near[i] && o.alpha[i]! >= 128 && p.alpha[i]! < 128) return true;
      return false;
    });
  });
  const small = pieces[0]!.share < pieces[1]!.share ? 0 : 1;
  return touch[small] && !touch[1 - small] ? pieces[small] : undefined;
}

/**
 * Whether a part is a post standing beside the product (its own box `own`): taller than the product,
 * reaching above its top, at least BAR_RATIO times as tall as wide (issue 44, #1725: a floor lamp's pole
 * at a box's side, kept by the box rule with its foot). A mannequin's pole stands under the garment; a
 * hanger's hook is shorter than the garment.
 */
export function postBeside(r: Box, own: Box): boolean {
  return r.height > own.height && r.width * BAR_RATIO < r.height && r.top < own.top;
}

/** A part reaches out of the product's box on a side when by more than this share of the product's width. */
const BEHIND_OUT = 0.05;

/**
 * Whether a large part (half the product's size or more) reaches out of the product's own box on both
 * sides: the thing it stands before (a sofa behind a mug, issue 44, #920). A sole a little wider than
 * the upper is small; a second shoe reaches out on one side, and its sole only a few pixels past the
 * first shoe's toe on the other (beyond BEHIND_OUT of the width: #1417, a red shoe behind a beige one).
 */
export function behindProduct(r: Box, share: number, own: Box, productShare: number): boolean {
  const out = own.width * BEHIND_OUT;
  return share >= productShare * LARGE_PART && r.left < own.left - out && r.left + r.width > own.left + own.width + out;
}

/** The rest's foot at a junction is looked for within this share of its width from its side. */
const JUNCTION = 0.1;

/**
 * Whether a piece of the product's pixels (`piece`, a run of columns at one side) stands behind the rest of
 * them (`own` without it), by the colour split's depth order (`standsBehind`) on pixels: the rest reaches
 * lower and the piece shows beyond its sides; and at their junction the piece is cut off above the rest's
 * foot (a pot's base behind the mug's side). A box's face seen beside its other face meets it at the
 * corner as low as it: one thing.
 */
export function behindOwn(piece: Uint8Array, own: Uint8Array, width: number, minSize = BEHIND_MIN_SIZE): boolean {
  const cells: number[] = [];
  const rest: number[] = [];
  const pieceFoot = new Int32Array(width).fill(-1);
  const restFoot = new Int32Array(width).fill(-1);
  const restTop = new Int32Array(width).fill(-1);
  for (let i = 0; i < own.length; i++) {
    const x = i % width;
    const y = (i - x) / width;
    if (piece[i]! >= 128) {
      cells.push(i);
      pieceFoot[x] = y;
    } else if (own[i]! >= 128) {
      rest.push(i);
      restFoot[x] = y;
      if (restTop[x]! < 0) restTop[x] = y;
    }
  }
  if (rest.length === 0 || cells.length < rest.length * minSize) return false;
  const front = cellBounds(rest, width);
  if (!standsBehind(front, cells, width)) return false;
  // The junction: the piece's column nearest the rest's and the rest's column nearest it.
  const left = cellBounds(cells, width).right < front.left;
  let p = left ? width - 1 : 0;
  while (p >= 0 && p < width && pieceFoot[p]! < 0) p += left ? -1 : 1;
  if (p < 0 || p >= width) return false;
  // The rest's foot near the junction (a tapered mug's side reaches its foot a little way in).
  const near = Math.max(1, Math.round((front.right - front.left + 1) * JUNCTION));
  let foot = -1;
  let top = front.bottom;
  for (let k = 0; k < near; k++) {
    const x = left ? front.left + k : front.right - k;
    if (x < 0 || x >= width || restFoot[x]! < 0) continue;
    foot = Math.max(foot, restFoot[x]!);
    top = Math.min(top, restTop[x]!);
  }
  // Its height there (not the whole rest's: a leaf's ghost the look kept above it is no height of its own, #2174).
  const reach = Math.max(1, Math.round((foot - top + 1) * FRONT_REACH));
  return foot - pieceFoot[p]! >= reach;
}

/**
 * Whether a side piece (`underLeftOut`) is a thing apart from the product: one standing behind it
 * (`behindOwn`); under leaves, the plant's pot whatever its size (the leaves are the rest of the plant),
 * behind it or lower than the product beside it by a step though both stand against the wall (#1962: a
 * cream pot at a cream bag's side, on one foot line).
 */
function apartFromProduct(piece: SidePiece, own: Uint8Array, width: number): boolean {
  if (!piece.underLeaves) return behindOwn(piece.alpha, own, width);
  return piece.stepDown || behindOwn(piece.alpha, own, width, 0);
}

/** A side piece as a listed part (without what the rule that found it knew of it). */
const listedPart = ({ underLeaves: _, stepDown: __, ...part }: SidePiece): KeptPart => part;

/** The kept choices lying within a box left out are left out with it (in `regions`); the alpha without them. */
function leaveOutWithin(regions: OtherRegion[], box: Box, alpha: Buffer): Buffer {
  let out = alpha;
  regions.forEach((r, k) => {
    if (!r.kept || insideShare(r.box, box) < PART_INSIDE) return;
    out = without(out, r.alpha);
    regions[k] = { ...r, kept: false };
  });
  return out;
}

/** A copy of the cut's alpha with a part taken out (every pixel the part holds at all). */
function without(alpha: Buffer, part: Uint8Array): Buffer {
  const out = Buffer.from(alpha);
  for (let i = 0; i < out.length; i++) if (part[i]! > 0) out[i] = 0;
  return out;
}

/** Share of a mask's pixels (alpha >= 128) that another mask also holds. */
function overlapShare(a: Uint8Array, b: Uint8Array): number {
  let n = 0;
  let both = 0;
  for (let i = 0; i < a.length; i++)
    if (a[i]! >= 128) {
      n++;
      if (b[i]! >= 128) both++;
    }
  return n ? both / n : 0;
}

/** A mask's box, share and a point inside it (as a choice shows them), or null when it holds next to nothing. */
function describeMask(mask: Uint8Array, width: number, height: number): Omit<OtherRegion, 'kept' | 'alpha'> | null {
  const map = regionMap(mask, width, height, 128);
  const main = mainRegion(map);
  if (!main || main.share < MIN_REGION_SHARE) return null;
  return { point: main.point, box: main.box, share: main.share };
}

/** Alpha (0..255) the lift brings to sure: a lifted product's cells at its level times this join it. */
const LIFT_SURE = 128;

/**
 * The map with a region grown through the unlabelled cells at or above `threshold` (0..255) connected
 * to it (8-connected): the cells under the map's threshold that a faint product's lift makes sure.
 */
export function reachDown(map: RegionMap, label: number, threshold: number): RegionMap {
  const { gw, gh, grid } = map;
  const labels = Int32Array.from(map.labels);
  const starts: number[] = [];
  for (let g = 0; g < labels.length; g++) if (labels[g] === label) starts.push(g);
  flood8(starts, gw, gh, (n) => {
    if (labels[n] !== -1 || grid[n]! < threshold) return false;
    labels[n] = label;
    return true;
  });
  return { ...map, labels };
}

/** Within a print's faint band between its stripes, what the model marked at least this (0..255) is the product's. */
const BAND_TRACE = 16;

/**
 * The faint bands between a print's stripes (`splitByColour`'s `bands`: the dark stripes the model marked
 * at 60-120 between the light ones it was sure of, #1474) kept sure where the model marked them at all.
 */
function bandsKept(alpha: Buffer, source: Uint8Array, map: RegionMap, bands: readonly number[]): Buffer {
  const { width, height, gw, gh } = map;
  const band = new Uint8Array(gw * gh);
  for (const g of bands) band[g] = 1;
  const columns = gridColumns(width, gw);
  const out = Buffer.from(alpha);
  for (let y = 0; y < height; y++) {
    const row = Math.min(gh - 1, Math.floor((y * gh) / height)) * gw;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (band[row + columns[x]!] && source[i]! >= BAND_TRACE) out[i] = 255;
    }
  }
  return out;
}

/** A mask divided by the level the model gave a pale product (0..1): that level becomes sure. */
function lift(alpha: Buffer, level: number): Buffer {
  const out = Buffer.alloc(alpha.length);
  for (let i = 0; i < alpha.length; i++) out[i] = Math.min(255, Math.round(alpha[i]! / level));
  return out;
}

/** Every sizeable region of a map split into its parts (`splitRegion`). */
function splitAll(map: RegionMap): RegionMap {
  let out = map;
  for (const r of map.regions) if (r.share >= MIN_REGION_SHARE) out = splitRegion(out, r.label).map;
  return out;
}

/** Whether a part of the split map lies in the given region of the map it was split from. */
function within(map: RegionMap, label: number, split: RegionMap, part: number): boolean {
  for (let i = 0; i < split.labels.length; i++) if (split.labels[i] === part) return map.labels[i] === label;
  return false;
}

/** Whether a region is at a point or in a cell next to it. */
function regionAround(map: RegionMap, label: number, point: readonly [number, number]): boolean {
  const c = cellAt(map, point);
  const x = c % map.gw;
  const y = (c - x) / map.gw;
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      const nx = x + dx;
      const ny = y + dy;
      if (nx >= 0 && ny >= 0 && nx < map.gw && ny < map.gh && map.labels[ny * map.gw + nx] === label) return true;
    }
  return false;
}

/** Decodes a refinement mask (PNG data URL) to RGBA at the given size. */
async function decodeMask(dataUrl: string, width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  return sharp(png).ensureAlpha().resize(width, height, { fit: 'fill' }).raw().toBuffer();
}

/** True when a mask PNG has no painted pixel (the editor's `Mask Cannot Be Empty`). */
export async function maskIsEmpty(dataUrl: string): Promise<boolean> {
  let raw: Buffer;
  try {
    const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    raw = await sharp(png).ensureAlpha().extractChannel(3).raw().toBuffer();
  } catch {
    return true;
  }
  for (const a of raw) if (a > MASK_PAINT_THRESHOLD) return false;
  return true;
}

/** Pixels whose alpha must move by more than this for a stroke to count as a change. */
const STROKE_CHANGE_LEVELS = 24;
/** A refinement that changes fewer pixels than this changes nothing a person could see. */
const STROKE_CHANGE_MIN_PIXELS = 16;

/**
 * Whether the editor's strokes would change a cutout the user already has (a PNG with alpha): a
 * stroke that adds where the subject already is, or erases where the background already is,
 * changes nothing, and the refinement is refused before any work or charge.
 */
export async function strokesChangeCutout(dataUrl: string, cutoutPng: Buffer): Promise<boolean> {
  const { data: cut, info } = await sharp(cutoutPng).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const mask = await decodeMask(dataUrl, info.width, info.height);
  let changed = 0;
  for (let i = 0; i < info.width * info.height; i++) {
    const paint = mask[i * 4 + 3]!;
    if (paint <= MASK_PAINT_THRESHOLD) continue;
    const light = mask[i * 4]! + mask[i * 4 + 1]! + mask[i * 4 + 2]! > 3 * 127;
    const alpha = cut[i * 4 + 3]!;
    const after = alpha * (1 - paint / 255) + (light ? 255 : 0) * (paint / 255);
    if (Math.abs(after - alpha) > STROKE_CHANGE_LEVELS && ++changed >= STROKE_CHANGE_MIN_PIXELS) return true;
  }
  return false;
}

/**
 * Applies the editor's brush strokes: painted pixels (alpha > 0) force the subject when light
 * ("add") and the background when dark ("erase"), weighted by the paint's alpha so soft brush
 * edges stay soft; unpainted pixels keep the model's answer.
 */
export async function refineWithMask(cut: Rgba, dataUrl: string): Promise<Rgba> {
  const mask = await decodeMask(dataUrl, cut.width, cut.height);
  const data = Buffer.from(cut.data);
  const n = cut.width * cut.height;
  let painted = 0;
  for (let i = 0; i < n; i++) {
    if (mask[i * 4 + 3]! <= MASK_PAINT_THRESHOLD) continue;
    const paint = mask[i * 4 + 3]! / 255;
    painted++;
    const light = mask[i * 4]! + mask[i * 4 + 1]! + mask[i * 4 + 2]! > 3 * 127;
    const target = light ? 255 : 0;
    data[i * 4 + 3] = Math.round(data[i * 4 + 3]! * (1 - paint) + target * paint);
  }
  if (painted === 0) throw new EngineInputError('mask is empty');
  return { width: cut.width, height: cut.height, data };
}

/**
 * The cutout as PNG (issue 16; figures in docs/performance.md). Pixels nobody can see (alpha 0,
 * most of a product photo) get colour 0 in place: the photo's noise there made the PNG about three
 * times larger and its zlib pass up to fifty times slower. Adaptive row filters then cost about
 * 0.2 s more at 2048 px and save about a third of the remaining bytes, which every download of
 * the result pays. Clearing is done last, after refinement: a brush stroke may bring a hidden pixel
 * back, with its own colour.
 */
export function encodeCutoutPng(cut: Rgba): Promise<Buffer> {
  const data = cut.data;
  for (let i = 3; i < data.length; i += 4) {
    if (data[i] === 0) {
      data[i - 3] = 0;
      data[i - 2] = 0;
      data[i - 1] = 0;
    }
  }
  return sharp(data, { raw: { width: cut.width, height: cut.height, channels: 4 } })
    .png({ compressionLevel: 6, adaptiveFiltering: true })
    .toBuffer();
}

/** MATTING_IMAGE: background removal to a transparent PNG, optionally refined by a user mask. */
export async function runCutout(job: EngineJob<MattingParams>): Promise<EngineOutput[]> {
  const input = job.inputs[0];
  if (!input) throw new EngineInputError('MATTING_IMAGE needs one input');
  job.progress(5);
  // A picture that is already cut out keeps its own alpha (a cut is never cut again).
  let cut =
    (await ownAlpha(input.buffer, OUTPUT_MAX_SIDE)) ??
    (await cutoutRgba(input.buffer, job.signal, OUTPUT_MAX_SIDE, true, job.params.keep, job.params.drop));
  job.progress(85);
  if (job.params.mask) cut = await refineWithMask(cut, job.params.mask);
  const buffer = await encodeCutoutPng(cut);
  job.progress(100);
  return [{ buffer, contentType: 'image/png', type: 'image', ext: 'png' }];
}

/** A faint part this many times nearer a sure thing beside it (CIELAB, mean colours) than the product is that thing's. */
const BESIDE_NEARER = 2;

/**
 * Whether a faint part (cells the model was unsure of, `part`) is the half-seen rest of a sure thing
 * beside the product: it touches that thing (a part of `rest` not among `faint`) and its colour is
 * BESIDE_NEARER times nearer that thing's than the product's (the far side of an orange pot behind a
 * black bag, which the model marked faintly, issue 44, #926). A mannequin's head or a pale bottle's
 * neck touches no thing of its colour but the product.
 */
export function ofThingBeside(
  map: RegionMap,
  part: Region,
  product: Region,
  rest: readonly Region[],
  faint: ReadonlySet<number>,
  colourOf: (label: number) => Lab | null,
): boolean {
  const { gw, gh, labels } = map;
  const touching = new Set<number>();
  for (let g = 0; g < labels.length; g++) {
    if (labels[g] !== part.label) continue;
    const x = g % gw;
    for (const n of [x > 0 ? g - 1 : -1, x + 1 < gw ? g + 1 : -1, g - gw, g + gw < gw * gh ? g + gw : -1])
      if (n >= 0 && labels[n]! >= 0 && labels[n] !== part.label) touching.add(labels[n]!);
  }
  const own = colourOf(part.label);
  const ofProduct = colourOf(product.label);
  if (!own || !ofProduct) return false;
  const dProduct = labDistance(own, ofProduct);
  for (const r of rest) {
    if (r === part || r === product || faint.has(r.label) || !touching.has(r.label)) continue;
    const c = colourOf(r.label);
    if (c && labDistance(own, c) * BESIDE_NEARER < dProduct) return true;
  }
  return false;
}

/**
 * Each region's mean colour (CIELAB) in the picture, from one pixel at the middle of each of its grid
 * cells: a lookup by label (null: no cell).
 */
export function regionColours(map: RegionMap, rgb: Uint8Array): (label: number) => Lab | null {
  const { labels } = map;
  const sums = new Map<number, [number, number, number, number]>();
  for (let g = 0; g < labels.length; g++) {
    const l = labels[g]!;
    if (l < 0) continue;
    const p = cellPixel(map, g) * 3;
    const sum = sums.get(l) ?? [0, 0, 0, 0];
    sum[0] += rgb[p]!;
    sum[1] += rgb[p + 1]!;
    sum[2] += rgb[p + 2]!;
    sum[3]++;
    sums.set(l, sum);
  }
  const labs = new Map<number, Lab>();
  for (const [l, [r, g, b, n]] of sums) labs.set(l, srgbToLab(r / n, g / n, b / n));
  return (label) => labs.get(label) ?? null;
}

/**
 * A sure detail's faint body (a dark hanger on a pale dress, a bag's handle over its body the model
 * half-saw): the largest faint part that holds the detail's core (`core`) within its width, reaches as
 * low (a sofa half-seen behind a bag does not: the bag stands in front, lower) and is BODY_MIN times the
 * detail's size, or merely larger when of its own tone (OWN_TONE: a cream bag before a lamp's foot, marked
 * sure only at its upper left, its lower part 1.9 times that at 0.59, issue 44, #1885: IoU 0.35).
 */
export function faintBody(
  faint: readonly Region[],
  sure: Region,
  core: Box,
  colourOf: (label: number) => Lab | null,
): Region | undefined {
  let body: Region | undefined;
  const own = colourOf(sure.label);
  for (const r of faint) {
    const across = insideShare({ ...core, top: r.box.top, height: r.box.height }, r.box);
    const low = r.box.top + r.box.height >= core.top + core.height;
    const c = colourOf(r.label);
    const ownTone = own !== null && c !== null && labDistance(own, c) <= OWN_TONE;
    const large = r.share >= sure.share * (ownTone ? 1 : BODY_MIN);
    if (large && across >= PART_INSIDE && low && (!body || r.share > body.share)) body = r;
  }
  return body;
}

/**
 * Whether a small part is a sleeve of the product: joined to it at its upper side (its top within the
 * product's upper SLEEVE_TOP, ending above its middle), smaller than SLEEVE_MAX of it, and of its hue
 * (a* and b* within SLEEVE_HUE) in a lighter or darker shade (lightness within SLEEVE_SHADE). A grey
 * striped shirt's sleeves, of one stripe's tone in the light from one side, were areas of their own
 * reaching beyond the box the product's parts are kept within (issue 44, #1826: both sleeves lost,
 * IoU 0.84). A lamp's shade at a coat's shoulder is of another colour; a thing of the product's tone
 * standing beside it reaches below its middle.
 */
export function sleeveOf(
  map: RegionMap,
  part: Region,
  product: Region,
  own: Box,
  colourOf: (label: number) => Lab | null,
): boolean {
  const a = colourOf(part.label);
  const b = colourOf(product.label);
  if (!a || !b || part.share >= product.share * SLEEVE_MAX) return false;
  if (Math.hypot(a[1] - b[1], a[2] - b[2]) > SLEEVE_HUE || Math.abs(a[0] - b[0]) > SLEEVE_SHADE) return false;
  if (part.box.top > own.top + own.height * SLEEVE_TOP || part.box.top + part.box.height > own.top + own.height / 2) return false;
  return mainWithTouching(map, part).has(product.label);
}

/** A sleeve is smaller than this share of the product ... */
const SLEEVE_MAX = 0.2;
/** ... starts within this share of the product's height from its top ... */
const SLEEVE_TOP = 0.2;
/** ... its colour within this CIELAB distance of the product's in a* and b* ... */
const SLEEVE_HUE = 6;
/** ... and within this of its lightness (a shade of it). */
const SLEEVE_SHADE = 20;

/** A faint part within this CIELAB distance of the product's mean colour is of the product's tone. */
const OWN_TONE = 8;

/**
 * Whether a faint part, however large, is the product's own: of its tone (OWN_TONE), smaller than it,
 * its box LARGE_PART_INSIDE within the product's box grown, and not a thing aside (`asideOf`). The model
 * marks a plain product unevenly: a brown bag's lower half on a brown floor under the level the colour
 * split takes a colour from, left out as a faint part twice the small-part share (issue 44, #1291). A
 * sofa of the bag's tone behind it reaches beyond its box or aside; a faint thing of another colour is
 * not of its tone.
 */
export function ofProductsTone(
  map: RegionMap,
  part: Region,
  product: Region,
  colourOf: (label: number) => Lab | null,
  own: Box,
  productShare: number,
): boolean {
  if (part.share >= productShare || asideOf(map, part, own, productShare)) return false;
  if (insideShare(part.box, grow(own, PART_GROW, 0, map.width, map.height)) < LARGE_PART_INSIDE) return false;
  const a = colourOf(part.label);
  const b = colourOf(product.label);
  return a !== null && b !== null && labDistance(a, b) <= OWN_TONE;
}

/** A rim's arc over the body is at most this share of the kept product's height. */
const RIM_HEIGHT = 0.1;
/** Each channel of the arc over the room is this share of the room's just above it ... */
const RIM_DARK: readonly [number, number] = [0.5, 0.85];
/** ... all by nearly one factor (the room's own hue, darkened; not another thing's colour). */
const RIM_HUE = 0.15;
/** The rows next to the body's edge, of mixed colour, count when the arc goes on above them. */
const RIM_SEAM = 3;
/** The arc spans at least this share of the body's top edge. */
const RIM_SPAN = 0.5;
/** The model marks the arc at least this much on average (0..255) in one of its looks (faint: #792 about 7). */
const RIM_MARKED = 4;

/**
 * A mug's open top seen as a see-through dark ellipse: its upper half lies over the room (the wall
 * or the sofa behind it, darkened), above the body's top edge and within its width. A second look may
 * mark it faint (the model saw it sure from afar) and the cut left it out on some walls only (issue 44,
 * #685, #696, #703, #792). Per column of the kept body, the pixels straight above its top edge that a
 * look of the model marked (`marks`) and that are the room above them darkened by one factor are the
 * rim, when they form a thin arc (at most RIM_HEIGHT of the body's height) across most of its top
 * edge and within its sides. Returns the alpha with the arc added (the same buffer when none).
 */
export function rimOver(alpha: Uint8Array, marks: Uint8Array, rgb: Uint8Array, width: number, height: number): Uint8Array {
  let x0 = width;
  let x1 = -1;
  let y0 = height;
  let y1 = -1;
  const top = new Int32Array(width).fill(-1);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (alpha[y * width + x]! >= 128) {
        if (top[x]! < 0) top[x] = y;
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
  if (x1 < 0) return alpha;
  const reach = Math.max(2, Math.round((y1 - y0 + 1) * RIM_HEIGHT));
  // The body's top edge: the columns whose top lies within the reach of the highest one.
  const edge: number[] = [];
  for (let x = x0; x <= x1; x++) if (top[x]! >= 0 && top[x]! - y0 <= reach) edge.push(x);
  if (edge.length < 3) return alpha;
  const left = edge[0]!;
  const right = edge[edge.length - 1]!;
  const arc: number[] = [];
  let spanned = 0;
  let tallest: [number, number] = [-1, 0];
  for (let x = left + 1; x < right; x++) {
    const t = top[x]!;
    if (t < 0) continue;
    // The room straight above the reach: the colour the arc darkens.
    const ry = t - reach - 2;
    if (ry < 0) continue;
    const room = [0, 1, 2].map((c) => rgb[(ry * width + x) * 3 + c]! + 2);
    let n = 0;
    for (let y = t - 1; y >= t - reach && y >= 0; y--) {
      const i = y * width + x;
      if (alpha[i]! >= 128) break;
      n++;
      // The rows on the body's edge mix its colour in (the photo's chroma is blurred): only marked.
      if (n <= RIM_SEAM) continue;
      const ratios = [0, 1, 2].map((c) => (rgb[i * 3 + c]! + 2) / room[c]!);
      if (
        Math.min(...ratios) < RIM_DARK[0] ||
        Math.max(...ratios) > RIM_DARK[1] ||
        Math.max(...ratios) - Math.min(...ratios) > RIM_HUE
      ) {
        n--;
        break;
      }
    }
    if (n <= RIM_SEAM) n = 0;
    // A column whose arc reaches the room itself is no rim (a thing above the product, not its top).
    if (n === reach) return alpha;
    if (n > 0) spanned++;
    if (n > tallest[1]) tallest = [x, n];
    for (let k = 1; k <= n; k++) arc.push((t - k) * width + x);
  }
  if (spanned < (right - left + 1) * RIM_SPAN) return alpha;
  // An ellipse's upper half: tallest in the middle half of the edge.
  if (Math.abs(tallest[0] - (left + right) / 2) > (right - left) / 4) return alpha;
  let marked = 0;
  for (const i of arc) marked += marks[i]!;
  if (marked < arc.length * RIM_MARKED) return alpha;
  const out = Uint8Array.from(alpha);
  for (const i of arc) out[i] = 255;
  return out;
}

/** The model marks a sole at least this much (0..255); under it a pixel is the room's. */
const SOLE_MARKED = 32;
/** A sole is at least this many rows the model marked softly (under 128) below the body's sure edge ... */
const SOLE_MIN_ROWS = 4;
/** ... at most this share of the kept product's height (a band under the body, not the floor it stands on) ... */
const SOLE_HEIGHT = 0.25;
/** ... lighter than the floor straight under it by at least this much (CIELAB L*: a shadow never is) ... */
const SOLE_STEP = 20;
/** ... in at least this share of the kept product's columns (a sole runs along the body's foot). */
const SOLE_SPAN = 0.3;
/** Below the model's marks the sole goes on while a pixel is within this (CIELAB) of its marked rows' mean. */
const SOLE_SAME = 12;
/** Beside the band's ends, the pixels past the model's marks are looked for within this share of the width. */
const SOLE_BESIDE = 0.05;
/** Rows averaged on each side of the band's lower edge (the edge row itself mixes both). */
const SOLE_SAMPLE = 3;

/**
 * A shoe's light sole: a band under the body the model marks softly (issue 44, #1001, #840: a white
 * sole under a black upper marked 60-140 between the shoe and the floor, so the cut kept half of it).
 * Per column of the kept body, the pixels straight below its first sure run that the model marked
 * (at least SOLE_MARKED in the cut's alpha, sure ones in between included) are a band; it is the
 * product's own when it holds at least SOLE_MIN_ROWS soft rows, is no taller than SOLE_HEIGHT of the
 * kept product, and its last rows are lighter than the floor just under them by a step (SOLE_STEP in
 * L*): the product's edge is that step, where the model's marks end too. A floor shadow the model half
 * saw is darker than the floor, a halo is a row or two. Taken only when such columns run along
 * SOLE_SPAN of the kept product's width and the band ends with the product: beside its first and last
 * columns, past the model's marks, lies another colour (a table's lit edge under a bag goes on past
 * the bag, #971; the wall under a hanger's bar goes on past the bar, #962). Returns the alpha with
 * the bands made sure (the same buffer when none).
 */
export function soleUnder(alpha: Uint8Array, rgb: Uint8Array, width: number, height: number): Uint8Array {
  const kept = alphaBounds(alpha, width, height, 127);
  if (!kept) return alpha;
  const x0 = kept.left;
  const x1 = kept.left + kept.width - 1;
  const tallest = Math.max(SOLE_MIN_ROWS, Math.round(kept.height * SOLE_HEIGHT));
  const labAt = (i: number) => srgbToLab(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!);
  const lightness = (x: number, from: number, to: number) => {
    let sum = 0;
    for (let y = from; y <= to; y++) sum += labAt(y * width + x)[0];
    return sum / (to - from + 1);
  };
  const band: number[] = [];
  const columns: Array<[number, number, number]> = [];
  const colour = [0, 0, 0];
  for (let x = x0; x <= x1; x++) {
    let y = 0;
    while (y < height && alpha[y * width + x]! < 128) y++;
    while (y < height && alpha[y * width + x]! >= 128) y++;
    if (y >= height) continue;
    const start = y;
    let soft = 0;
    const own = [0, 0, 0];
    while (y < height && alpha[y * width + x]! >= SOLE_MARKED) {
      if (alpha[y * width + x]! < 128) {
        soft++;
        const c = labAt(y * width + x);
        for (let k = 0; k < 3; k++) own[k]! += c[k]!;
      }
      y++;
    }
    if (soft < SOLE_MIN_ROWS) continue;
    // Where the model's marks fade out within the sole, its colour goes on to the floor's step.
    for (let k = 0; k < 3; k++) own[k]! /= soft;
    while (y < height && y - start < tallest) {
      const c = labAt(y * width + x);
      if (labDistance(c, own) > SOLE_SAME) break;
      y++;
    }
    const end = y - 1;
    if (end - start + 1 >= tallest || end - SOLE_SAMPLE < start) continue;
    if (y + SOLE_SAMPLE > height) continue;
    if (lightness(x, end - SOLE_SAMPLE, end - 1) - lightness(x, end + 1, end + SOLE_SAMPLE) < SOLE_STEP) continue;
    columns.push([x, start, end]);
    for (let k = 0; k < 3; k++) colour[k]! += own[k]!;
    for (let k = start; k <= end; k++) band.push(k * width + x);
  }
  if (columns.length < (x1 - x0 + 1) * SOLE_SPAN) return alpha;
  // The band ends at the product's sides: beside it lies another colour. A strip of its colour going
  // on past both ends is a thing the product stands before (a table's edge under a bag, #971).
  for (let k = 0; k < 3; k++) colour[k]! /= columns.length;
  const reach = Math.round(width * SOLE_BESIDE);
  for (const [[x, start, end], dir] of [
    [columns[0]!, -1],
    [columns[columns.length - 1]!, 1],
  ] as const) {
    const beside = [0, 0, 0];
    let n = 0;
    for (let y = start; y <= end; y++) {
      // Past what the model still marks there (the sole's toe), the next pixels.
      let bx = x + dir;
      while (bx >= 0 && bx < width && Math.abs(bx - x) <= reach && alpha[y * width + bx]! >= SOLE_MARKED) bx += dir;
      for (let k = 0; k < SOLE_SAMPLE && bx >= 0 && bx < width && Math.abs(bx - x) <= reach; k++, bx += dir) {
        const c = labAt(y * width + bx);
        for (let j = 0; j < 3; j++) beside[j]! += c[j]!;
        n++;
      }
    }
    const besideMean = beside.map((v) => v / n);
    if (n && labDistance(besideMean, colour) <= SOLE_SAME) return alpha;
  }
  const out = Uint8Array.from(alpha);
  for (const i of band) out[i] = 255;
  return out;
}

/** The room round the product is sampled beyond this share of the picture's long side off its own box (its unmarked edge lies within) ... */
const GAP_RING_INNER = 0.02;
/** ... and within its box grown by this share of its size on each side (the room round it, not the far corners). */
const GAP_RING_OUTER = 0.3;
/** CIELAB bins this many units wide; a colour is the room's when its bin and the neighbouring ones ... */
const GAP_BIN = 4;
/** ... hold at least this share of the room's sampled pixels (the wall's mottle and grain, a floor's planks, shadows there). */
const GAP_ROOM_SHARE = 0.0005;
/** A gap of colours the room lacks is the product's when at least this share of its outline meets the product ... */
const GAP_ENCLOSED = 0.6;
/** ... and it is at least this share of the product (an edge's mixed pixels are no part left out) ... */
const GAP_MIN = 0.002;
/**
 * ... and at least this share of the picture's long side thick (its size over the rows it spans, and over the
 * columns): a slit of wall between a sleeve and the body lies in the garment's shadow, darker than the room
 * round it, and is a few pixels wide; a stripe of a dress is a band (#1090: 48 pixels of 1024).
 */
const GAP_THICK = 0.01;

/**
 * The parts of the product the model left unmarked between parts it marked (issue 44, session 19: a dark
 * dress's dark stripes between the light ones it marks, #1090). A gap is what the product's own pixels
 * (`own`, those the cut keeps) leave out between them in one row or one column. What lies in a gap is
 * either the room seen through an opening (a bag's handle, between an arm and the body, between two
 * shoes) or a part of the product: the room is what stands round the product (sampled round its own box,
 * outside its edge: the wall, the floor, and a sofa behind it even where the cut keeps the sofa too, which
 * a mug's handle shows, #1048), so a gap whose colours the room does not have, enclosed by the product
 * (most of its outline meets it), is a part of it and is kept. The colour of the product itself never
 * decides (a stripe of any colour). Returns the alpha with those gaps kept (the same buffer when none).
 */
export function foreignGaps(alpha: Uint8Array, own: Uint8Array, rgb: Uint8Array, width: number, height: number): Uint8Array {
  const n = width * height;
  const kept = new Uint8Array(n);
  let x0 = width;
  let x1 = -1;
  let y0 = height;
  let y1 = -1;
  let keptN = 0;
  for (let i = 0; i < n; i++)
    if (own[i]! >= 128) {
      kept[i] = 1;
      keptN++;
      const x = i % width;
      const y = (i - x) / width;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  if (x1 < 0) return alpha;
  // Gaps: between the first and last kept pixel of a row, or of a column.
  const gap = new Uint8Array(n);
  let gaps = 0;
  for (let y = y0; y <= y1; y++) {
    let l = -1;
    let r = -1;
    for (let x = x0; x <= x1; x++)
      if (kept[y * width + x]) {
        if (l < 0) l = x;
        r = x;
      }
    for (let x = l + 1; x < r; x++) if (!kept[y * width + x]) gap[y * width + x] = 1;
  }
  for (let x = x0; x <= x1; x++) {
    let t = -1;
    let b = -1;
    for (let y = y0; y <= y1; y++)
      if (kept[y * width + x]) {
        if (t < 0) t = y;
        b = y;
      }
    for (let y = t + 1; y < b; y++) if (!kept[y * width + x]) gap[y * width + x] = 1;
  }
  for (let i = 0; i < n; i++) gaps += gap[i]!;
  if (gaps === 0) return alpha;
  // The room's colours: a histogram of CIELAB bins over the ring round the kept box.
  const bins = Math.ceil(256 / GAP_BIN);
  const binOf = (i: number) => {
    const [l, a, b] = srgbToLab(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!);
    const q = (v: number) => Math.max(0, Math.min(bins - 1, Math.floor(v / GAP_BIN)));
    return [q(l), q(a + 128), q(b + 128)] as const;
  };
  const room = new Uint32Array(bins * bins * bins);
  let sampled = 0;
  const m = Math.round(Math.max(width, height) * GAP_RING_INNER);
  const gx = Math.round((x1 - x0 + 1) * GAP_RING_OUTER);
  const gy = Math.round((y1 - y0 + 1) * GAP_RING_OUTER);
  for (let y = Math.max(0, y0 - gy); y <= Math.min(height - 1, y1 + gy); y++)
    for (let x = Math.max(0, x0 - gx); x <= Math.min(width - 1, x1 + gx); x++) {
      if (x >= x0 - m && x <= x1 + m && y >= y0 - m && y <= y1 + m) continue;
      const i = y * width + x;
      if (kept[i]) continue;
      const [l, a, b] = binOf(i);
      room[(l * bins + a) * bins + b]!++;
      sampled++;
    }
  const enough = Math.max(2, sampled * GAP_ROOM_SHARE);
  const ofRoom = (i: number) => {
    const [l, a, b] = binOf(i);
    let c = 0;
    for (let dl = Math.max(0, l - 1); dl <= Math.min(bins - 1, l + 1); dl++)
      for (let da = Math.max(0, a - 1); da <= Math.min(bins - 1, a + 1); da++)
        for (let db = Math.max(0, b - 1); db <= Math.min(bins - 1, b + 1); db++) c += room[(dl * bins + da) * bins + db]!;
    return c >= enough;
  };
  // Gap pixels of colours the room does not have, in 4-connected pieces.
  const foreign = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (gap[i] && !ofRoom(i)) foreign[i] = 1;
  const seen = new Uint8Array(n);
  let out: Uint8Array = alpha;
  for (let s = 0; s < n; s++) {
    if (!foreign[s] || seen[s]) continue;
    seen[s] = 1;
    let meets = 0;
    let open = 0;
    const piece = flood4(s, width, n, (q) => {
      if (foreign[q]) {
        if (seen[q]) return false;
        seen[q] = 1;
        return true;
      }
      if (kept[q]) meets++;
      else open++;
      return false;
    });
    if (piece.length < keptN * GAP_MIN || meets < (meets + open) * GAP_ENCLOSED) continue;
    const { rows, cols } = spanOf(piece, width);
    if (piece.length / Math.max(rows, cols) < Math.max(width, height) * GAP_THICK) continue;
    if (out === alpha) out = Uint8Array.from(alpha);
    for (const i of piece) out[i] = 255;
  }
  return out;
}

/** How many rows and columns a piece of pixels spans (its size over the larger is its thickness: `foreignGaps`, `printStripes`). */
function spanOf(piece: readonly number[], width: number): { rows: number; cols: number } {
  const rows = new Set<number>();
  const cols = new Set<number>();
  for (const i of piece) {
    rows.add(Math.floor(i / width));
    cols.add(i % width);
  }
  return { rows: rows.size, cols: cols.size };
}

/** A print's stripes are one colour each: a gap is a stripe of it when this CIELAB distance holds its pixels ... */
const STRIPE_SAME = 8;
/** ... for at least this share of them (the room seen through an opening is any mottle). */
const STRIPE_UNIFORM = 0.8;
/** The stripe beside it differs from it by at least this (a pale grey print's darker stripe, #1184: about 10) ... */
const STRIPE_APART = 8;
/** ... its colour taken this many pixels in from its edge, over as many pixels (an edge's pixels are mixed). */
const STRIPE_EDGE = 3;
/** A pixel beyond the stripe beside that the cut left out counts as the product's when the model marked it at least this (0..255). */
const STRIPE_MARKED = 40;
/** The colour seen again beyond the stripe beside is at least this share of the gap's width, at most STRIPE_BESIDE times it ... */
const STRIPE_ECHO = 0.3;
/** ... and the stripe beside at most this many times its width and at least its width over this (a print's stripes). */
const STRIPE_BESIDE = 3;
/** Stripes kept in one pass are the echo of the next ones: this many passes at most. */
const STRIPE_PASSES = 3;
/** A stripe's pixels found in a row (a stripe running down) or in a column (one running across). */
const ACROSS_ROW = 1;
const ACROSS_COLUMN = 2;

/**
 * The stripes of a print the model left unmarked between stripes it marked (issue 44, session 20: a pale
 * grey striped T-shirt whose light stripes are the wall's lightness, #1184). Its colour alone cannot tell
 * such a stripe from the room seen through an opening, but a print alternates within the garment's
 * outline and the room does not: a gap (in a row or a column, between pixels the cut keeps, within the
 * product's own box) is a stripe when it is of one colour, the kept stripe next to it is of another, and
 * beyond that one the gap's colour shows again on the product (kept, or marked by the model) within its
 * own box. The wall seen through a handle or between two shoes has the room beyond the handle or the
 * shoe, which the model does not mark. `own`: the product's own pixels (foreignGaps'); `marks`: the
 * model's. Returns the alpha with the stripes kept (the same buffer when none).
 */
export function printStripes(
  alpha: Uint8Array,
  own: Uint8Array,
  marks: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
): Uint8Array {
  const ownBox = alphaBounds(own, width, height, 128);
  if (!ownBox) return alpha;
  // Within the product's own box grown as its parts' (a sleeve kept as a part of its own beside the stripes).
  const box = grow(ownBox, PART_GROW, 0, width, height);
  let ownN = 0;
  for (let i = 0; i < own.length; i++) if (own[i]! >= 128) ownN++;
  // The box's colours, converted once for every pass.
  const lab = new Float32Array(width * height * 3);
  for (let y = box.top; y < box.top + box.height; y++)
    for (let x = box.left; x < box.left + box.width; x++) {
      const i = y * width + x;
      const c = srgbToLab(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!);
      lab[i * 3] = c[0];
      lab[i * 3 + 1] = c[1];
      lab[i * 3 + 2] = c[2];
    }
  const look: StripeLook = { marks, lab, box, ownN, width, height };
  let out = alpha;
  // A stripe kept shows its colour again for the next one (the right stripe beyond the dark one, #1184).
  for (let pass = 0; pass < STRIPE_PASSES; pass++) {
    const next = stripesOnce(out, look);
    if (next === out) break;
    out = next;
  }
  return out;
}

/** What every pass of `printStripes` looks at: the model's marks, the box's CIELAB colours, the product's box and size. */
interface StripeLook {
  marks: Uint8Array;
  lab: Float32Array;
  box: Box;
  ownN: number;
  width: number;
  height: number;
}

function stripesOnce(alpha: Uint8Array, { marks, lab, box, ownN, width, height }: StripeLook): Uint8Array {
  const n = width * height;
  const x0 = box.left;
  const x1 = box.left + box.width - 1;
  const y0 = box.top;
  const y1 = box.top + box.height - 1;
  const dist = (i: number, c: readonly number[]) =>
    Math.hypot(lab[i * 3]! - c[0]!, lab[i * 3 + 1]! - c[1]!, lab[i * 3 + 2]! - c[2]!);
  const kept = (i: number) => alpha[i]! >= 128;
  // Beyond the stripe beside, the product's: kept, or marked by the model where the cut left it out.
  const product = (i: number) => kept(i) || marks[i]! >= STRIPE_MARKED;
  const thick = Math.max(width, height) * GAP_THICK;
  const stripe = new Uint8Array(n);
  // One line (a row or a column): `at(k)` is the pixel at position k, from `from` to `to`.
  const line = (from: number, to: number, at: (k: number) => number, kind: number) => {
    let k = from;
    while (k <= to && !kept(at(k))) k++;
    while (k <= to) {
      while (k <= to && kept(at(k))) k++;
      const start = k;
      while (k <= to && !kept(at(k))) k++;
      if (k > to) break;
      const end = k - 1;
      const w = end - start + 1;
      const mean = [0, 0, 0];
      for (let j = start; j <= end; j++) for (let c = 0; c < 3; c++) mean[c]! += lab[at(j) * 3 + c]! / w;
      let same = 0;
      for (let j = start; j <= end; j++) if (dist(at(j), mean) < STRIPE_SAME) same++;
      if (same < w * STRIPE_UNIFORM) continue;
      // `count` pixels from `k` on are the product's and their mean colour is the gap's.
      const sameAs = (k: number, count: number, dir: number, colour: readonly number[]) => {
        const sum = [0, 0, 0];
        for (let c = 0; c < count; c++, k += dir) {
          if (k < from || k > to || !product(at(k))) return false;
          for (let ch = 0; ch < 3; ch++) sum[ch]! += lab[at(k) * 3 + ch]! / count;
        }
        return labDistance(sum, colour) < STRIPE_SAME;
      };
      const echoes = (dir: number) => {
        // The stripe beside: its colour a few pixels in from the edge (the edge's pixels are mixed).
        const first = dir < 0 ? start - 1 : end + 1;
        const beside = [0, 0, 0];
        let b = 0;
        for (let j = first + dir * STRIPE_EDGE; b < STRIPE_EDGE && j >= from && j <= to; j += dir) {
          if (!kept(at(j))) return false;
          for (let c = 0; c < 3; c++) beside[c]! += lab[at(j) * 3 + c]! / STRIPE_EDGE;
          b++;
        }
        if (b < STRIPE_EDGE || labDistance(beside, mean) < STRIPE_APART) return false;
        // Across the stripe beside (kept, nearer its colour than the gap's), then the gap's colour again.
        let j = first + dir * STRIPE_EDGE;
        while (j >= from && j <= to && dist(at(j), beside) <= dist(at(j), mean)) {
          if (!kept(at(j))) return false;
          j += dir;
        }
        // A stripe as wide as a print's, and as thick as a gap that is kept: not a collar's edge round the neck's
        // opening or a hanger's bar over the shoulders (#1153), not a body beyond a handle.
        const across = Math.abs(j - first);
        if (across > w * STRIPE_BESIDE || across * STRIPE_BESIDE < w || across < thick) return false;
        // The next pixels beyond it are the product's (kept, or marked by the model) and of the gap's colour ...
        const need = Math.max(STRIPE_EDGE, Math.ceil(w * STRIPE_ECHO));
        const again = j;
        if (!sameAs(again, need, dir, mean)) return false;
        // ... as a stripe, not a thing running on beyond the stripe beside (a sofa the model marks, seen through a
        // bag's handle and beyond it, #1208): STRIPE_BESIDE gap widths further on, no longer.
        // (Further on than the product's box grown: no telling, no stripe.)
        const far = again + dir * Math.round(w * STRIPE_BESIDE);
        if (far < from || far + dir * STRIPE_EDGE > to || sameAs(far, STRIPE_EDGE, dir, mean)) return false;
        // That stripe again is the print's too where the cut left it out and the model marked it (faintly).
        for (let k = again, steps = 0; steps < w * STRIPE_BESIDE && k >= from && k <= to; k += dir, steps++) {
          const i = at(k);
          if (kept(i)) continue;
          if (!product(i) || dist(i, mean) >= dist(i, beside)) break;
          stripe[i]! |= kind;
        }
        return true;
      };
      const left = echoes(-1);
      if (echoes(1) || left) for (let j = start; j <= end; j++) stripe[at(j)]! |= kind;
    }
  };
  for (let y = y0; y <= y1; y++) line(x0, x1, (k) => y * width + k, ACROSS_ROW);
  for (let x = x0; x <= x1; x++) line(y0, y1, (k) => k * width + x, ACROSS_COLUMN);
  let out: Uint8Array = alpha;
  const seen = new Uint8Array(n);
  for (let s = 0; s < n; s++) {
    if (!stripe[s] || seen[s]) continue;
    seen[s] = 1;
    const piece = flood4(s, width, n, (q) => {
      if (!stripe[q] || seen[q]) return false;
      seen[q] = 1;
      return true;
    });
    if (piece.length < ownN * GAP_MIN) continue;
    const { rows, cols } = spanOf(piece, width);
    if (piece.length / Math.max(rows, cols) < thick) continue;
    // A stripe is longer along itself than across: found across rows it spans more rows than columns (the
    // wall between a hanger's bar and a shoulder, over a pale polka dot below it, is found across columns
    // and spans fewer, #2).
    const kinds = piece.reduce((k, i) => k | stripe[i]!, 0);
    if (!((kinds & ACROSS_ROW && rows >= cols) || (kinds & ACROSS_COLUMN && cols >= rows))) continue;
    if (out === alpha) out = Uint8Array.from(alpha);
    for (const i of piece) out[i] = 255;
  }
  return out;
}
