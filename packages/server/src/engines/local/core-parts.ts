import { labDistance as distance, srgbToLab } from './image-metrics.ts';
import { cellBounds, flood4 } from './imaging.ts';
import type { KeptPart } from './kept-parts.ts';
import { MIN_REGION_SHARE } from './regions.ts';

/**
 * The product's own pixels split by colour, as choices (issue 44). Sometimes what the cut takes for
 * the product holds another thing joined to it: a bag before a sofa of nearly its own tone, a chunk of
 * the sofa beside a white mug, a lamp shade the model half-saw against a coat, the wall inside a bag's
 * handle, a floor-shadow strip under a black bag. No rule of the cut parts them (their seam is too
 * faint for the colour split, or the model was unsure of the thing and its cells took the product's
 * label), so nothing is listed and no click takes them out. Here the product's pixels are cut into at
 * most CLUSTERS colour clusters (k-means in CIELAB over cells of about 1/128 of the long side), whose
 * connected pieces are the candidates (pieces of one colour standing behind another together count as
 * one: a sofa seen left and right of the bag before it); when two to MAX_PIECES pieces are no speck (a
 * small piece inside a larger one's box, a mug's rim or highlight, is a detail of it and does not count)
 * and each meets its neighbour over a step of colour (not a shading: the cells across their seam differ
 * by at least STEP_SHARE of their clusters' gap, which is at least GAP), every piece is listed: one click
 * drops the thing (or, when the cut's guess was wrong, the product's rival) whole. A product of one
 * colour, or shaded, gives one piece and nothing is listed; a print of many pieces lists nothing
 * either (a print is the product's), nor do a product's own faces (see `joined` below). The default
 * cut leaves out only the one piece another stands before (`pieceBehind`), and offers it.
 */
const CELLS = 128;
/** Colour clusters tried (the product, the thing joined to it, a third colour such as a sofa's seam). */
const CLUSTERS = 4;
/** Cluster centres closer than this (CIELAB) are one colour (merged). */
const GAP = 8;
/** Across a seam between two pieces, neighbouring cells differ by at least this share of their centres' gap (a step, not a shading). */
const STEP_SHARE = 0.4;
/** ... at this share of the cell pairs across it at least (mixed cells on the seam count as less). */
const STEPS_MIN = 0.35;
/** A group at most 1 / BESIDE_SIZE of the largest piece's size ... */
const BESIDE_SIZE = 3;
/** ... with at least this share of its cells outside that piece's box is a thing beside it. */
const BESIDE_SHARE = 0.6;
/** The model's mask below this (0..255) is unsure ... */
const SURE = 200;
/** ... and a group with at least this share of its pixels unsure is a thing the model half-saw. */
const FAINT_SHARE = 0.5;
/** Left-out cells this many cells round a piece are where its colour would go on ... */
const REACH = 3;
/** ... when at least this share of them have it (within GAP). */
const OUTSIDE_SHARE = 0.25;
/** A piece at most 1 / DETAIL_SIZE of another's size inside its box is a detail of it (a mug's rim, its highlight) ... */
const DETAIL_SIZE = 8;
/**
 * ... the box grown by this share of its sides (at least a cell: a rim lies on the body's top edge),
 * not downwards: a strip below the foot is a floor shadow, not a detail (`footBand`).
 */
const DETAIL_REACH = 0.05;
/** A piece of the holder's colour above it is its own when the band between is at most this many times DETAIL_REACH of its height (at least 2 cells). */
const APART_ABOVE = 3;
/** More sizeable pieces than this (details apart) are a print of the product, not a thing joined to it. */
const MAX_PIECES = 3;
/** A group with this share of its cells past the largest piece's sides ... */
const SIDE_SHARE = 0.8;
/** ... and this share of its rows within the piece's is beside it. */
const SIDE_ROWS = 0.5;
/** Two groups stacked share at most this share of the lower one's height ... */
const STAGGER_ROWS = 0.25;
/** ... and each reaches past the other's side by this share of its own width. */
const STAGGER_PAST = 0.25;
/** A cell gives a colour when at least this share of its pixels are the product's sure pixels. */
const SOLID = 0.75;

