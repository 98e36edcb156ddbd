import { atHem, BEHIND_BEYOND, BEHIND_MIN_SIZE, beyondShare, staggered, standsBehind } from './core-parts.ts';
import { labDistance as distance, srgbToLab } from './image-metrics.ts';
import { type Box, cellBounds, flood4, union, widthWithin } from './imaging.ts';
import { leafGreen } from './potted-plant.ts';
import { COLOUR_SURE, cellPixel, type Region, type RegionMap } from './regions.ts';

/**
 * Splitting a cut's main part by colour (issue 44). A plant behind a box, a sofa behind a mug or a
 * lamp shade against a coat touch the product over a wide seam: no erosion separates them, but
 * their colour does. The part is cut into areas of one colour (cells of a coarse grid grown from a
 * seed through neighbours closer than SEAM / 2 while they stay within SPREAD of the area's mean, so
 * a shaded face stays one area but a seam's mixed cells do not chain a box into the sofa behind
 * it; then areas of close mean colours merge), specks are joined to their nearest neighbour, and the
 * product grows from the most central large area that nothing stands in front of (a sofa with a
 * box before it is behind the product): an area is added while its box lies mostly inside the
 * start's box grown by a share of its size and it is no larger than the start (a label, a cap, a
 * second face of a box), or while it is of the same dye (chromatic, hue within SAME_HUE degrees: a
 * shirt's stripes, its shaded side; not an area above it and set off sideways, a plant's leaves above
 * a box of their green) or the product's colour shows again beyond it (a print's stripe; not an area
 * something stands in front of, leaves behind a pot of the mug's dark grey), and only the dye widens
 * the box. Cells without a sure colour
 * take their coloured neighbour's label up to RIM_RINGS cells away (a soft rim); further ones (a
 * sofa the model half-saw) are `faint` parts. What is left beside the product becomes parts of
 * their own, offered to the user as choices.
 */
const COARSE = 128;
/** CIELAB distance between neighbouring cells above which they are different things. */
const SEAM = 16;
/** An area's cells stay within this CIELAB distance of its mean colour. */
const SPREAD = 24;
/** Cells without a sure colour take a coloured neighbour's label up to this many coarse cells away (a soft rim). */
const RIM_RINGS = 3;
/** Areas smaller than this share of the part are specks (a print's dot, a button), joined to a neighbour. */
const SPECK = 0.02;

export interface ColourSplit {
  map: RegionMap;
  /** The product's part (may be the given part unchanged). */
  product: Region;
  /** Parts beside it, each of one colour area or several touching ones. */
  rest: Region[];
  /** Those of `rest` the model was unsure of everywhere (no sure colour): never kept with the product. */
  faint: Region[];
  /** The box of the product's start area and its dye (not of what its box took in: a pot beside a shoe). */
  core: Box;
  /** Those of `rest` that stand behind the product (`standsBehind`) with what is joined to them: left out, offered. */
  behind: Region[];
  /** The map's cells of the faint bands between the product's stripes (a print's dark stripes the model half-saw): the product's. */
  bands: number[];
}

