import sharp from 'sharp';
import { USER_IMAGE_INPUT } from '../../platform/sandbox/limits.ts';

/**
 * What marketplaces reject most in a main image, read from the pixels alone (no network, no model):
 * text, prices, watermarks or logos laid over the picture (`text`), a frame or padding band of
 * another colour (`border`), and more than one product (`objects`). docs/batches.md "Picture checks"
 * says how each is measured and what it cannot see.
 *
 * Everything is measured on a copy at most WORK_SIDE pixels on its longer side: the rules are about
 * shapes a shopper sees in a thumbnail, not single pixels, and 2 cores check a 200-item batch.
 */
export const WORK_SIDE = 640;

export type SideName = 'top' | 'bottom' | 'left' | 'right';
type Rgb = [number, number, number];

export interface BorderFinding {
  /** `frame`: a band of one colour on all four sides; `padding`: bands on some sides only. */
  kind: 'frame' | 'padding' | null;
  /** The sides with a band that breaks the rule, and each band's depth as a share of the picture. */
  sides: Partial<Record<SideName, number>>;
  colour: Rgb | null;
}

export interface TextFinding {
  /** Overlays found: boxes as shares of the picture (left, top, width, height). */
  boxes: Array<[number, number, number, number]>;
  /** How they were found: components apart from the product on a flat background, or text lines on a scene. */
  how: 'flat' | 'scene';
}

export interface ObjectsFinding {
  /** Measured only on a flat background (a scene has no "product" to count). */
  measured: boolean;
  count: number;
}

export interface Overlays {
  border: BorderFinding;
  text: TextFinding;
  objects: ObjectsFinding;
}

interface Work {
  w: number;
  h: number;
  /** RGB, 3 bytes a pixel. */
  rgb: Uint8Array;
  gray: Uint8Array;
}

/** A pixel's largest channel difference from a colour. */
const diffAt = (rgb: Uint8Array, i: number, c: Rgb) =>
  Math.max(Math.abs(rgb[i]! - c[0]), Math.abs(rgb[i + 1]! - c[1]), Math.abs(rgb[i + 2]! - c[2]));
const colourDiff = (a: Rgb, b: Rgb) => Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]), Math.abs(a[2] - b[2]));

/** The working copy: flattened on white, at most WORK_SIDE on its longer side. */
async function workingCopy(file: Buffer): Promise<Work> {
  const { data, info } = await sharp(file, USER_IMAGE_INPUT)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .resize(WORK_SIDE, WORK_SIDE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rgb = new Uint8Array(data.buffer, data.byteOffset, data.length);
  const gray = new Uint8Array(info.width * info.height);
  for (let p = 0, i = 0; p < gray.length; p++, i += 3) gray[p] = (rgb[i]! * 299 + rgb[i + 1]! * 587 + rgb[i + 2]! * 114) / 1000;
  return { w: info.width, h: info.height, rgb, gray };
}

// ---------------------------------------------------------------------------------------------
// border: frames and padding bands

/** A line is flat when this share of its pixels lies within LINE_TOLERANCE of its median colour. */
const FLAT_SHARE = 0.97;
const LINE_TOLERANCE = 14;
/** A band is drawn, not photographed: this share of its pixels within BAND_TIGHT of its colour. */
const BAND_TIGHT = 10;
const BAND_TIGHT_SHARE = 0.97;
/** Where a band ends, this share of the next line differs from it by more than BOUNDARY_DIFF. */
const BOUNDARY_DIFF = 30;
const BOUNDARY_SHARE = 0.6;
/** Bands deeper than this share of the picture are the picture itself (a wall, a sky), not a band. */
const MAX_BAND = 0.3;
/** Thinner than this (working pixels) is a hairline, not a frame. */
const MIN_BAND_PX = 2;
/** A band of this colour or lighter on every side is the white surround of a white-background picture. */
const WHITE_FROM = 235;

interface Band {
  depth: number;
  colour: Rgb;
}

/** Pixel indices (RGB offsets) of line k from a side, limited to [from, to) along the line. */
function linePixels(work: Work, side: SideName, k: number, from = 0, to = -1): number[] {
  const { w, h } = work;
  const out: number[] = [];
  if (side === 'top' || side === 'bottom') {
    const y = side === 'top' ? k : h - 1 - k;
    const end = to < 0 ? w : to;
    for (let x = from; x < end; x++) out.push((y * w + x) * 3);
  } else {
    const x = side === 'left' ? k : w - 1 - k;
    const end = to < 0 ? h : to;
    for (let y = from; y < end; y++) out.push((y * w + x) * 3);
  }
  return out;
}

function medianOf(rgb: Uint8Array, pixels: number[]): Rgb {
  const out: Rgb = [0, 0, 0];
  for (let c = 0; c < 3; c++) {
    const hist = new Uint32Array(256);
    for (const i of pixels) hist[rgb[i + c]!]!++;
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += hist[v]!;
      if (seen * 2 >= pixels.length) {
        out[c] = v;
        break;
      }
    }
  }
  return out;
}