export function coreParts(
  alpha: Uint8Array,
  core: Uint8Array,
  rgb: Uint8Array,
  taken: Uint8Array,
  width: number,
  height: number,
): Array<KeptPart & { behind?: boolean }> {
  const n = width * height;
  const size = Math.max(1, Math.round(Math.max(width, height) / CELLS));
  const cw = Math.ceil(width / size);
  const ch = Math.ceil(height / size);
  const cells = cw * ch;
  const sum = new Float64Array(cells * 3);
  const solid = new Int32Array(cells);
  const any = new Uint8Array(cells);
  const column = Int32Array.from({ length: width }, (_, x) => Math.floor(x / size));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (core[i] === 0 || alpha[i] === 0) continue;
      const c = Math.floor(y / size) * cw + column[x]!;
      any[c] = 1;
      if (core[i]! < 128 || alpha[i]! < 128) continue;
      solid[c]!++;
      sum[c * 3] = sum[c * 3]! + rgb[i * 3]!;
      sum[c * 3 + 1] = sum[c * 3 + 1]! + rgb[i * 3 + 1]!;
      sum[c * 3 + 2] = sum[c * 3 + 2]! + rgb[i * 3 + 2]!;
    }
  const lab: Array<[number, number, number] | null> = Array.from({ length: cells }, (_, c) => {
    const cx = Math.min(size, width - (c % cw) * size);
    const cy = Math.min(size, height - Math.floor(c / cw) * size);
    const k = solid[c]!;
    return k > 0 && k >= cx * cy * SOLID ? srgbToLab(sum[c * 3]! / k, sum[c * 3 + 1]! / k, sum[c * 3 + 2]! / k) : null;
  });
  // The picture's colour in cells the cut leaves out altogether, when asked for.
  const outside = new Map<number, [number, number, number] | null>();
  const outsideLab = (c: number) => {
    if (!outside.has(c)) {
      const x0 = (c % cw) * size;
      const y0 = Math.floor(c / cw) * size;
      const m = [0, 0, 0];
      let k = 0;
      let keptHere = false;
      for (let y = y0; y < Math.min(height, y0 + size) && !keptHere; y++)
        for (let x = x0; x < Math.min(width, x0 + size); x++) {
          const i = y * width + x;
          if (alpha[i]! > 0) {
            keptHere = true;
            break;
          }
          for (let j = 0; j < 3; j++) m[j] = m[j]! + rgb[i * 3 + j]!;
          k++;
        }
      outside.set(c, keptHere || k === 0 ? null : srgbToLab(m[0]! / k, m[1]! / k, m[2]! / k));
    }
    return outside.get(c)!;
  };
  /** Whether at least OUTSIDE_SHARE of the left-out cells within REACH cells of these have one of the colours. */
  const continuesOutside = (own: number[], colours: Array<readonly number[]>) => {
    const seen = new Set<number>();
    let near = 0;
    let same = 0;
    for (const c of own) {
      const x = c % cw;
      const y = (c - x) / cw;
      for (let dy = -REACH; dy <= REACH; dy++)
        for (let dx = -REACH; dx <= REACH; dx++) {
          if (x + dx < 0 || x + dx >= cw || y + dy < 0 || y + dy >= ch) continue;
          const q = c + dy * cw + dx;
          if (seen.has(q)) continue;
          seen.add(q);
          const l = outsideLab(q);
          if (!l) continue;
          near++;
          if (colours.some((colour) => distance(l, colour) < GAP)) same++;
        }
    }
    return near > 0 && same >= near * OUTSIDE_SHARE;
  };
  const coloured = lab.flatMap((l, c) => (l ? [c] : []));
  if (coloured.length < 2) return [];
  // A colour too small to make a sizeable piece (MIN_REGION_SHARE of the picture) takes no cluster of its own.
  const centres = kMeans(
    coloured.map((c) => lab[c]!),
    Math.ceil((MIN_REGION_SHARE * n) / (size * size)),
  );
  if (centres.length < 2) return [];
  // Pieces: connected cells of one cluster.
  const cluster = new Int32Array(cells).fill(-1);
  for (const c of coloured) cluster[c] = nearestOf(lab[c]!, centres);
  const piece = new Int32Array(cells).fill(-1);
  const pieces: Array<{ cluster: number; cells: number[] }> = [];
  for (const start of coloured) {
    if (piece[start]! >= 0) continue;
    const k = pieces.length;
    const colour = cluster[start]!;
    piece[start] = k;
    const join = (q: number) => {
      if (piece[q]! >= 0 || cluster[q] !== colour) return false;
      piece[q] = k;
      return true;
    };
    pieces.push({ cluster: colour, cells: flood4(start, cw, cells, join) });
  }
  // Cells without a colour (the soft rim, a speck's cells) take their nearest coloured piece, ring by ring.
  for (let changed = true; changed; ) {
    changed = false;
    const ring: Array<[number, number]> = [];
    for (let c = 0; c < cells; c++) {
      if (!any[c] || piece[c]! >= 0) continue;
      for (const q of around(c, cw, cells))
        if (piece[q]! >= 0) {
          ring.push([c, piece[q]!]);
          break;
        }
    }
    for (const [c, p] of ring) piece[c] = p;
    changed = ring.length > 0;
  }
  // Each pixel goes to the piece among its cell's and the neighbouring cells' whose colour is nearest
  // its own (a seam runs through cells, not along their edges). A cell whose neighbourhood holds one
  // piece only (most of them) decides for all its pixels; the neighbourhood is looked up once per cell.
  const owner = new Int32Array(n).fill(-1);
  const counts = new Int32Array(pieces.length);
  // Per cell: -1 not looked at yet, 0 one piece round it, 1 several (its neighbourhood is kept).
  const mixed = new Int8Array(cells).fill(-1);
  const neighbourhood = new Map<number, number[]>();
  const toCentre = new Float64Array(centres.length);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / size) * cw;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (core[i] === 0 || alpha[i] === 0 || taken[i]) continue;
      const c = row + column[x]!;
      const own = piece[c]!;
      if (own < 0) continue;
      let best = own;
      if (mixed[c]! < 0) {
        const near = around(c, cw, cells, true);
        mixed[c] = near.some((q) => piece[q]! >= 0 && piece[q] !== own) ? 1 : 0;
        if (mixed[c]) neighbourhood.set(c, near);
      }
      if (mixed[c]) {
        const near = neighbourhood.get(c)!;
        const l = srgbToLab(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!);
        for (let k = 0; k < centres.length; k++) toCentre[k] = distance(l, centres[k]!);
        let bestD = toCentre[pieces[own]!.cluster]!;
        for (const q of near) {
          const p = piece[q]!;
          if (p < 0 || p === best) continue;
          const d = toCentre[pieces[p]!.cluster]!;
          if (d < bestD) {
            bestD = d;
            best = p;
          }
        }
      }
      owner[i] = best;
      counts[best]!++;
    }
  }
  const sizeable = pieces.flatMap((_, k) => (counts[k]! / n >= MIN_REGION_SHARE ? [k] : []));
  // A small piece inside a larger one's box is a detail of it (a mug's dark rim, its highlight, a
  // logo): it goes with the smallest piece holding it and is no piece of a print. Not when another
  // sizeable piece has its colour: then it is a bit of that thing seen apart from the rest.
  const boxes = new Map(sizeable.map((k) => [k, cellBounds(pieces[k]!.cells, cw)]));
  // A small piece of one colour with a single other piece of that colour, much larger, just above it
  // within its width, is that thing's (a bag's handle over its body, a band of another tone between):
  // it goes with it too, and is no piece of a print either (issue 44, #1433).
  const holder = new Map<number, number>();
  for (const k of sizeable) {
    const sameColour = sizeable.filter((o) => o !== k && pieces[o]!.cluster === pieces[k]!.cluster);
    const a = boxes.get(k)!;
    let best = -1;
    for (const o of sizeable) {
      const b = boxes.get(o)!;
      if (o === k || counts[o]! < counts[k]! * DETAIL_SIZE) continue;
      const gx = Math.max(1, Math.ceil((b.right - b.left + 1) * DETAIL_REACH));
      const gy = Math.max(1, Math.ceil((b.bottom - b.top + 1) * DETAIL_REACH));
      if (a.left < b.left - gx || a.right > b.right + gx) continue;
      if (sameColour.length === 0) {
        if (a.top < b.top - gy || a.bottom > b.bottom) continue;
      } else if (
        sameColour.length > 1 ||
        sameColour[0] !== o ||
        a.bottom > b.top ||
        a.bottom < b.top - Math.max(2, gy * APART_ABOVE)
      )
        continue;
      if (best < 0 || counts[o]! < counts[best]!) best = o;
    }
    if (best >= 0) holder.set(k, best);
  }
  const things = sizeable.filter((k) => !holder.has(k));
  // Pieces of one colour that together stand behind a piece of another (`standsBehind`: a sofa left and
  // right of the bag before it and through its handle, issue 44, #1177) are one thing seen round it, no
  // print: a print's stripes end at one hem, none reaching lower than the others.
  const seenRound = new Map<number, number>();
  // ... and the piece they stand behind, by the first of them.
  const frontOf = new Map<number, number>();
  for (const k of things) {
    const same = things.filter((o) => pieces[o]!.cluster === pieces[k]!.cluster);
    if (same.length < 2 || same[0] !== k) continue;
    const cells = same.flatMap((o) => pieces[o]!.cells);
    const front = things.find((f) => pieces[f]!.cluster !== pieces[k]!.cluster && standsBehind(boxes.get(f)!, cells, cw));
    if (front === undefined) continue;
    for (const o of same) seenRound.set(o, k);
    frontOf.set(k, front);
  }
  if (things.length < 2 || new Set(things.map((k) => seenRound.get(k) ?? k)).size > MAX_PIECES) return [];
  // Each sizeable piece meets another over a step of colour: a shading split in two is no thing.
  for (const k of things) {
    let across = 0;
    let steps = 0;
    for (const c of pieces[k]!.cells)
      for (const q of around(c, cw, cells)) {
        const o = piece[q]!;
        if (o < 0 || o === k || !lab[q] || !lab[c]) continue;
        const gap = distance(centres[pieces[k]!.cluster]!, centres[pieces[o]!.cluster]!);
        across++;
        if (distance(lab[c]!, lab[q]!) >= gap * STEP_SHARE) steps++;
      }
    // A piece that touches no other is apart from it (a plant's pot beside a bag), no shading of it.
    if (across > 0 && steps < across * STEPS_MIN) return [];
  }
  // Pieces beside the largest that touch each other are one thing (a sofa's chunk of two tones): one click drops it.
  const largest = sizeable.reduce((a, b) => (counts[b]! > counts[a]! ? b : a));
  const group = new Map(sizeable.map((k) => [k, k]));
  const root = (k: number): number => (group.get(k) === k ? k : root(group.get(k)!));
  for (const [k, o] of holder) group.set(root(k), root(o));
  for (const [k, o] of seenRound) group.set(root(k), root(o));
  // A piece of the largest's own colour apart from it (a sofa seen through the handle of the bag before
  // it) is that thing seen apart: it goes with the largest, not with the piece round it (issue 44, #857).
  const apart = (k: number) => k !== largest && pieces[k]!.cluster === pieces[largest]!.cluster;
  for (const k of things) if (apart(k)) group.set(root(k), root(largest));
  // Not a thing and what is seen round it, standing behind it (a bag and the sofa's seats beside it, #1433).
  const round = (p: number, f: number) => seenRound.has(p) && frontOf.get(seenRound.get(p)!) === f;
  for (const k of things) {
    if (k === largest || apart(k)) continue;
    for (const c of pieces[k]!.cells)
      for (const q of around(c, cw, cells)) {
        const o = piece[q]!;
        if (o === k || o === largest || !things.includes(o) || apart(o) || round(o, k) || round(k, o)) continue;
        group.set(root(o), root(k));
      }
  }
  // What is seen round a thing and touches the largest piece, the largest standing behind that thing too,
  // is the largest's: one thing behind the front one (a sofa's seats round the bag before it, its back above).
  for (const [k, f] of frontOf) {
    if (f === largest || !inFront(boxes.get(f)!, boxes.get(largest)!)) continue;
    const members = things.filter((o) => seenRound.get(o) === k);
    if (members.some((o) => pieces[o]!.cells.some((c) => around(c, cw, cells).some((q) => piece[q] === largest))))
      group.set(root(k), root(largest));
  }
  const groups = [...new Set(sizeable.map(root))].map((g) => sizeable.filter((k) => root(k) === g));
  // Listed only when the split is a thing joined to the product, not its own faces or print (a box's
  // lit and shaded sides, a shoe's sole): a group much smaller than the largest piece lying mostly
  // beside its box (a lamp shade against a coat), one the model was mostly unsure of, one whose colour goes on outside the cut (the sofa a chunk was cut from, the wall seen
  // through a handle), or one standing before another (a bag before a sofa).
  const cellsOf = (members: number[]) => members.flatMap((k) => pieces[k]!.cells);
  const faint = new Int32Array(pieces.length);
  for (let i = 0; i < n; i++) if (owner[i]! >= 0 && core[i]! < SURE) faint[owner[i]!]!++;
  const body = cellBounds(pieces[largest]!.cells, cw);
  const beside = (members: number[]) => {
    const own = cellsOf(members);
    const out = own.filter((c) => {
      const x = c % cw;
      const y = (c - x) / cw;
      return x < body.left || x > body.right || y < body.top || y > body.bottom;
    }).length;
    return members.reduce((t, k) => t + counts[k]!, 0) * BESIDE_SIZE <= counts[largest]! && out >= own.length * BESIDE_SHARE;
  };
  // A group hanging beside the largest piece, its rows within the body's and nearly all of it past the
  // body's sides (a plant's leaves of the coat's green beside the coat): a thing next to it. A print's
  // or a face's pieces lie over the body or above and below it.
  const sideBySide = (own: number[]) => {
    let out = 0;
    let top = Number.POSITIVE_INFINITY;
    let bottom = -1;
    for (const c of own) {
      const x = c % cw;
      const y = (c - x) / cw;
      if (x < body.left || x > body.right) out++;
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
    const rows = Math.min(bottom, body.bottom) - Math.max(top, body.top) + 1;
    return out >= own.length * SIDE_SHARE && rows >= (bottom - top + 1) * SIDE_ROWS;
  };
  // Each group's bounds in cells, for the tests of one group against another here and below.
  const bounds = groups.map((members) => cellBounds(cellsOf(members), cw));
  const anyPair = (test: (a: (typeof bounds)[number], b: (typeof bounds)[number]) => boolean) =>
    bounds.some((a, i) => bounds.some((b, j) => i !== j && test(a, b)));
  const joined =
    groups.some((members) => !members.includes(largest) && beside(members)) ||
    groups.some(
      (members) => members.reduce((t, k) => t + faint[k]!, 0) >= members.reduce((t, k) => t + counts[k]!, 0) * FAINT_SHARE,
    ) ||
    groups.some((members) =>
      continuesOutside(
        cellsOf(members),
        members.map((k) => centres[pieces[k]!.cluster]!),
      ),
    ) ||
    anyPair(inFront) ||
    groups.some((members) => !members.includes(largest) && sideBySide(cellsOf(members))) ||
    anyPair(staggered);
  if (!joined) return [];
  // Each group's pixels, box and count in one pass over the picture.
  const groupOf = new Int32Array(pieces.length).fill(-1);
  groups.forEach((members, g) => {
    for (const k of members) groupOf[k] = g;
  });
  const found = groups.map(() => ({ out: Buffer.alloc(n), minX: width, minY: height, maxX: -1, maxY: -1, count: 0 }));
  for (let i = 0; i < n; i++) {
    const g = owner[i]! >= 0 ? groupOf[owner[i]!]! : -1;
    if (g < 0) continue;
    const f = found[g]!;
    f.count++;
    f.out[i] = alpha[i]!;
    const x = i % width;
    const y = (i - x) / width;
    if (x < f.minX) f.minX = x;
    if (x > f.maxX) f.maxX = x;
    if (y < f.minY) f.minY = y;
    if (y > f.maxY) f.maxY = y;
  }
  return groups.map((members, g) => {
    const f = found[g]!;
    const own = new Uint8Array(cells);
    for (const k of members) for (const c of pieces[k]!.cells) own[c] = 1;
    const behind = bounds.some((a, i) => i !== g && inFront(a, bounds[g]!));
    return {
      behind,
      point: deepestCell(own, cw, ch, size, width, height),
      box: { left: f.minX, top: f.minY, width: f.maxX - f.minX + 1, height: f.maxY - f.minY + 1 },
      share: f.count / n,
      alpha: f.out,
    };
  });
}