export function splitByColour(
  map: RegionMap,
  part: Region,
  rgb: Uint8Array,
  grow: (box: Box) => Box,
  inside: (a: Box, b: Box) => number,
  insideShare: number,
  describe: (map: RegionMap, label: number, cells: number[]) => Region,
): ColourSplit {
  const { gw, gh, width, height } = map;
  const step = Math.max(1, Math.round(Math.max(gw, gh) / COARSE));
  const cw = Math.ceil(gw / step);
  const ch = Math.ceil(gh / step);
  // Mean colour per coarse cell over the part's fine cells (sampled at the fine cell's centre pixel).
  const sum = new Float64Array(cw * ch * 3);
  const count = new Int32Array(cw * ch);
  const fineCells: number[][] = Array.from({ length: cw * ch }, () => []);
  for (let y = 0; y < gh; y++)
    for (let x = 0; x < gw; x++) {
      const g = y * gw + x;
      if (map.labels[g] !== part.label) continue;
      const p = cellPixel(map, g) * 3;
      const c = Math.floor(y / step) * cw + Math.floor(x / step);
      fineCells[c]!.push(g);
      // Only where the model is sure: its soft halo mixes in the wall between two things.
      if (map.grid[g]! < COLOUR_SURE) continue;
      sum[c * 3] = sum[c * 3]! + rgb[p]!;
      sum[c * 3 + 1] = sum[c * 3 + 1]! + rgb[p + 1]!;
      sum[c * 3 + 2] = sum[c * 3 + 2]! + rgb[p + 2]!;
      count[c]!++;
    }
  const lab: Array<[number, number, number] | null> = Array.from({ length: cw * ch }, (_, c) =>
    count[c]! >= (step * step) / 2
      ? srgbToLab(sum[c * 3]! / count[c]!, sum[c * 3 + 1]! / count[c]!, sum[c * 3 + 2]! / count[c]!)
      : null,
  );
  const parent = Int32Array.from({ length: cw * ch }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  // Areas grow from a seed cell through neighbours of a close colour, while they stay within SPREAD of
  // the area's mean: a soft shading chains along, a seam's mixed cells no longer chain a white box
  // into the sofa behind it.
  const grown = new Uint8Array(cw * ch);
  for (let seed = 0; seed < cw * ch; seed++) {
    if (!lab[seed] || grown[seed]) continue;
    grown[seed] = 1;
    const mean = [...lab[seed]!];
    let size = 1;
    const stack = [seed];
    while (stack.length) {
      const c = stack.pop()!;
      const x = c % cw;
      for (const n of [x + 1 < cw ? c + 1 : -1, x > 0 ? c - 1 : -1, c + cw < cw * ch ? c + cw : -1, c - cw]) {
        if (n < 0 || !lab[n] || grown[n]) continue;
        if (distance(lab[c]!, lab[n]!) >= SEAM / 2 || distance(mean, lab[n]!) >= SPREAD || tintApart(mean, lab[n]!)) continue;
        grown[n] = 1;
        parent[n] = seed;
        for (let k = 0; k < 3; k++) mean[k] = (mean[k]! * size + lab[n]![k]!) / (size + 1);
        size++;
        stack.push(n);
      }
    }
  }
  // Areas: members, mean colour, neighbours. Edge cells (too few fine cells for a colour) join later.
  const areas = new Map<number, { cells: number[]; lab: [number, number, number] }>();
  for (let c = 0; c < cw * ch; c++) {
    if (!lab[c]) continue;
    const root = find(c);
    let area = areas.get(root);
    if (!area) {
      area = { cells: [], lab: [0, 0, 0] };
      areas.set(root, area);
    }
    area.cells.push(c);
    for (let k = 0; k < 3; k++) area.lab[k]! += lab[c]![k]!;
  }
  for (const a of areas.values()) for (let k = 0; k < 3; k++) a.lab[k]! /= a.cells.length;
  const total = [...areas.values()].reduce((t, a) => t + a.cells.length, 0);
  if (areas.size === 0 || total === 0) return { map, product: part, rest: [], faint: [], core: part.box, behind: [], bands: [] };
  const areaOf = new Int32Array(cw * ch).fill(-1);
  for (const [root, a] of areas) for (const c of a.cells) areaOf[c] = root;
  const neighbours = (root: number) => {
    const out = new Set<number>();
    for (const c of areas.get(root)!.cells) {
      const x = c % cw;
      for (const n of [x + 1 < cw ? c + 1 : -1, x > 0 ? c - 1 : -1, c + cw < cw * ch ? c + cw : -1, c - cw]) {
        if (n < 0) continue;
        const o = areaOf[n]!;
        if (o >= 0 && o !== root) out.add(o);
      }
    }
    return out;
  };
  const merge = (from: number, to: number) => {
    const a = areas.get(from)!;
    const into = areas.get(to)!;
    const size = into.cells.length + a.cells.length;
    for (let k = 0; k < 3; k++) into.lab[k] = (into.lab[k]! * into.cells.length + a.lab[k]! * a.cells.length) / size;
    for (const c of a.cells) {
      into.cells.push(c);
      areaOf[c] = to;
    }
    areas.delete(from);
  };
  // Neighbouring areas of close mean colours merge, closest first. Comparing means (not cells) keeps
  // a seam's mixed cells from chaining a yellow coat to the green leaves behind it.
  for (;;) {
    let bestA = -1;
    let bestB = -1;
    let bestD = SEAM;
    for (const [root, a] of areas)
      for (const n of neighbours(root)) {
        if (n <= root) continue;
        const d = distance(a.lab, areas.get(n)!.lab);
        // A pale tint beside a white (a pink poster behind a white coat) is another thing: close in
        // distance, but one has a colour and the other none.
        if (tintApart(a.lab, areas.get(n)!.lab)) continue;
        if (d < bestD) {
          bestD = d;
          bestA = root;
          bestB = n;
        }
      }
    if (bestA < 0) break;
    merge(bestB, bestA);
  }
  // Specks join their most similar neighbour (smallest first).
  for (const root of [...areas.keys()].sort((a, b) => areas.get(a)!.cells.length - areas.get(b)!.cells.length)) {
    const a = areas.get(root);
    if (!a || a.cells.length >= total * SPECK) continue;
    let best = -1;
    let bestD = Number.POSITIVE_INFINITY;
    for (const n of neighbours(root)) {
      const d = distance(a.lab, areas.get(n)!.lab);
      if (d < bestD) {
        bestD = d;
        best = n;
      }
    }
    if (best >= 0) merge(root, best);
  }
  // Coarse cells to the fine cells' box, in the map's pixels.
  const pixelBox = ({ left: x0, top: y0, right: x1, bottom: y1 }: ReturnType<typeof cellBounds>): Box => {
    const sx = (width / gw) * step;
    const sy = (height / gh) * step;
    return {
      left: Math.floor(x0 * sx),
      top: Math.floor(y0 * sy),
      width: Math.ceil((x1 - x0 + 1) * sx),
      height: Math.ceil((y1 - y0 + 1) * sy),
    };
  };
  const boxOf = (cells: number[]): Box => pixelBox(cellBounds(cells, cw));
  // The product starts at the area nearest the part's centre among the large ones, weighted by size.
  const pcx = part.box.left + part.box.width / 2;
  const pcy = part.box.top + part.box.height / 2;
  let start = -1;
  let startScore = -1;
  // An area with another in front of it is behind the product (a sofa behind a box): it is not the start.
  const boxes = new Map([...areas].map(([root, a]) => [root, boxOf(a.cells)]));
  const behind = new Set<number>();
  // For a print's echo, only an area something clearly stands before: one reaching lower than it by
  // more than a sliver of its height (a pot below the leaves). A garment's stripes end at one hem,
  // a cell apart, and a stripe joined over the yoke to the next spans the dark stripes between: no
  // stripe of it stands before another (issue 44, #730).
  const wellBehind = new Set<number>();
  // Pairs of areas joined at a hem (the upper's root, then the lower's): one outfit, each the other's own.
  const hems = new Set<string>();
  for (const [root, a] of areas)
    for (const [other, o] of areas) {
      if (other === root || o.cells.length < a.cells.length * FRONT_MIN_SIZE) continue;
      const front = boxes.get(other)!;
      const back = boxes.get(root)!;
      // Trousers under a shirt's hem are no thing before it: the two are one outfit. (For a print's echo it
      // still stands before it: leaves between a dark mug and their dark pot are no stripe of the mug, #670.)
      const hem = atHem(o.cells, a.cells, cw);
      if (hem) hems.add(`${root} ${other}`);
      if (!inFront(front, back)) continue;
      if (!hem) behind.add(root);
      if (inFront(front, back, FRONT_LOWER)) wellBehind.add(root);
    }
  // A thing of many stripes of one dye (a striped jacket) weighs as a whole: each stripe is small beside a
  // poster's plain paper, but the jacket is not (issue 44, #922). Touching areas of the same dye are one
  // group; an area weighs its group's size.
  const dyeGroup = new Map([...areas.keys()].map((root) => [root, root]));
  const groupOf = (root: number): number => (dyeGroup.get(root) === root ? root : groupOf(dyeGroup.get(root)!));
  for (const [root, a] of areas)
    for (const n of neighbours(root)) if (sameDye(a.lab, areas.get(n)!.lab)) dyeGroup.set(groupOf(n), groupOf(root));
  const groupSize = new Map<number, number>();
  for (const [root, a] of areas) groupSize.set(groupOf(root), (groupSize.get(groupOf(root)) ?? 0) + a.cells.length);
  // Leaves over a pot (a leaf-green area with a narrower thing of another colour starting below its
  // middle and reaching below it) are a potted plant: decoration beside the product, not
  // its start while another area is a quarter of the leaves' size or more (issue 44, #1086).
  const plant = new Set<number>();
  // The leaves themselves (the areas a pot was found under): no side of a product of their dye that is not
  // over that pot (a green box standing before the plant, the leaves reaching down behind it, #1374).
  const leavesOverPot = new Set<number>();
  for (const [root, a] of areas) {
    if (!leafGreen(a.lab)) continue;
    const leaves = boxes.get(root)!;
    const bottom = leaves.top + leaves.height;
    for (const [other, o] of areas) {
      // (Leaves drawn down over the pot's rim meet it as at a hem: no hem test here.)
      if (other === root || leafGreen(o.lab)) continue;
      const pot = boxes.get(other)!;
      const cx = pot.left + pot.width / 2;
      const under =
        cx > leaves.left &&
        cx < leaves.left + leaves.width &&
        pot.width < leaves.width &&
        pot.top >= leaves.top + leaves.height / 2 &&
        pot.top <= bottom + leaves.height * POT_GAP &&
        pot.top + pot.height > bottom;
      if (!under) continue;
      for (const [g] of areas) if (groupOf(g) === groupOf(root)) plant.add(g);
      plant.add(other);
      leavesOverPot.add(root);
    }
  }
  const leafSize = Math.max(0, ...[...plant].map((root) => groupSize.get(groupOf(root))!));
  const beside = [...areas].some(([root, a]) => !plant.has(root) && a.cells.length >= leafSize * FRONT_MIN_SIZE);
  // Off the picture's middle line, as a share of its width.
  const offLine = (b: Box) => Math.abs((b.left + b.width / 2) / width - 0.5);
  let second = -1;
  let secondScore = -1;
  for (const [root] of areas) {
    if (behind.has(root) && behind.size < areas.size) continue;
    if (plant.has(root) && beside) continue;
    const b = boxes.get(root)!;
    const off = Math.hypot((b.left + b.width / 2 - pcx) / part.box.width, (b.top + b.height / 2 - pcy) / part.box.height);
    const score = groupSize.get(groupOf(root))! * Math.max(0.05, 1 - off) ** 2;
    if (score > startScore) {
      second = start;
      secondScore = startScore;
      startScore = score;
      start = root;
    } else if (score > secondScore) {
      second = root;
      secondScore = score;
    }
  }
  // A near tie is broken by the picture's middle line, where shops put the product (issue 44, #1726: a
  // green box standing before a plant whose dark pot the model left unmarked; the leaves, above it and
  // aside, scored 0.53 against the box's 0.49).
  if (second >= 0 && secondScore >= startScore * TIE && offLine(boxes.get(second)!) + TIE_NEARER <= offLine(boxes.get(start)!))
    start = second;
  // Depth order against the start (issue 44): a thing that stands behind it never joins it, by no rule
  // (a pot whose leaves meet it at a hem, a sofa whose other side is of its dye). A thing is what touches
  // itself apart from the start (a pot with the leaves over it), seen with the pieces of its colours
  // elsewhere in the part (a sofa left and right of a mug, the pot through the mug's handle).
  const startBounds = cellBounds(areas.get(start)!.cells, cw);
  // A thin bar through it (a skirting board of the mug's white joined to it, #2105) is no body to stand before,
  // nor sides to show beyond.
  const startBodyCells = withoutBars(areas.get(start)!.cells, cw, ch);
  // The start stands in front as low as its body reaches: a mannequin's pole of the stripe's grey joined
  // below it is no lower hem (the dress's other stripes end at its hem, #1476).
  const startBody = bodyBounds(startBodyCells, cw);
  const startLab = areas.get(start)!.lab;
  const thingOf = new Map<number, number>();
  const things: number[][] = [];
  for (const root of areas.keys()) {
    if (root === start || thingOf.has(root)) continue;
    const members = [root];
    thingOf.set(root, things.length);
    for (let k = 0; k < members.length; k++)
      for (const n of neighbours(members[k]!))
        if (n !== start && !thingOf.has(n)) {
          thingOf.set(n, things.length);
          members.push(n);
        }
    things.push(members);
  }
  const behindStart = new Set<number>();
  const ofColours = (members: number[], of: number[]) =>
    members.every((m) => of.some((o) => distance(areas.get(m)!.lab, areas.get(o)!.lab) < SEAM / 2));
  for (const members of things) {
    const seen = things.filter((other) => other === members || ofColours(other, members) || ofColours(members, other));
    const cells = seen.flat().flatMap((m) => areas.get(m)!.cells);
    if (cells.length < areas.get(start)!.cells.length * BEHIND_MIN_SIZE || !standsBehind(startBody, cells, cw)) continue;
    for (const m of members) {
      const a = areas.get(m)!;
      const b = cellBounds(a.cells, cw);
      // Of the start's dye it is the product's (a sleeve, a shaded side), unless it rises well above the
      // start with its middle off the start's sides: green leaves behind a green mug, their pot hidden (#1534).
      const mid = (b.left + b.right) / 2;
      const rises =
        (mid < startBounds.left || mid > startBounds.right) &&
        startBounds.top - b.top >= (startBounds.bottom - startBounds.top + 1) * RISES_ABOVE;
      if ((sameDye(a.lab, startLab) && !rises) || distance(a.lab, startLab) < SEAM / 2) continue;
      // Within the start's sides only what lies within its box below its top edge is the thing seen through it
      // (a handle's loop): a handle above, a mug's open top, a sole below are the product's.
      const through = b.top > startBounds.top && b.bottom <= startBounds.bottom;
      if (beyondShare(startBody, a.cells, cw) >= BEHIND_BEYOND || through) behindStart.add(m);
    }
  }
  const product = new Set([start]);
  // The start and its dye; what the box rule took in is a part of its own (kept by the caller, and
  // listed, so one click drops a pot that stood in the shoe's box).
  const own = new Set([start]);
  const startSize = areas.get(start)!.cells.length;
  const startCells = cellBounds(areas.get(start)!.cells, cw);
  let box = pixelBox(startCells);
  // An area with the product's own colour again beyond it (a stripe between two of the product's
  // stripes): a print of the product, not a thing beside it. Under a fold's shading a grey and black
  // print's next black stripe is more than SEAM / 2 off the first one (issue 44, #837: the cut kept two
  // stripes of eight): within SEAM it still counts when it is nearer the product's colour than half its
  // distance to the area between (a stripe of that colour, not of the product's, lies beyond a thing).
  // The area must lie between the product and that colour (within the width of both, ECHO_WITHIN): green
  // leaves hanging over a striped dress's edge reach past it, far beyond the stripes they touch (#960).
  const echoes = (n: number) => {
    let beyond: Box | null = null;
    for (const m of neighbours(n)) {
      if (product.has(m)) continue;
      const lm = areas.get(m)!.lab;
      const far = distance(areas.get(n)!.lab, lm);
      for (const o of own) {
        const d = distance(areas.get(o)!.lab, lm);
        if (d < SEAM / 2 || (d < SEAM && d < far / 2)) {
          beyond = union(beyond ?? box, boxes.get(m)!);
          break;
        }
      }
    }
    const b = boxes.get(n)!;
    // A stripe runs along the print: across it (within its columns, a band) or beside it as long (within
    // its rows, at least half its height); a shelf at the shirt's shoulder, a green book beyond it, runs
    // along neither (issue 44, #1699: the shelf and its books were kept as the shirt's print).
    const rows = Math.max(0, Math.min(b.top + b.height, box.top + box.height) - Math.max(b.top, box.top));
    const runs =
      widthWithin(b, box) >= b.width * ECHO_WITHIN || (rows >= b.height * ECHO_WITHIN && b.height >= box.height * ECHO_WITHIN);
    return beyond !== null && runs && widthWithin(b, beyond) >= b.width * ECHO_WITHIN;
  };
  // A thing of the product's dye above it and set off sideways (a plant's green leaves above and behind
  // a green box standing before the pot), or a plant's leaves over their pot, is no side or stripe of
  // it: it joins only as a part would.
  const setOff = (cells: ReturnType<typeof cellBounds>) => staggered(cells, startCells) || staggered(startCells, cells);
  // A stripe of the product's colour or dye beside it with only cells the model half-saw between them (no
  // sure colour: a print's dark stripes it marked faintly between the light ones, #1474), in most rows
  // they share: the print's next stripe. The stripes so bridged, each with the faint cells between it
  // and the product (the print's band there):
  const bridgedStripes = new Map<number, number[]>();
  // Per area, its leftmost and rightmost cell in each row.
  const extents = new Map<number, Map<number, [number, number]>>();
  const extentOf = (root: number) => {
    let rows = extents.get(root);
    if (rows) return rows;
    rows = new Map();
    for (const c of areas.get(root)!.cells) {
      const x = c % cw;
      const y = (c - x) / cw;
      const e = rows.get(y);
      if (!e) rows.set(y, [x, x]);
      else rows.set(y, [Math.min(e[0], x), Math.max(e[1], x)]);
    }
    extents.set(root, rows);
    return rows;
  };
  const faintBetween = (y: number, from: number, to: number) => {
    for (let x = from; x <= to; x++) if (lab[y * cw + x] || fineCells[y * cw + x]!.length === 0) return false;
    return true;
  };
  // The photo's mean colour over coarse cells, every fine cell's centre pixel (sure or not).
  const colourOf = (cells: readonly number[]): [number, number, number] => {
    const total = [0, 0, 0];
    let n = 0;
    for (const c of cells)
      for (const g of fineCells[c]!) {
        const p = cellPixel(map, g) * 3;
        for (let k = 0; k < 3; k++) total[k]! += rgb[p + k]!;
        n++;
      }
    return srgbToLab(total[0]! / n, total[1]! / n, total[2]! / n);
  };
  const stripesAcross = (root: number): number[] => {
    const a = areas.get(root)!;
    const ra = extentOf(root);
    const out: number[] = [];
    for (const [n, o] of areas) {
      if (n === root || product.has(n) || (!sameDye(a.lab, o.lab) && distance(a.lab, o.lab) >= SEAM / 2)) continue;
      const rn = extentOf(n);
      let shared = 0;
      const gaps: number[] = [];
      let bridged = 0;
      for (const [y, [l, r]] of ra) {
        const e = rn.get(y);
        if (!e) continue;
        shared++;
        const gap: [number, number] | null = e[0] > r ? [r + 1, e[0] - 1] : l > e[1] ? [e[1] + 1, l - 1] : null;
        if (!gap || gap[1] < gap[0] || gap[1] - gap[0] + 1 > STRIPE_GAP * Math.max(r - l + 1, e[1] - e[0] + 1)) continue;
        if (!faintBetween(y, gap[0], gap[1])) continue;
        bridged++;
        for (let x = gap[0]; x <= gap[1]; x++) gaps.push(y * cw + x);
      }
      // The band is the print's other colour, not more of the stripes' (a plain dress the model was
      // unsure of in its middle is one body, #1527: the body rule takes it whole).
      if (shared && bridged >= Math.min(ra.size, rn.size) * STRIPE_ROWS && distance(colourOf(gaps), a.lab) >= SEAM) {
        out.push(n);
        bridgedStripes.set(n, gaps);
      }
    }
    return out;
  };
  for (let changed = true; changed; ) {
    changed = false;
    const grown = grow(box);
    for (const root of product) {
      for (const n of [...neighbours(root), ...stripesAcross(root)]) {
        if (product.has(n) || behindStart.has(n)) continue;
        const cells = cellBounds(areas.get(n)!.cells, cw);
        const b = pixelBox(cells);
        // An echo counts only for an area nothing stands in front of: green leaves between a dark mug and
        // the dark pot before them are no stripe of the mug.
        const leaves = leavesOverPot.has(n) && !leavesOverPot.has(start);
        const dye =
          ((sameDye(areas.get(root)!.lab, areas.get(n)!.lab) || bridgedStripes.has(n)) &&
            !setOff(cells) &&
            !leaves &&
            !paleBeside(areas.get(n)!.lab, b, areas.get(root)!.lab, box)) ||
          (echoes(n) && !wellBehind.has(n)) ||
          hems.has(`${root} ${n}`) ||
          hems.has(`${n} ${root}`);
        if (!dye && (inside(b, grown) < insideShare || areas.get(n)!.cells.length > startSize)) continue;
        product.add(n);
        // Only the product's own dye widens its box: a pot inside a shoe's box must not reach the leaves.
        if (dye) {
          own.add(n);
          box = union(box, b);
        }
        changed = true;
      }
      if (changed) break;
    }
  }
  // New labels: the product's fine cells (and the colourless edge cells next to them) and each connected rest.
  const labels = Int32Array.from(map.labels);
  let next = Math.max(...map.regions.map((r) => r.label)) + 1;
  const productLabel = next++;
  const coarseLabel = new Int32Array(cw * ch).fill(-1);
  for (const root of own) for (const c of areas.get(root)!.cells) coarseLabel[c] = productLabel;
  // The faint bands between the product's stripes are the product's, however wide.
  const bandCells = new Set<number>();
  for (const [root, gaps] of bridgedStripes)
    if (own.has(root))
      for (const c of gaps) {
        coarseLabel[c] = productLabel;
        bandCells.add(c);
      }
  // The rest, grouped by connectivity of their coarse cells; what the box rule took in with the product
  // across its width (80 % of its own width within the product's box: a sole, a back shoe) is never
  // grouped with a thing beyond it (a shoe's white sole that touches the pot of the plant beside the
  // pair: the group was as large as the product and left out with the plant, issue 44, #905). A pot
  // the box rule took in beside a shoe stays with its leaves (#41).
  const across = new Set(
    [...product].filter((root) => {
      if (own.has(root)) return false;
      const b = boxes.get(root)!;
      return widthWithin(b, box) >= b.width * ACROSS_WITHIN;
    }),
  );
  // Rest pieces never mix what stands behind with what the box rule took in (a mug's rim beside the pot).
  const kindOf = (root: number) => (across.has(root) ? 1 : behindStart.has(root) ? 2 : 0);
  const restLabels: number[] = [];
  const behindLabels = new Set<number>();
  for (const [root, a] of areas) {
    if (own.has(root)) continue;
    const taken = kindOf(root);
    for (const c of a.cells) {
      if (coarseLabel[c] !== -1) continue;
      const l = next++;
      restLabels.push(l);
      if (taken === 2) behindLabels.add(l);
      coarseLabel[c] = l;
      flood4(c, cw, cw * ch, (n) => {
        if (coarseLabel[n] !== -1 || areaOf[n]! < 0 || own.has(areaOf[n]!) || kindOf(areaOf[n]!) !== taken) return false;
        coarseLabel[n] = l;
        return true;
      });
    }
  }
  // Pieces of one colour apart from each other beside the product are one thing seen round it (a sofa
  // left and right of the mug before it and through its handle, issue 44, #920) when one of them lies
  // mostly beyond the product's own sides: one region, so one click drops it whole. Two pieces within
  // its width are not joined (a mug's rim and a shaded strip of its side, #925).
  const restRoots = [...areas.keys()].filter((root) => !own.has(root));
  const beyond = (root: number) => {
    const b = boxes.get(root)!;
    return widthWithin(b, box) <= b.width * BEYOND_WITHIN;
  };
  for (const a of restRoots)
    for (const b of restRoots) {
      if (b <= a || !(beyond(a) || beyond(b))) continue;
      const la = coarseLabel[areas.get(a)!.cells[0]!]!;
      const lb = coarseLabel[areas.get(b)!.cells[0]!]!;
      if (la === lb || distance(areas.get(a)!.lab, areas.get(b)!.lab) >= SEAM / 2) continue;
      if (behindLabels.has(la) !== behindLabels.has(lb)) continue;
      for (let c = 0; c < cw * ch; c++) if (coarseLabel[c] === lb) coarseLabel[c] = la;
      restLabels.splice(restLabels.indexOf(lb), 1);
    }
  // Colourless edge cells take the label of a labelled neighbour (product first), ring by ring inwards
  // from the labelled ones: a plant's soft rim belongs to the plant, not by default to the product.
  for (let rings = 0, changed = true; changed && rings < RIM_RINGS; rings++) {
    changed = false;
    const ring: Array<[number, number]> = [];
    for (let c = 0; c < cw * ch; c++) {
      if (coarseLabel[c] !== -1 || fineCells[c]!.length === 0) continue;
      const x = c % cw;
      let best = -1;
      for (const n of [x + 1 < cw ? c + 1 : -1, x > 0 ? c - 1 : -1, c + cw < cw * ch ? c + cw : -1, c - cw]) {
        if (n < 0 || coarseLabel[n]! < 0) continue;
        if (best < 0 || coarseLabel[n] === productLabel) best = coarseLabel[n]!;
      }
      if (best >= 0) ring.push([c, best]);
    }
    for (const [c, l] of ring) coarseLabel[c] = l;
    changed = ring.length > 0;
  }
  const faintLabels = new Set<number>();
  // Faint cells further from any sure colour (the model half-saw a sofa behind a bag) are parts of their own.
  for (let c = 0; c < cw * ch; c++) {
    if (coarseLabel[c] !== -1 || fineCells[c]!.length === 0) continue;
    const l = next++;
    restLabels.push(l);
    faintLabels.add(l);
    coarseLabel[c] = l;
    flood4(c, cw, cw * ch, (n) => {
      if (coarseLabel[n] !== -1 || fineCells[n]!.length === 0) return false;
      coarseLabel[n] = l;
      return true;
    });
  }
  const bands = [...bandCells].flatMap((c) => fineCells[c]!);
  if (restLabels.length === 0) return { map, product: part, rest: [], faint: [], core: part.box, behind: [], bands };
  const byLabel = new Map<number, number[]>();
  for (let c = 0; c < cw * ch; c++) {
    const l = coarseLabel[c]!;
    if (l < 0) continue;
    for (const g of fineCells[c]!) {
      labels[g] = l;
      const list = byLabel.get(l);
      if (list) list.push(g);
      else byLabel.set(l, [g]);
    }
  }
  const out: RegionMap = { ...map, labels, regions: map.regions.filter((r) => r.label !== part.label) };
  const productRegion = describe(out, productLabel, byLabel.get(productLabel) ?? []);
  out.regions.push(productRegion);
  const rest: Region[] = [];
  for (const l of restLabels) {
    const cells = byLabel.get(l);
    if (!cells?.length) continue;
    const r = describe(out, l, cells);
    out.regions.push(r);
    rest.push(r);
  }
  return {
    map: out,
    product: productRegion,
    rest,
    faint: rest.filter((r) => faintLabels.has(r.label)),
    core: box,
    behind: rest.filter((r) => behindLabels.has(r.label)),
    bands,
  };
}

/** A print's stripe lies with this share of its width within the product's and the next stripe's box. */
const ECHO_WITHIN = 0.5;

/** An area the box rule took in with this share of its width within the product's box lies across it (a sole). */
const ACROSS_WITHIN = 0.8;

/** A piece with at most this share of its width within the product's is beyond its sides (see the rest's joining). */
const BEYOND_WITHIN = 0.5;

/** An area in front of another is at least this share of its size (a mannequin's foot is not in front of the coat). */
const FRONT_MIN_SIZE = 0.25;

/** A pot starts at most this share of the leaves' height below them. */
const POT_GAP = 0.1;

/** A faint band between two stripes of one colour is at most this many times the wider stripe's width ... */
const STRIPE_GAP = 2;
/** ... in at least this share of the shorter stripe's rows. */
const STRIPE_ROWS = 0.5;

/** A thing of the product's dye behind it rises above it by this share of its height (leaves over a mug). */
const RISES_ABOVE = 0.25;

/** A body's row is at least this share of its widest row: narrower rows below it are a stand, a leg, a pole. */
const BODY_ROW = 0.5;

/** The cells' bounds down to the lowest row at least BODY_ROW as wide as the widest (a stand below left out). */
function bodyBounds(cells: readonly number[], cw: number): ReturnType<typeof cellBounds> {
  const bounds = cellBounds(cells, cw);
  const rows = new Int32Array(bounds.bottom - bounds.top + 1);
  for (const c of cells) rows[Math.floor(c / cw) - bounds.top]!++;
  const widest = Math.max(...rows);
  let bottom = bounds.bottom;
  while (bottom > bounds.top && rows[bottom - bounds.top]! < widest * BODY_ROW) bottom--;
  return { ...bounds, bottom };
}

/** Cells of a thin part (a skirting board of the product's white joined to it, #2105) are fewer than this many rows or columns thick. */
const THIN_CELLS = 5;

/** A thin piece reaching past the body's side by more than this share of its width is a bar through it. */
const BAR_PAST = 0.25;

/**
 * The cells without a bar through them: a thin piece (under THIN_CELLS cells thick) reaching far past the
 * thick body's side (BAR_PAST), as a skirting board of the mug's white joined to it does (#2105). A fin, a tail
 * or a handle that sticks out a little stays (a real photo's many-coloured fish, whose fins set its sides).
 * All of them when nothing is thick.
 */
function withoutBars(cells: readonly number[], cw: number, ch: number): readonly number[] {
  const on = new Uint8Array(cw * ch);
  for (const c of cells) on[c] = 1;
  const r = (THIN_CELLS - 1) / 2;
  const block = (c: number) => {
    const x = c % cw;
    const y = (c - x) / cw;
    if (x < r || y < r || x >= cw - r || y >= ch - r) return false;
    for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) if (!on[c + dy * cw + dx]) return false;
    return true;
  };
  const thick = new Uint8Array(cw * ch);
  for (const c of cells)
    if (block(c)) for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) thick[c + dy * cw + dx] = 1;
  const body = cells.filter((c) => thick[c]);
  if (!body.length || body.length === cells.length) return cells;
  const sides = cellBounds(body, cw);
  // Each thin piece (4-connected) is a bar when it reaches past one of the body's sides by BAR_PAST of its width.
  const past = BAR_PAST * (sides.right - sides.left + 1);
  const bar = new Uint8Array(cw * ch);
  const seen = new Uint8Array(cw * ch);
  for (const c of cells) {
    if (thick[c] || seen[c]) continue;
    seen[c] = 1;
    const piece = flood4(c, cw, cw * ch, (n) => {
      if (!on[n] || thick[n] || seen[n]) return false;
      seen[n] = 1;
      return true;
    });
    const b = cellBounds(piece, cw);
    if (sides.left - b.left > past || b.right - sides.right > past) for (const p of piece) bar[p] = 1;
  }
  return cells.filter((c) => !bar[c]);
}