const shareWithin = (rgb: Uint8Array, pixels: number[], c: Rgb, tol: number) => {
  let n = 0;
  for (const i of pixels) if (diffAt(rgb, i, c) <= tol) n++;
  return pixels.length ? n / pixels.length : 0;
};

/** The band along one side: flat lines of one colour from the edge, ending at a sharp change. */
function bandAt(work: Work, side: SideName): Band | null {
  const across = side === 'top' || side === 'bottom' ? work.h : work.w;
  const maxDepth = Math.floor(across * MAX_BAND);
  const first = linePixels(work, side, 0);
  const colour = medianOf(work.rgb, first);
  let depth = 0;
  while (depth < maxDepth) {
    const line = linePixels(work, side, depth);
    const med = depth === 0 ? colour : medianOf(work.rgb, line);
    if (colourDiff(med, colour) > LINE_TOLERANCE || shareWithin(work.rgb, line, med, LINE_TOLERANCE) < FLAT_SHARE) break;
    depth++;
  }
  if (depth < MIN_BAND_PX || depth >= maxDepth) return null;
  // The band ends at a sharp change (one or two lines: resampling blurs a step over two).
  const changed = (k: number) => 1 - shareWithin(work.rgb, linePixels(work, side, k), colour, BOUNDARY_DIFF);
  if (Math.max(changed(depth), changed(depth + 1)) < BOUNDARY_SHARE) return null;
  // Drawn, not photographed: nearly every pixel of the band (but the lines next to its end, where
  // JPEG rings) is the band's colour.
  const inner = depth >= 4 ? depth - 2 : depth;
  const pixels: number[] = [];
  for (let k = 0; k < inner; k++) pixels.push(...linePixels(work, side, k));
  if (shareWithin(work.rgb, pixels, colour, BAND_TIGHT) < BAND_TIGHT_SHARE) return null;
  return { depth, colour };
}

const SIDES: SideName[] = ['top', 'bottom', 'left', 'right'];
const isWhite = (c: Rgb) => Math.min(...c) >= WHITE_FROM;