/**
 * The one piece of `coreParts` that another stands before, when exactly one is (issue 44): a sofa behind
 * the bag before it, whatever else the split found (the bag's handle of another tone, #1176). The cut
 * leaves it out and offers it. Two pieces behind others are no plain depth order: none is left out.
 */
export function pieceBehind<P extends { behind?: boolean }>(pieces: readonly P[]): P | undefined {
  const behind = pieces.filter((p) => p.behind);
  return behind.length === 1 ? behind[0] : undefined;
}

/** The index of the centre nearest a colour (the first among equals). */
function nearestOf(l: readonly number[], centres: ReadonlyArray<readonly number[]>): number {
  let best = 0;
  let bestD = distance(l, centres[0]!);
  for (let k = 1; k < centres.length; k++) {
    const d = distance(l, centres[k]!);
    if (d < bestD) {
      best = k;
      bestD = d;
    }
  }
  return best;
}

/** The 4 (or with `diagonal`, 8, and the cell itself) neighbours of a cell. */
function around(c: number, cw: number, cells: number, diagonal = false): number[] {
  const x = c % cw;
  const out: number[] = [];
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      if (!diagonal && (dx === 0) === (dy === 0)) continue;
      const q = c + dy * cw + dx;
      if (x + dx < 0 || x + dx >= cw || q < 0 || q >= cells) continue;
      out.push(q);
    }
  return out;
}