/**
 * Whether box `a` is in front of box `b`: it lies within b's width with b showing on both sides,
 * overlaps it in height, and reaches lower (nearer the camera on the floor), by more than `lower` of
 * b's height when given.
 */
function inFront(a: Box, b: Box, lower = 0): boolean {
  const margin = b.width * 0.05;
  return (
    a.left >= b.left + margin &&
    a.left + a.width <= b.left + b.width - margin &&
    a.top < b.top + b.height &&
    a.top + a.height > b.top + b.height + b.height * lower
  );
}

/** For a print's echo, a thing in front reaches lower than the area by more than this share of its height. */
const FRONT_LOWER = 0.05;

/** Two starts whose scores are within this ratio are a near tie ... */
const TIE = 0.85;
/** ... broken for the one nearer the picture's middle line by at least this share of its width. */
const TIE_NEARER = 0.05;

/** A pale tint of the product's dye has under this share of its chroma ... */
const PALE_TINT = 0.5;

/**
 * Whether an area of the product's dye is a pale tint of it beside it (issue 44, #2080: a cream lamp shade at a
 * mustard shirt's shoulder, the hue of its dye at a third of its chroma): lighter, under PALE_TINT of its
 * chroma, mostly beyond its columns (BEYOND_WITHIN) and no stripe running along it (under ECHO_WITHIN of its
 * height). A print's pink stripe beside a red one runs along the print; a shaded side is darker.
 */