function findBorder(work: Work): { finding: BorderFinding; bands: Partial<Record<SideName, Band>> } {
  const bands: Partial<Record<SideName, Band>> = {};
  for (const side of SIDES) {
    const band = bandAt(work, side);
    if (band) bands[side] = band;
  }
  const found = SIDES.filter((s) => bands[s]);
  // Only the bands that break the rule are cut off before the rest is measured.
  const none = { finding: { kind: null, sides: {}, colour: null } as BorderFinding, bands: {} };
  if (found.length === 0) return none;
  const across = (s: SideName) => (s === 'top' || s === 'bottom' ? work.h : work.w);
  const first = bands[found[0] as SideName] as Band;
  if (found.length === 4 && found.every((s) => colourDiff((bands[s] as Band).colour, first.colour) <= BOUNDARY_DIFF)) {
    // One colour all round: a frame, unless it is white (the margin of a white-background picture,
    // which looks exactly like a white frame around a box-shaped product).
    if (isWhite(first.colour)) return none;
    const sides = Object.fromEntries(found.map((s) => [s, (bands[s] as Band).depth / across(s)]));
    return { finding: { kind: 'frame', sides, colour: first.colour }, bands };
  }
  // White bands are padding only as a letterbox (exactly two opposite sides, what fitting a picture
  // of another shape leaves): on one or three sides they are the white backdrop of a product that
  // touches the remaining edge.
  const whites = found.filter((s) => isWhite((bands[s] as Band).colour));
  const letterbox = whites.length === 2 && (whites.join() === 'top,bottom' || whites.join() === 'left,right');
  if (whites.length && !letterbox) for (const s of whites) delete bands[s];
  if (!SIDES.some((s) => bands[s])) return none;
  found.splice(0, found.length, ...SIDES.filter((s) => bands[s]));
  // Bands on some sides: padding, unless the sides without a band show the same colour along their
  // edge (then the "band" is the picture's own backdrop above or beside a wide product).
  const top = bands.top?.depth ?? 0;
  const bottom = work.h - (bands.bottom?.depth ?? 0);
  const left = bands.left?.depth ?? 0;
  const right = work.w - (bands.right?.depth ?? 0);
  const open: number[] = [];
  for (const side of SIDES) {
    if (bands[side]) continue;
    open.push(
      ...linePixels(
        work,
        side,
        0,
        side === 'left' || side === 'right' ? top : left,
        side === 'left' || side === 'right' ? bottom : right,
      ),
    );
  }
  const sides: Partial<Record<SideName, number>> = {};
  let colour: Rgb | null = null;
  for (const side of found) {
    const band = bands[side] as Band;
    if (open.length && shareWithin(work.rgb, open, band.colour, BOUNDARY_DIFF) >= 0.5) continue;
    sides[side] = band.depth / across(side);
    colour ??= band.colour;
  }
  if (!colour) return none;
  const kept = Object.fromEntries(Object.keys(sides).map((s) => [s, bands[s as SideName]]));
  return { finding: { kind: 'padding', sides, colour }, bands: kept };
}

// ---------------------------------------------------------------------------------------------
// A picture's inside (bands cut off), its background and its parts

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The edge ring's share that must lie within FOREGROUND_DIFF of its median for a flat background. */
const FLAT_BACKGROUND_SHARE = 0.6;
/** A pixel belongs to something on the background when it differs from it by more than this (checks.ts uses the same). */
const FOREGROUND_DIFF = 24;
/** Parts of one product closer than this share of the picture are one product (a cap, a strap, a sole). */
const JOIN = 0.012;
/** A shadow is soft: fewer pixels on a sharp edge than this times the square root of its area (an object has its whole outline sharp). */
const SHADOW_SHARP = 0.5;
/** A second product is at least this share of the largest one and of the picture. */
const SECOND_OF_LARGEST = 0.25;
const SECOND_OF_PICTURE = 0.004;
/** Anything else apart from the products larger than this share of the picture is an overlay. */
const OVERLAY_OF_PICTURE = 0.0003;
/** A pixel sits on a sharp edge when the brightness changes by this much over two pixels. */
const SHARP_STEP = 36;

function edgeRingMedian(work: Work, r: Rect): { colour: Rgb; flat: boolean } {
  const band = Math.max(1, Math.round(Math.min(r.x1 - r.x0, r.y1 - r.y0) * 0.02));
  const pixels: number[] = [];
  for (let y = r.y0; y < r.y1; y++) {
    const edgeRow = y < r.y0 + band || y >= r.y1 - band;
    for (let x = r.x0; x < r.x1; x++) {
      if (edgeRow || x < r.x0 + band || x >= r.x1 - band) pixels.push((y * work.w + x) * 3);
    }
  }
  const colour = medianOf(work.rgb, pixels);
  return { colour, flat: shareWithin(work.rgb, pixels, colour, FOREGROUND_DIFF) >= FLAT_BACKGROUND_SHARE };
}