/**
 * Up to CLUSTERS centres (farthest-point start, a few Lloyd steps), centres closer than GAP merged. A
 * colour held by fewer than `minPoints` points (too few cells to make a sizeable piece: a bag's clasp,
 * a sofa's dark feet) takes no centre: its points join the nearest other and are not looked at again
 * for the next start, so the large colours it would have crowded out are told apart (a cream bag
 * before a beige sofa, issue 44, #1433).
 */
function kMeans(points: Array<[number, number, number]>, minPoints = 0): Array<[number, number, number]> {
  const mean = (ps: Array<readonly number[]>): [number, number, number] => {
    const m: [number, number, number] = [0, 0, 0];
    for (const p of ps) for (let k = 0; k < 3; k++) m[k] = m[k]! + p[k]! / ps.length;
    return m;
  };
  let centres: Array<[number, number, number]> = [mean(points)];
  const passed = new Uint8Array(points.length);
  while (centres.length < CLUSTERS) {
    let far = -1;
    let farD = -1;
    points.forEach((p, i) => {
      if (passed[i]) return;
      let d = Number.POSITIVE_INFINITY;
      for (const c of centres) d = Math.min(d, distance(p, c));
      if (d > farD) {
        farD = d;
        far = i;
      }
    });
    if (far < 0 || farD < GAP) break;
    centres.push([...points[far]!]);
    for (let step = 0; step < 10; step++) {
      const groups: Array<Array<readonly number[]>> = centres.map(() => []);
      for (const p of points) groups[nearestOf(p, centres)]!.push(p);
      centres = groups.flatMap((g) => (g.length ? [mean(g)] : []));
    }
    // Each point's centre after the last step: a centre holding too few of them is a small colour.
    const nearest = points.map((p) => nearestOf(p, centres));
    const held = centres.map(() => 0);
    for (const k of nearest) held[k]!++;
    const small = new Set(held.flatMap((count, k) => (count < minPoints ? [k] : [])));
    if (small.size === 0 || small.size === centres.length) continue;
    // The start itself too: its centre may have drifted to points passed before (no progress otherwise).
    passed[far] = 1;
    for (let i = 0; i < points.length; i++) if (small.has(nearest[i]!)) passed[i] = 1;
    centres = centres.filter((_, k) => !small.has(k));
  }
  // Centres closer than GAP are one colour.
  for (let merged = true; merged; ) {
    merged = false;
    for (let a = 0; a < centres.length && !merged; a++)
      for (let b = a + 1; b < centres.length && !merged; b++)
        if (distance(centres[a]!, centres[b]!) < GAP) {
          centres[a] = centres[a]!.map((v, k) => (v + centres[b]![k]!) / 2) as [number, number, number];
          centres.splice(b, 1);
          merged = true;
        }
  }
  return centres;
}