function paleBeside(lab: readonly number[], b: Box, productLab: readonly number[], product: Box): boolean {
  return (
    lab[0]! > productLab[0]! &&
    chroma(lab) < chroma(productLab) * PALE_TINT &&
    widthWithin(b, product) <= b.width * BEYOND_WITHIN &&
    b.height < product.height * ECHO_WITHIN
  );
}

/** A near-neutral area and one whose chroma differs by this much (CIELAB) do not merge, however close. */
const TINT_STEP = 9;
const chroma = (lab: readonly number[]) => Math.hypot(lab[1]!, lab[2]!);
/** A near-neutral colour and a tint of it (a white coat, a pale pink poster): of different things. */
function tintApart(a: readonly number[], b: readonly number[]): boolean {
  const ca = chroma(a);
  const cb = chroma(b);
  return Math.min(ca, cb) < CHROMATIC && Math.abs(ca - cb) >= TINT_STEP;
}

/** Chroma (CIELAB) above which a colour has a hue worth comparing. */
const CHROMATIC = 15;
/** Hue angles closer than this (degrees) are one dye under other light or in a print (red and pink stripes). */
const SAME_HUE = 20;

/** Two chromatic colours of nearly the same hue: a print's stripes, a garment's lit and shaded sides. */
function sameDye(a: readonly number[], b: readonly number[]): boolean {
  const ca = Math.hypot(a[1]!, a[2]!);
  const cb = Math.hypot(b[1]!, b[2]!);
  if (ca < CHROMATIC || cb < CHROMATIC) return false;
  const ha = Math.atan2(a[2]!, a[1]!);
  const hb = Math.atan2(b[2]!, b[1]!);
  let d = Math.abs(ha - hb) * (180 / Math.PI);
  if (d > 180) d = 360 - d;
  return d < SAME_HUE;
}