/** Sets every pixel within `r` of a set pixel (a square), separably, inside the rectangle. */
function dilate(mask: Uint8Array, w: number, rect: Rect, r: number): Uint8Array {
  const tmp = new Uint8Array(mask.length);
  for (let y = rect.y0; y < rect.y1; y++) {
    let last = -1e9;
    for (let x = rect.x0; x < rect.x1; x++) {
      if (mask[y * w + x]) last = x;
      if (x - last <= r) tmp[y * w + x] = 1;
    }
    last = 1e9;
    for (let x = rect.x1 - 1; x >= rect.x0; x--) {
      if (mask[y * w + x]) last = x;
      if (last - x <= r) tmp[y * w + x] = 1;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let x = rect.x0; x < rect.x1; x++) {
    let last = -1e9;
    for (let y = rect.y0; y < rect.y1; y++) {
      if (tmp[y * w + x]) last = y;
      if (y - last <= r) out[y * w + x] = 1;
    }
    last = 1e9;
    for (let y = rect.y1 - 1; y >= rect.y0; y--) {
      if (tmp[y * w + x]) last = y;
      if (last - y <= r) out[y * w + x] = 1;
    }
  }
  return out;
}

/** Labels the 8-connected regions of `mask` inside `rect` (0 = none); returns the labels and their count. */
function label(mask: Uint8Array, w: number, rect: Rect): { labels: Int32Array; count: number } {
  const labels = new Int32Array(mask.length);
  const queue = new Int32Array(mask.length);
  let count = 0;
  for (let y = rect.y0; y < rect.y1; y++) {
    for (let x = rect.x0; x < rect.x1; x++) {
      const start = y * w + x;
      if (!mask[start] || labels[start]) continue;
      count++;
      labels[start] = count;
      let head = 0;
      let tail = 0;
      queue[tail++] = start;
      while (head < tail) {
        const p = queue[head++]!;
        const px = p % w;
        const py = (p - px) / w;
        for (let dy = -1; dy <= 1; dy++) {
          const ny = py + dy;
          if (ny < rect.y0 || ny >= rect.y1) continue;
          for (let dx = -1; dx <= 1; dx++) {
            const nx = px + dx;
            if (nx < rect.x0 || nx >= rect.x1) continue;
            const q = ny * w + nx;
            if (mask[q] && !labels[q]) {
              labels[q] = count;
              queue[tail++] = q;
            }
          }
        }
      }
    }
  }
  return { labels, count };
}

/** Whether the pixel sits on a sharp brightness edge. */
function sharpAt(work: Work, x: number, y: number): boolean {
  const { w, h, gray } = work;
  const l = gray[y * w + Math.max(0, x - 1)]!;
  const r = gray[y * w + Math.min(w - 1, x + 1)]!;
  const u = gray[Math.max(0, y - 1) * w + x]!;
  const d = gray[Math.min(h - 1, y + 1) * w + x]!;
  return Math.abs(r - l) + Math.abs(d - u) >= SHARP_STEP;
}

interface Part {
  area: number;
  sharp: number;
  /** Sum of each pixel's spread between its channel differences from the background (colour, not shade). */
  tint: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * On a flat background: the parts standing on it. Pixels off the background are joined when closer
 * than JOIN (one product's pieces), and whatever they enclose is theirs (a label printed on the
 * product, a T-shirt's graphic: part of the product, not laid over the picture).
 */
function partsOnFlat(work: Work, rect: Rect, bg: Rgb): Part[] {
  const { w, rgb } = work;
  const fg = new Uint8Array(w * work.h);
  for (let y = rect.y0; y < rect.y1; y++)
    for (let x = rect.x0; x < rect.x1; x++) if (diffAt(rgb, (y * w + x) * 3, bg) > FOREGROUND_DIFF) fg[y * w + x] = 1;
  const side = Math.max(rect.x1 - rect.x0, rect.y1 - rect.y0);
  const joined = dilate(fg, w, rect, Math.max(1, Math.round(side * JOIN)));
  // The background reachable from the edges; everything else belongs to a part (holes filled).
  const open = new Uint8Array(fg.length);
  for (let y = rect.y0; y < rect.y1; y++) for (let x = rect.x0; x < rect.x1; x++) if (!joined[y * w + x]) open[y * w + x] = 1;
  const { labels: openLabels } = label(open, w, rect);
  const outside = new Set<number>();
  for (let x = rect.x0; x < rect.x1; x++) {
    outside.add(openLabels[rect.y0 * w + x]!);
    outside.add(openLabels[(rect.y1 - 1) * w + x]!);
  }
  for (let y = rect.y0; y < rect.y1; y++) {
    outside.add(openLabels[y * w + rect.x0]!);
    outside.add(openLabels[y * w + rect.x1 - 1]!);
  }
  const filled = new Uint8Array(fg.length);
  for (let y = rect.y0; y < rect.y1; y++)
    for (let x = rect.x0; x < rect.x1; x++) {
      const p = y * w + x;
      if (joined[p] || !outside.has(openLabels[p]!)) filled[p] = 1;
    }
  const { labels, count } = label(filled, w, rect);
  const parts: Part[] = Array.from({ length: count + 1 }, () => ({
    area: 0,
    sharp: 0,
    tint: 0,
    x0: 1e9,
    y0: 1e9,
    x1: -1,
    y1: -1,
  }));
  for (let y = rect.y0; y < rect.y1; y++)
    for (let x = rect.x0; x < rect.x1; x++) {
      const p = y * w + x;
      if (!fg[p]) continue;
      const part = parts[labels[p]!] as Part;
      part.area++;
      if (sharpAt(work, x, y)) part.sharp++;
      const i = p * 3;
      const d = [rgb[i]! - bg[0], rgb[i + 1]! - bg[1], rgb[i + 2]! - bg[2]];
      part.tint += Math.max(...d) - Math.min(...d);
      if (x < part.x0) part.x0 = x;
      if (y < part.y0) part.y0 = y;
      if (x >= part.x1) part.x1 = x + 1;
      if (y >= part.y1) part.y1 = y + 1;
    }
  return parts.slice(1).filter((p) => p.area > 0);
}

/** A soft, grey part: a shadow (cast or contact), not a thing. */
const isShadow = (p: Part) => p.sharp < SHADOW_SHARP * Math.sqrt(p.area) && p.tint / p.area < 18;

// ---------------------------------------------------------------------------------------------
// text on a scene: lines of glyph-like strokes

/** A pixel is ink when it differs from its neighbourhood's mean by more than this. */
const INK_CONTRAST = 30;
/** Glyph heights as a share of the picture's shorter side. */
const GLYPH_MIN = 0.014;
const GLYPH_MAX = 0.15;
/** A line of text has at least this many glyph parts side by side. */
const LINE_GLYPHS = 3;

interface Glyph {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  colour: Rgb;
}

/**
 * Glyph-like parts: pixels that differ from their neighbourhood's mean colour (so red on brown
 * counts, not only dark on light), in connected shapes of a glyph's height made of thin strokes.
 */
function glyphsOf(work: Work, rect: Rect): Glyph[] {
  const { w, h, rgb } = work;
  const minSide = Math.min(rect.x1 - rect.x0, rect.y1 - rect.y0);
  // Integral images of each channel for the neighbourhood mean.
  const iw = w + 1;
  const integrals = [0, 1, 2].map((c) => {
    const integral = new Float64Array(iw * (h + 1));
    for (let y = 0; y < h; y++) {
      let row = 0;
      for (let x = 0; x < w; x++) {
        row += rgb[(y * w + x) * 3 + c]!;
        integral[(y + 1) * iw + x + 1] = integral[y * iw + x + 1]! + row;
      }
    }
    return integral;
  });
  const r = Math.max(7, Math.round(minSide * 0.025));
  // Two masks: brighter and darker than the neighbourhood (else a stroke and the ground around it,
  // both far from their mixed mean, would be one blob).
  const light = new Uint8Array(w * h);
  const dark = new Uint8Array(w * h);
  for (let y = rect.y0; y < rect.y1; y++) {
    const ya = Math.max(rect.y0, y - r);
    const yb = Math.min(rect.y1, y + r + 1);
    for (let x = rect.x0; x < rect.x1; x++) {
      const xa = Math.max(rect.x0, x - r);
      const xb = Math.min(rect.x1, x + r + 1);
      const n = (yb - ya) * (xb - xa);
      const p = y * w + x;
      let most = 0;
      let brighter = 0;
      for (let c = 0; c < 3; c++) {
        const integral = integrals[c] as Float64Array;
        const mean = (integral[yb * iw + xb]! - integral[ya * iw + xb]! - integral[yb * iw + xa]! + integral[ya * iw + xa]!) / n;
        const d = rgb[p * 3 + c]! - mean;
        brighter += d * (c === 0 ? 0.299 : c === 1 ? 0.587 : 0.114);
        most = Math.max(most, Math.abs(d));
      }
      if (most > INK_CONTRAST) (brighter >= 0 ? light : dark)[p] = 1;
    }
  }
  const glyphs: Glyph[] = [];
  for (const ink of [light, dark]) glyphs.push(...glyphsIn(work, rect, ink, minSide));
  return glyphs;
}

function glyphsIn(work: Work, rect: Rect, ink: Uint8Array, minSide: number): Glyph[] {
  const { w, rgb } = work;
  const { labels, count } = label(ink, w, rect);
  const stats = Array.from({ length: count + 1 }, () => ({
    area: 0,
    edge: 0,
    r: 0,
    g: 0,
    b: 0,
    x0: 1e9,
    y0: 1e9,
    x1: -1,
    y1: -1,
  }));
  for (let y = rect.y0; y < rect.y1; y++)
    for (let x = rect.x0; x < rect.x1; x++) {
      const p = y * w + x;
      const l = labels[p]!;
      if (!l) continue;
      const s = stats[l]!;
      s.area++;
      s.r += rgb[p * 3]!;
      s.g += rgb[p * 3 + 1]!;
      s.b += rgb[p * 3 + 2]!;
      if (x === rect.x0 || x === rect.x1 - 1 || y === rect.y0 || y === rect.y1 - 1) s.edge++;
      else if (labels[p - 1] !== l || labels[p + 1] !== l || labels[p - w] !== l || labels[p + w] !== l) s.edge++;
      if (x < s.x0) s.x0 = x;
      if (y < s.y0) s.y0 = y;
      if (x >= s.x1) s.x1 = x + 1;
      if (y >= s.y1) s.y1 = y + 1;
    }
  const glyphs: Glyph[] = [];
  for (const s of stats.slice(1)) {
    const gw = s.x1 - s.x0;
    const gh = s.y1 - s.y0;
    if (gh < minSide * GLYPH_MIN || gh > minSide * GLYPH_MAX || gw > gh * 2.2 || gw < 2 || s.area < 12) continue;
    const fill = s.area / (gw * gh);
    // Strokes: thin against the glyph's height, neither a blob nor a bar.
    const stroke = (2 * s.area) / Math.max(1, s.edge);
    if (fill < 0.12 || fill > 0.8 || stroke > gh * 0.3) continue;
    glyphs.push({ x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1, colour: [s.r / s.area, s.g / s.area, s.b / s.area] });
  }
  return glyphs;
}

/** Glyphs side by side on one baseline, of one shade: lines of text. */
function linesOf(glyphs: Glyph[]): Array<Glyph[]> {
  const parent = glyphs.map((_, i) => i);
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root]!;
    parent[i] = root;
    return root;
  };
  for (let i = 0; i < glyphs.length; i++) {
    const a = glyphs[i] as Glyph;
    for (let j = i + 1; j < glyphs.length; j++) {
      const b = glyphs[j] as Glyph;
      if (colourDiff(a.colour, b.colour) > 60) continue;
      const ha = a.y1 - a.y0;
      const hb = b.y1 - b.y0;
      const hMax = Math.max(ha, hb);
      if (hMax > 2.5 * Math.min(ha, hb)) continue;
      const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      if (overlap < 0.5 * Math.min(ha, hb)) continue;
      const gap = Math.max(a.x0, b.x0) - Math.min(a.x1, b.x1);
      if (gap > hMax * 1.2) continue;
      parent[find(i)] = find(j);
    }
  }
  const groups = new Map<number, Glyph[]>();
  glyphs.forEach((g, i) => {
    const root = find(i);
    groups.set(root, [...(groups.get(root) ?? []), g]);
  });
  return [...groups.values()].filter((g) => g.length >= LINE_GLYPHS);
}

/** On a scene, small text in the middle is taken for the product's own label (docs: what it cannot see). */
const LABEL_ZONE = [0.2, 0.8];
const LABEL_MAX_HEIGHT = 0.12;

// ---------------------------------------------------------------------------------------------

/** Reads a picture for the three overlay rules. */
export async function inspectOverlays(file: Buffer): Promise<Overlays> {
  const work = await workingCopy(file);
  const { finding: border, bands } = findBorder(work);
  // The inside: every detected band cut off (a frame's inside is checked as the picture).
  // (Two lines more: where a band ends, resampling and JPEG blend it into the picture.)
  const cut = (band: Band | undefined) => (band ? band.depth + 2 : 0);
  const rect: Rect = {
    x0: cut(bands.left),
    y0: cut(bands.top),
    x1: work.w - cut(bands.right),
    y1: work.h - cut(bands.bottom),
  };
  const rw = rect.x1 - rect.x0;
  const rh = rect.y1 - rect.y0;
  const inner = rw * rh;
  const share = (b: { x0: number; y0: number; x1: number; y1: number }): [number, number, number, number] => [
    +(b.x0 / work.w).toFixed(3),
    +(b.y0 / work.h).toFixed(3),
    +((b.x1 - b.x0) / work.w).toFixed(3),
    +((b.y1 - b.y0) / work.h).toFixed(3),
  ];
  const background = edgeRingMedian(work, rect);
  if (background.flat) {
    const parts = partsOnFlat(work, rect, background.colour).filter((p) => !isShadow(p));
    const largest = Math.max(0, ...parts.map((p) => p.area));
    const products = parts.filter((p) => p.area >= largest * SECOND_OF_LARGEST && p.area >= inner * SECOND_OF_PICTURE);
    const overlays = parts.filter((p) => !products.includes(p) && p.area >= inner * OVERLAY_OF_PICTURE);
    return {
      border,
      text: { boxes: overlays.map(share), how: 'flat' },
      objects: { measured: true, count: products.length },
    };
  }
  const lines = linesOf(glyphsOf(work, rect)).map((line) => ({
    x0: Math.min(...line.map((g) => g.x0)),
    y0: Math.min(...line.map((g) => g.y0)),
    x1: Math.max(...line.map((g) => g.x1)),
    y1: Math.max(...line.map((g) => g.y1)),
  }));
  const [lo, hi] = LABEL_ZONE as [number, number];
  const overlays = lines.filter((b) => {
    const central =
      b.x0 >= rect.x0 + rw * lo && b.x1 <= rect.x0 + rw * hi && b.y0 >= rect.y0 + rh * lo && b.y1 <= rect.y0 + rh * hi;
    return !(central && b.y1 - b.y0 <= rh * LABEL_MAX_HEIGHT);
  });
  return { border, text: { boxes: overlays.map(share), how: 'scene' }, objects: { measured: false, count: 0 } };
}