/** The centre of a piece's deepest cell (a chamfer distance over cells), as fractions of the picture. */
function deepestCell(own: Uint8Array, cw: number, ch: number, size: number, width: number, height: number): [number, number] {
  const depth = new Float32Array(cw * ch);
  for (let y = 0; y < ch; y++)
    for (let x = 0; x < cw; x++) {
      const i = y * cw + x;
      if (own[i]) depth[i] = Math.min(y > 0 ? depth[i - cw]! + 1 : 1, x > 0 ? depth[i - 1]! + 1 : 1);
    }
  let best = -1;
  for (let y = ch - 1; y >= 0; y--)
    for (let x = cw - 1; x >= 0; x--) {
      const i = y * cw + x;
      if (!own[i]) continue;
      depth[i] = Math.min(depth[i]!, y + 1 < ch ? depth[i + cw]! + 1 : 1, x + 1 < cw ? depth[i + 1]! + 1 : 1);
      if (best < 0 || depth[i]! > depth[best]!) best = i;
    }
  const x = best % cw;
  const y = (best - x) / cw;
  return [Math.min(width - 1, (x + 0.5) * size) / width, Math.min(height - 1, (y + 0.5) * size) / height];
}

/** The foot band is looked for in this share of the product's height at its bottom. */
const FOOT_SHARE = 0.15;
/** The body's sides are fitted on the rows this far up from its bottom (shares of its height) ... */
const SIDES_FROM = 0.45;
const SIDES_TO = 0.8;
/** ... and a row sticks out when it reaches past both fitted sides by this share of the body's width. */
const STICK_OUT = 0.04;

/**
 * A band at the product's foot wider than its body on both sides (issue 44): a floor shadow the model
 * took for the product (a black bag on its dark contact shadow, of the same colour, so no colour split
 * parts them). The body's sides are fitted as lines on its lower middle rows; from the first row at the
 * foot that reaches past both lines, the band is what lies outside them and, below the band's middle
 * (a shadow's ellipse is centred on the contact line), everything. Listed as kept: one click drops it.
 */
export function footBand(alpha: Uint8Array, core: Uint8Array, width: number, height: number): KeptPart | null {
  const left = new Int32Array(height).fill(-1);
  const right = new Int32Array(height).fill(-1);
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (core[i]! < 128 || alpha[i]! < 128) continue;
      if (left[y]! < 0) left[y] = x;
      right[y] = x;
      if (top < 0) top = y;
      bottom = y;
    }
  const h = bottom - top + 1;
  if (top < 0 || h < 20) return null;
  // Least-squares lines x = a + b y for each side over the body's lower middle rows.
  const fit = (side: Int32Array) => {
    let sy = 0;
    let sx = 0;
    let syy = 0;
    let sxy = 0;
    let k = 0;
    for (let y = Math.round(top + h * SIDES_FROM); y <= Math.round(top + h * SIDES_TO); y++) {
      if (side[y]! < 0) continue;
      sy += y;
      sx += side[y]!;
      syy += y * y;
      sxy += y * side[y]!;
      k++;
    }
    if (k < 5) return null;
    const b = (k * sxy - sy * sx) / Math.max(1e-9, k * syy - sy * sy);
    return (y: number) => (sx - b * sy) / k + b * y;
  };
  const l = fit(left);
  const r = fit(right);
  if (!l || !r) return null;
  const body = r(bottom) - l(bottom);
  if (body <= 0) return null;
  const margin = body * STICK_OUT;
  let start = -1;
  for (let y = Math.round(bottom - h * FOOT_SHARE); y <= bottom; y++)
    if (left[y]! >= 0 && left[y]! < l(y) - margin && right[y]! > r(y) + margin) {
      start = y;
      break;
    }
  if (start < 0) return null;
  const middle = Math.round((start + bottom) / 2);
  const n = width * height;
  const out = Buffer.alloc(n);
  let count = 0;
  let minX = width;
  let maxX = -1;
  let deepest = -1;
  for (let y = start; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (core[i] === 0 || alpha[i] === 0) continue;
      if (y <= middle && x >= l(y) && x <= r(y)) continue;
      out[i] = alpha[i]!;
      count++;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y === middle + 1 && alpha[i]! >= 128 && Math.abs(x - (l(y) + r(y)) / 2) < Math.abs(deepest - (l(y) + r(y)) / 2))
        deepest = x;
    }
  if (count / n < MIN_REGION_SHARE || deepest < 0) return null;
  return {
    point: [(deepest + 0.5) / width, (Math.min(bottom, middle + 1) + 0.5) / height],
    box: { left: minX, top: start, width: maxX - minX + 1, height: bottom - start + 1 },
    share: count / n,
    alpha: out,
  };
}

/**
 * Whether box `a` sits above box `b` set off sideways from it (a plant's leaves above and beside the box
 * standing before its pot): they share at most STAGGER_ROWS of the lower one's height, and each reaches
 * past the other's side, on opposite sides, by STAGGER_PAST of its own width. A box's top face lies over
 * its front's width; a garment's hanger, a mannequin's head, a bottle's cap lie within the body's.
 */
export function staggered(a: ReturnType<typeof cellBounds>, b: ReturnType<typeof cellBounds>): boolean {
  const aw = a.right - a.left + 1;
  const bw = b.right - b.left + 1;
  if (a.bottom > b.top + (b.bottom - b.top + 1) * STAGGER_ROWS || a.top >= b.top) return false;
  const leftOff = b.left - a.left >= aw * STAGGER_PAST && b.right - a.right >= bw * STAGGER_PAST;
  const rightOff = a.right - b.right >= aw * STAGGER_PAST && a.left - b.left >= bw * STAGGER_PAST;
  return leftOff || rightOff;
}

/** Whether box `a` stands before box `b`: within b's width with b showing on both sides, overlapping it in height, reaching lower. */
function inFront(a: ReturnType<typeof cellBounds>, b: ReturnType<typeof cellBounds>): boolean {
  const margin = (b.right - b.left + 1) * 0.05;
  return a.left >= b.left + margin && a.right <= b.right - margin && a.top <= b.bottom && a.bottom > b.bottom;
}

/** At a hem the lower thing overlaps the upper one by at most this share of its own height (or HEM_CELLS cells). */
const HEM_OVERLAP = 0.1;
/** ... or this many cells (the grid's rows round a seam). */
const HEM_CELLS = 2;
/** At a hem the upper thing lies directly above this share of the lower one's top columns ... */
const HEM_CONTACT = 0.8;
/** ... and at the seam reaches past the lower one's sides by at most this share of its width. */
const HEM_PAST = 0.2;
/** The lower thing is at least this share of the upper one's height. */
const HEM_TALL = 0.5;

/**
 * Whether the cells `front` (below) meet the cells `back` (above) at a hem, as a shirt meets the
 * trousers under it (issue 44): the lower thing starts where the upper one ends (they share at most
 * HEM_OVERLAP of its height), the upper one lies directly above nearly all of the lower one's top
 * (HEM_CONTACT of its columns) and at the seam goes no further sideways than the lower one's own sides
 * (HEM_PAST of its width). A pot below a plant's leaves meets them only where the stems leave it, and
 * the leaves spread past its rim: the pot stands before them. Cells of a grid `gw` wide.
 */
export function atHem(front: readonly number[], back: readonly number[], gw: number): boolean {
  const f = cellBounds(front, gw);
  const b = cellBounds(back, gw);
  const fh = f.bottom - f.top + 1;
  const fw = f.right - f.left + 1;
  // A garment's lower half is no thin band: a shoe's sole under its upper is a piece across it (`acrossPiece`).
  if (f.top <= b.top || f.bottom <= b.bottom || fh < (b.bottom - b.top + 1) * HEM_TALL) return false;
  if (b.bottom - f.top + 1 > Math.max(HEM_CELLS, fh * HEM_OVERLAP)) return false;
  // The lower thing's top cell per column, and the upper one's lowest.
  const topOf = new Int32Array(fw).fill(-1);
  for (const c of front) {
    const x = c % gw;
    const y = (c - x) / gw;
    if (topOf[x - f.left]! < 0 || y < topOf[x - f.left]!) topOf[x - f.left] = y;
  }
  const lowest = new Map<number, number>();
  let seamLeft = Number.POSITIVE_INFINITY;
  let seamRight = -1;
  for (const c of back) {
    const x = c % gw;
    const y = (c - x) / gw;
    if (y > (lowest.get(x) ?? -1)) lowest.set(x, y);
    if (y >= f.top - HEM_CELLS) {
      seamLeft = Math.min(seamLeft, x);
      seamRight = Math.max(seamRight, x);
    }
  }
  let columns = 0;
  let met = 0;
  for (let x = 0; x < fw; x++) {
    const t = topOf[x]!;
    if (t < 0) continue;
    columns++;
    const l = lowest.get(x + f.left);
    if (l !== undefined && l >= t - HEM_CELLS) met++;
  }
  const past = Math.max(0, f.left - seamLeft) + Math.max(0, seamRight - f.right);
  return columns > 0 && seamRight >= 0 && met >= columns * HEM_CONTACT && past <= fw * HEM_PAST;
}

// Depth order (issue 44), one rule for the colour split (colour-parts.ts), the product's own pixels split
// here and the product's side piece (cutout.ts `behindOwn`).
/** The thing in front reaches lower than the one behind by at least this share of its own height (one cell at least). */
export const FRONT_REACH = 0.05;
/** A thing standing behind the product is at least this share of its size (a handle or a rim beside it is less). */
export const BEHIND_MIN_SIZE = 0.25;
/** The thing behind shows beyond the front one's sides with at least this share of its cells. */
export const BEHIND_BEYOND = 0.5;

/**
 * Whether a thing (its cells: every area of its colour in the part) stands behind the front one (its
 * cell bounds `front`), as the picture shows depth order (issue 44): things stand on one floor or table,
 * so the one in front reaches lower (by FRONT_REACH of its height); the one behind ends within the front
 * one's height (its foot hidden behind it or standing further back) and shows beyond the front one's
 * sides, most of it (BEHIND_BEYOND), on one side (a pot beside a mug, the leaves over it) or both (a sofa
 * split by the mug before it into two pieces of one colour). A hanger or a handle lies within the
 * product's sides, a sole or a stand reaches lower than it, a box's side face ends as low as its front.
 */
export function standsBehind(front: ReturnType<typeof cellBounds>, cells: readonly number[], gw: number): boolean {
  if (cells.length === 0) return false;
  const back = cellBounds(cells, gw);
  const reach = Math.max(1, Math.round((front.bottom - front.top + 1) * FRONT_REACH));
  if (back.bottom > front.bottom - reach || back.bottom < front.top) return false;
  return beyondShare(front, cells, gw) >= BEHIND_BEYOND;
}

/** The share of the cells beyond the sides (columns) of the bounds `front`. */
export function beyondShare(front: ReturnType<typeof cellBounds>, cells: readonly number[], gw: number): number {
  let beyond = 0;
  for (const c of cells) {
    const x = c % gw;
    if (x < front.left || x > front.right) beyond++;
  }
  return cells.length ? beyond / cells.length : 0;
}
