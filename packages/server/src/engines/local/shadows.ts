import sharp from 'sharp';
import { alphaBounds, alphaOf, type Box, clamp255, cropRgba, flood4, luma, type Rgba } from './imaging.ts';

/**
 * Shadows (issue 44). A studio photo's floor shadow and cast shadow are not the product: the
 * segmentation model often keeps them as a grey patch under it. `removeSourceShadow` takes them out
 * of a cut; `groundShadow` draws a new one that follows the product's footprint and the scene's
 * light; `restageShadow` does both and is the one call other engines use (batch recipes rendering
 * to marketplace presets).
 *
 * A source shadow is the backdrop darkened: where the cut keeps a pixel whose colour is the local
 * backdrop's colour times one factor below 1 on every channel (a shadow dims light, it does not
 * change its hue), smooth (no edge of its own), in the lowest part of the cut (on the floor), and
 * connected to what the cut left out, in a piece of such pixels that does not go on up the cut (that
 * is a product of the backdrop's tone: a pale dress on a wall of its colour). The local
 * backdrop colour is the photo's colour outside the cut, spread inwards (normalised blur), so a
 * backdrop that changes from wall to floor is followed.
 */

/** A shadow dims the backdrop by at least this much (else it is the backdrop) ... */
const SHADOW_MAX_RATIO = 0.97;
/** ... and at most this much (darker is an object: a black shoe sole on a white sweep). */
const SHADOW_MIN_RATIO = 0.45;
/** Channels' ratios may differ by this much and still be one dimming (JPEG and grain move them). */
const SHADOW_HUE_TOLERANCE = 0.035;
/** Where a shadow meets the backdrop around it, it dims it by no more than this. */
const SHADOW_FADE_RATIO = 0.88;
/** Shadows on the floor lie in the lowest part of what the cut kept (this share of its box's height). */
const SHADOW_LOW_SHARE = 0.4;
/** A shadow's piece may go on above the low part by half its cells there (the wall between a sleeve and the body); more is a product of the backdrop's tone. */
const SHADOW_MAX_ABOVE = 0.5;
/** Luminance steps between neighbours above this are an edge of an object, not a soft shadow. */
const SHADOW_MAX_EDGE = 28;

/**
 * Whether a colour's per-channel ratios to the backdrop around it (`mean` their mean) are one dimming, as a
 * shadow dims: no darker than SHADOW_MIN_RATIO (darker is an object), every channel alike within
 * `tolerance` of the dimming (JPEG and grain move them; a thing of its own colour moves one channel more).
 */
export function dimsAlike(ratios: readonly number[], mean: number, tolerance = SHADOW_HUE_TOLERANCE): boolean {
  return mean >= SHADOW_MIN_RATIO && Math.max(...ratios) - Math.min(...ratios) <= tolerance * Math.max(0.5, mean);
}

export function removeSourceShadow(cut: Rgba): Rgba {
  const { w, h, small } = workingCopy(cut);
  const m = w * h;
  const backdrop = backdropSpread(small, w, h);
  if (!backdrop) return cut;
  const { weight, spread } = backdrop;
  // Candidates: kept cells that are the backdrop dimmed, smooth, low in the cut.
  let top = h;
  let bottom = -1;
  for (let i = 0; i < m; i++)
    if (small.alpha[i]! >= 16) {
      const y = Math.floor(i / w);
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  const lowFrom = bottom - (bottom - top + 1) * SHADOW_LOW_SHARE;
  const lowRow = Math.max(0, Math.ceil(lowFrom));
  // Dimmed backdrop is looked for over the whole cut: a floor shadow is one only where its piece lies
  // in the low part (below), the rest is for telling a product of the backdrop's tone from one.
  const dimmed = new Uint8Array(m);
  const ratio = new Float32Array(m);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (small.alpha[i]! < 16 || weight[i]! < 1e-3) continue;
      const ratios = [0, 1, 2].map((c) => (small.rgb[i * 3 + c]! + 2) / (spread[c]![i]! / weight[i]! + 2));
      const mean = (ratios[0]! + ratios[1]! + ratios[2]!) / 3;
      ratio[i] = mean;
      if (mean > SHADOW_MAX_RATIO + 0.02 || !dimsAlike(ratios, mean)) continue;
      dimmed[i] = 1;
    }
  // Smooth within itself: a step to a neighbour that is also dimmed backdrop is texture of an object.
  const candidate = new Uint8Array(m);
  for (let i = 0; i < m; i++) {
    if (!dimmed[i]) continue;
    const x = i % w;
    const l = small.luma[i]!;
    const step = (j: number) => dimmed[j] === 1 && Math.abs(l - small.luma[j]!) > SHADOW_MAX_EDGE;
    if ((x + 1 < w && step(i + 1)) || (i + w < m && step(i + w)) || (x > 0 && step(i - 1)) || (i >= w && step(i - w))) continue;
    candidate[i] = 1;
  }
  // Only candidates connected to the outside: a grey patch inside a product is its own colour.
  const seeds: number[] = [];
  for (let i = 0; i < m; i++) {
    if (!candidate[i] || i < lowRow * w) continue;
    const x = i % w;
    const y = (i - x) / w;
    let border = false;
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ] as const) {
      const nx = x + dx;
      const ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= w || ny >= h || small.alpha[ny * w + nx]! < 16) border = true;
    }
    // A shadow fades out into the backdrop: where it meets what the cut left out it is nearly the
    // backdrop's own light. A product's edge is a step (a beige shirt on a beige wall is not a shadow).
    if (border && ratio[i]! >= SHADOW_FADE_RATIO) seeds.push(i);
  }
  // Each seed's piece, grown through candidates at any height: a piece that goes on above the low
  // part is no floor shadow but a product of the backdrop's tone dimmed (a pale dress on a wall of its
  // colour, whose hem half alone had passed for one), and is kept whole.
  const shadow = new Uint8Array(m);
  const reached = new Uint8Array(m);
  const joins = (j: number) => {
    if (!candidate[j] || reached[j]) return false;
    reached[j] = 1;
    return true;
  };
  for (const seed of seeds) {
    if (reached[seed]) continue;
    reached[seed] = 1;
    const cells = flood4(seed, w, m, joins);
    let above = 0;
    for (const i of cells) if (i < lowRow * w) above++;
    if (above > (cells.length - above) * SHADOW_MAX_ABOVE) continue;
    for (const i of cells) if (i >= lowRow * w) shadow[i] = 1;
  }
  let found = 0;
  for (let i = 0; i < m; i++) found += shadow[i]!;
  if (found === 0) return cut;
  // Back at full size: the shadow cells' pixels lose their alpha; the product's pixels keep theirs.
  return clearCells(cut, shadow, w, h);
}

/** The backdrop seen through an opening: every channel within this ratio of the local backdrop's (a shade off it at most). */
const OPENING_RATIO = 0.12;
/** Channels' ratios may differ by this much (the opening shows the backdrop's own hue). */
const OPENING_HUE_TOLERANCE = 0.05;
/** An opening's rim is an edge: the kept pixels around it differ from it by at least this (mean of the largest channel step). */
const OPENING_RIM_STEP = 12;
/**
 * Openings smaller than this share of what the cut keeps are no opening: a print's dot (pale dots on a
 * black dress on a pale wall, issue 44, #834: 2.3 % each; the dots at its edges run into the wall, so
 * they are not counted as repeats), the wall between a pale tee's neckline and its hanger (#951, 2.1 %).
 * A bag's handle, a mug's handle, the gap under an arm leave a sizeable share of the silhouette open ...
 */
const OPENING_MIN = 0.05;
/** ... and so are larger ones that repeat (at least this many others within 2x the size: a print of large dots). */
const OPENING_REPEATS = 3;
/** Other pixels enclosed by an opening beyond this share of it are a label's text: a label, no opening. */
const OPENING_INNER = 0.02;

/** Across a cast shadow's end the light rises to the backdrop's over at least this many pixels; a sole's edge is a step of one to three. */
const FADE_MIN = 6;
/** The backdrop beyond a band's end is read this far out (its brightest pixel between half and all of it). */
const FADE_REACH = 40;
/** A band's end is read where the backdrop is at least this much lighter than the band (0..255 luma). */
const FADE_CONTRAST = 40;

/**
 * Whether a band at the product's foot (core-parts.ts `footBand`: wider than the body on both sides) is
 * its cast shadow, not a sole (issue 44, #1392: a black bag on its black contact shadow, of the same
 * colour and marked as sure, so neither the colour split nor `removeSourceShadow`, which stops at
 * objects darker than 0.45 of the backdrop, parts them). A shadow fades into the floor: along the band's
 * rows, at both its ends, the light rises from the band's to the backdrop's over FADE_MIN pixels or more
 * (the middle 60 % of the rise), on most rows where the backdrop is lighter, and the band is the floor
 * dimmed, of its hue. A sole, a plinth or a box's base ends in a step; a pale sole on a dark floor is
 * lighter than the floor; a coat's sleeves hanging past its hem are of a colour of their own.
 */
export function fadesOut(
  band: Uint8Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  span: { top: number; height: number } = { top: 0, height },
): boolean {
  const at = (x: number, y: number) => {
    const p = (y * width + x) * 3;
    return luma(rgb[p]!, rgb[p + 1]!, rgb[p + 2]!);
  };
  // The rise's width at one end of a row: `x` is the band's last pixel there, `dir` points outwards.
  const rise = (x: number, y: number, dir: 1 | -1): number | null => {
    let dark = Number.POSITIVE_INFINITY;
    let darkAt = -1;
    for (let k = 0; k < FADE_REACH / 2; k++) {
      const xi = x - dir * k;
      if (xi < 0 || xi >= width || band[y * width + xi]! < 128) break;
      if (at(xi, y) < dark) [dark, darkAt] = [at(xi, y), xi];
    }
    let light = Number.NEGATIVE_INFINITY;
    let lightAt = -1;
    for (let k = FADE_REACH / 2; k <= FADE_REACH; k++) {
      const xo = x + dir * k;
      if (xo >= 0 && xo < width && at(xo, y) > light) [light, lightAt] = [at(xo, y), xo];
    }
    if (darkAt < 0 || lightAt < 0 || light - dark < FADE_CONTRAST) return null;
    // The floor dimmed, its hue kept (a sleeve of a colour of its own hanging past a coat's hem is none).
    const ratios = [0, 1, 2].map((c) => (rgb[(y * width + darkAt) * 3 + c]! + 2) / (rgb[(y * width + lightAt) * 3 + c]! + 2));
    if (Math.max(...ratios) - Math.min(...ratios) > SHADOW_HUE_TOLERANCE * 2) return null;
    let n = 0;
    for (let k = -FADE_REACH / 2; k <= FADE_REACH; k++) {
      const xk = x + dir * k;
      if (xk < 0 || xk >= width) continue;
      const l = at(xk, y);
      if (l > dark + (light - dark) * 0.2 && l < dark + (light - dark) * 0.8) n++;
    }
    return n;
  };
  const widths: number[] = [];
  let rows = 0;
  // Only the band's own rows (its box): the rest of the picture holds none of it.
  for (let y = span.top; y < span.top + span.height; y++) {
    let left = -1;
    let right = -1;
    for (let x = 0; x < width; x++)
      if (band[y * width + x]! >= 128) {
        if (left < 0) left = x;
        right = x;
      }
    if (left < 0) continue;
    rows++;
    const a = rise(left, y, -1);
    const b = rise(right, y, 1);
    if (a !== null && b !== null) widths.push(Math.min(a, b));
  }
  if (!rows || widths.length < rows / 2) return false;
  widths.sort((p, q) => p - q);
  return widths[Math.floor(widths.length / 2)]! >= FADE_MIN;
}

/**
 * The backdrop seen through an opening the model filled (issue 44, #913: the wall inside a bag's
 * handle kept, on a studio backdrop). A piece of what the cut keeps is an opening when it has the
 * local backdrop's colour (every channel within OPENING_RATIO, one hue), is enclosed by the product
 * (reaches nothing the cut leaves out that is connected to the picture's border), its rim is a step
 * to another colour (a white tee whose shaded sides leave a lit middle of the wall's tone has no
 * rim: a gradient), nothing of another colour lies inside it (a white label with its text on a white
 * sweep is the bottle's), and it is no print or sliver (at least 5 % of the cut, not one of several
 * alike).
 * Such pieces are taken out. The ground truth of a bag in the photo corpus
 * leaves its handle's opening out, as a shop's cutout does.
 */
export function openSeenThrough(cut: Rgba): Rgba {
  const { w, h, small } = workingCopy(cut);
  const m = w * h;
  const kept = new Uint8Array(m);
  let keptCount = 0;
  for (let i = 0; i < m; i++)
    if (small.alpha[i]! >= 128) {
      kept[i] = 1;
      keptCount++;
    }
  if (keptCount === 0) return cut;
  // What the cut leaves out that the picture's border reaches.
  const out = new Uint8Array(m);
  const border: number[] = [];
  for (let i = 0; i < m; i++) {
    const x = i % w;
    const y = (i - x) / w;
    if ((x === 0 || y === 0 || x === w - 1 || y === h - 1) && !kept[i]) {
      out[i] = 1;
      border.push(i);
    }
  }
  for (const seed of border)
    flood4(seed, w, m, (j) => {
      if (out[j] || kept[j]) return false;
      out[j] = 1;
      return true;
    });
  const backdrop = backdropSpread(small, w, h);
  if (!backdrop) return cut;
  const { weight, spread } = backdrop;
  const tone = new Uint8Array(m);
  for (let i = 0; i < m; i++) {
    if (!kept[i] || weight[i]! < 1e-3) continue;
    const ratios = [0, 1, 2].map((c) => (small.rgb[i * 3 + c]! + 2) / (spread[c]![i]! / weight[i]! + 2));
    if (ratios.some((r) => Math.abs(r - 1) > OPENING_RATIO)) continue;
    if (Math.max(...ratios) - Math.min(...ratios) > OPENING_HUE_TOLERANCE) continue;
    tone[i] = 1;
  }
  // Pieces of the backdrop's tone (with any hole the model left inside them), enclosed by the product.
  const piece = new Int32Array(m).fill(-1);
  const pieces: number[][] = [];
  for (let i = 0; i < m; i++) {
    if (!tone[i] || piece[i]! >= 0) continue;
    const id = pieces.length;
    piece[i] = id;
    let enclosed = true;
    const cells = flood4(i, w, m, (j) => {
      if (out[j]) enclosed = false;
      if (piece[j]! >= 0 || !(tone[j] || (!kept[j] && !out[j]))) return false;
      piece[j] = id;
      return true;
    });
    for (const c of cells) {
      const x = c % w;
      const y = (c - x) / w;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) enclosed = false;
    }
    pieces.push(enclosed ? cells : []);
  }
  // Sized by what the cut keeps of it; one the model mostly left open already (a mug's handle) adds nothing but its soft rim.
  const sized = pieces
    .map((cells, id) => ({ id, cells, kept: cells.filter((c) => kept[c]).length }))
    .filter((p) => p.kept >= keptCount * OPENING_MIN && p.kept * 2 >= p.cells.length);
  const open = new Uint8Array(m);
  let found = 0;
  for (const p of sized) {
    const alike = sized.filter((o) => o !== p && o.kept <= p.kept * 2 && o.kept * 2 >= p.kept);
    if (alike.length >= OPENING_REPEATS) continue;
    // Its rim: the kept pixels of another colour around it.
    let steps = 0;
    let pairs = 0;
    let x0 = w;
    let y0 = h;
    let x1 = -1;
    let y1 = -1;
    for (const c of p.cells) {
      const x = c % w;
      const y = (c - x) / w;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
      for (const n of [c - 1, c + 1, c - w, c + w]) {
        if (n < 0 || n >= m || piece[n] === p.id || !kept[n]) continue;
        if ((n === c - 1 && x === 0) || (n === c + 1 && x === w - 1)) continue;
        pairs++;
        steps += Math.max(...[0, 1, 2].map((k) => Math.abs(small.rgb[c * 3 + k]! - small.rgb[n * 3 + k]!)));
      }
    }
    if (!pairs || steps / pairs < OPENING_RIM_STEP) continue;
    // Nothing of another colour inside it: flood its box's border through what is not the piece.
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    const reached = new Uint8Array(bw * bh);
    const starts: number[] = [];
    for (let y = 0; y < bh; y++)
      for (let x = 0; x < bw; x++)
        if ((x === 0 || y === 0 || x === bw - 1 || y === bh - 1) && piece[(y0 + y) * w + x0 + x] !== p.id) {
          reached[y * bw + x] = 1;
          starts.push(y * bw + x);
        }
    for (const s0 of starts)
      flood4(s0, bw, bw * bh, (j) => {
        if (reached[j] || piece[(y0 + Math.floor(j / bw)) * w + x0 + (j % bw)] === p.id) return false;
        reached[j] = 1;
        return true;
      });
    let inner = 0;
    for (let j = 0; j < bw * bh; j++) if (!reached[j] && piece[(y0 + Math.floor(j / bw)) * w + x0 + (j % bw)] !== p.id) inner++;
    if (inner > p.cells.length * OPENING_INNER) continue;
    for (const c of p.cells) open[c] = 1;
    found++;
  }
  if (!found) return cut;
  return clearCells(cut, open, w, h);
}

/** Shadows and openings are large and soft: the work is done on a copy of at most 512 px (a few ms). */
const workingScale = (cut: Rgba) => Math.min(1, 512 / Math.max(cut.width, cut.height));

function workingCopy(cut: Rgba): { w: number; h: number; small: ReturnType<typeof sampleDown> } {
  const scale = workingScale(cut);
  const w = Math.max(1, Math.round(cut.width * scale));
  const h = Math.max(1, Math.round(cut.height * scale));
  return { w, h, small: sampleDown(cut, w, h) };
}

/** The cut at full size with the pixels of the working copy's marked cells made transparent. */
function clearCells(cut: Rgba, cells: Uint8Array, w: number, h: number): Rgba {
  const { width, height, data } = cut;
  const scale = workingScale(cut);
  const out = Buffer.from(data);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(h - 1, Math.floor(y * scale));
    for (let x = 0; x < width; x++) if (cells[sy * w + Math.min(w - 1, Math.floor(x * scale))]) out[(y * width + x) * 4 + 3] = 0;
  }
  return { width, height, data: out };
}

/**
 * The backdrop's colour spread under the cut: blur of (colour x outside) / blur of (outside), widened
 * until every kept cell has backdrop around it (a wide cut needs more reach). Null when nothing is outside.
 */
function backdropSpread(
  small: { rgb: Uint8Array; alpha: Uint8Array },
  w: number,
  h: number,
): { weight: Float32Array; spread: Float32Array[] } | null {
  const m = w * h;
  const outside = new Float32Array(m);
  const sums = [new Float32Array(m), new Float32Array(m), new Float32Array(m)];
  for (let i = 0; i < m; i++) {
    const o = small.alpha[i]! < 16 ? 1 : 0;
    outside[i] = o;
    for (let c = 0; c < 3; c++) sums[c]![i] = small.rgb[i * 3 + c]! * o;
  }
  if (outside.every((v) => v === 0)) return null;
  const radius = Math.max(4, Math.round(Math.max(w, h) / 24));
  let weight: Float32Array = outside;
  let spread: Float32Array[] = sums;
  for (let pass = 0, r = radius; pass < 5; pass++, r *= 2) {
    weight = boxBlur(outside, w, h, r);
    spread = sums.map((s) => boxBlur(s, w, h, r));
    let missing = 0;
    for (let i = 0; i < m; i++) if (weight[i]! < 1e-3 && small.alpha[i]! >= 16) missing++;
    if (missing === 0) break;
  }
  return { weight, spread };
}

function sampleDown(cut: Rgba, w: number, h: number): { rgb: Uint8Array; alpha: Uint8Array; luma: Float32Array } {
  const rgb = new Uint8Array(w * h * 3);
  const alpha = new Uint8Array(w * h);
  const lum = new Float32Array(w * h);
  const sx = cut.width / w;
  const sy = cut.height / h;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      // The mean of the cell (not one pixel): grain averages out as it would in the eye.
      const x0 = Math.floor(x * sx);
      const y0 = Math.floor(y * sy);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * sx));
      const y1 = Math.max(y0 + 1, Math.floor((y + 1) * sy));
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      let k = 0;
      for (let yy = y0; yy < y1; yy++)
        for (let xx = x0; xx < x1; xx++) {
          const p = (yy * cut.width + xx) * 4;
          r += cut.data[p]!;
          g += cut.data[p + 1]!;
          b += cut.data[p + 2]!;
          a += cut.data[p + 3]!;
          k++;
        }
      const i = y * w + x;
      rgb[i * 3] = r / k;
      rgb[i * 3 + 1] = g / k;
      rgb[i * 3 + 2] = b / k;
      alpha[i] = a / k;
      lum[i] = luma(r / k, g / k, b / k);
    }
  return { rgb, alpha, luma: lum };
}

/** Mean over a (2r+1)^2 box, clipped at the borders. */
function boxBlur(src: Float32Array, w: number, h: number, r: number): Float32Array<ArrayBuffer> {
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    let sum = 0;
    const row = y * w;
    for (let x = -r; x <= r; x++) if (x >= 0 && x < w) sum += src[row + x]!;
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w - 1, x + r);
      tmp[row + x] = sum / (x1 - x0 + 1);
      if (x + r + 1 < w) sum += src[row + x + r + 1]!;
      if (x - r >= 0) sum -= src[row + x - r]!;
    }
  }
  for (let x = 0; x < w; x++) {
    let sum = 0;
    for (let y = -r; y <= r; y++) if (y >= 0 && y < h) sum += tmp[y * w + x]!;
    for (let y = 0; y < h; y++) {
      const y0 = Math.max(0, y - r);
      const y1 = Math.min(h - 1, y + r);
      out[y * w + x] = sum / (y1 - y0 + 1);
      if (y + r + 1 < h) sum += tmp[(y + r + 1) * w + x]!;
      if (y - r >= 0) sum -= tmp[(y - r) * w + x]!;
    }
  }
  return out;
}

export interface GroundShadowOptions {
  /** Where the light comes from across the picture: -1 left, 0 front, +1 right. */
  lightFrom?: number;
  /** Darkness of the shadow right under the product, 0..1. */
  opacity?: number;
  /** Weight of the cast shadow (default 1; 0: the contact shadow alone, as a marketplace preset allows it). */
  cast?: number;
}

/** A shadow as an RGBA layer (black, its alpha the shadow) and where its top-left goes relative to the subject's. */
export interface ShadowLayer {
  layer: Rgba;
  left: number;
  top: number;
}

/**
 * A new shadow for a cut-out product (cropped to its alpha): a contact shadow along its footprint
 * (the columns whose lowest pixel is on the floor line), dark where it touches and fading within a
 * few percent of its height, and a cast shadow of its silhouette laid on the floor away from the
 * light, fading and softening with the height it comes from. Never a disc: two shoes give two
 * contact patches, a mug its base, a hanging garment only a faint cast.
 */
export async function groundShadow(subject: Rgba, options: GroundShadowOptions = {}): Promise<ShadowLayer> {
  const { width: w, height: h, data } = subject;
  const light = Math.max(-1, Math.min(1, options.lightFrom ?? 0));
  const castWeight = Math.max(0, Math.min(1, options.cast ?? 1));
  const opacity = Math.max(0, Math.min(1, options.opacity ?? 0.55));
  // Each column's lowest solid pixel (what stands on the floor) and its lowest visible one: a soft
  // edge (a sole's rim the cut was unsure of, a trace of the old shadow) shows a few pixels lower,
  // and the contact must stay dark down to there, not start fading above a faint band.
  const bottom = new Int32Array(w).fill(-1);
  const shows = new Int32Array(w).fill(-1);
  for (let x = 0; x < w; x++)
    for (let y = h - 1; y >= 0; y--) {
      const a = data[(y * w + x) * 4 + 3]!;
      if (a > VISIBLE_ALPHA && shows[x]! < 0) shows[x] = y;
      if (a >= 128) {
        bottom[x] = y;
        break;
      }
    }
  let floor = -1;
  for (let x = 0; x < w; x++) floor = Math.max(floor, bottom[x]!);
  const padX = Math.ceil(w * 0.35 + 8);
  const padTop = Math.ceil(h * 0.3);
  const padBottom = Math.ceil(h * 0.12 + 8);
  const W = w + 2 * padX;
  const H = h + padTop + padBottom;
  const contact = new Float32Array(W * H);
  const cast = new Float32Array(W * H);
  if (floor < 0) return { layer: { width: 1, height: 1, data: Buffer.alloc(4) }, left: 0, top: 0 };
  const touch = Math.max(2, h * 0.03);
  const reach = Math.max(2, h * 0.035);
  const support = footprint(bottom, floor, touch);
  for (let x = 0; x < w; x++) {
    const b = bottom[x]!;
    const k = support[x]!;
    if (b < 0 || k <= 0) continue;
    const soft = Math.min(shows[x]! - b, 2 * touch);
    for (let dy = -Math.round(reach / 2); dy < soft + reach * 3; dy++) {
      const y = b + dy;
      const v = dy < soft ? 1 : Math.exp(-(dy - soft) / reach);
      const i = (y + padTop) * W + x + padX;
      if (y + padTop >= 0 && y + padTop < H) contact[i] = Math.max(contact[i]!, v * k);
    }
  }
  // The cast shadow: each pixel of the silhouette laid on the floor behind the product, away from the light.
  const shear = -light * 0.55;
  const squash = 0.28;
  for (let y = 0; y < (castWeight > 0 ? h : 0); y++) {
    const height = floor - y;
    if (height < 0) continue;
    const fade = (1 - height / Math.max(1, h)) ** 1.4;
    for (let x = 0; x < w; x++) {
      const a = data[(y * w + x) * 4 + 3]! / 255;
      if (a < 0.5) continue;
      const px = Math.round(x + shear * height + padX);
      const py = Math.round(floor - height * squash + padTop);
      if (px < 0 || px >= W || py < 0 || py >= H) continue;
      const i = py * W + px;
      cast[i] = Math.max(cast[i]!, a * fade);
    }
  }
  const blurred = async (src: Float32Array, sigma: number) => {
    const bytes = Buffer.alloc(W * H);
    for (let i = 0; i < bytes.length; i++) bytes[i] = clamp255(src[i]! * 255);
    return sharp(bytes, { raw: { width: W, height: H, channels: 1 } })
      .blur(Math.max(0.3, sigma))
      .extractChannel(0)
      .raw()
      .toBuffer();
  };
  // The contact is crisp near the touch, the cast soft: penumbra grows with distance.
  const c1 = await blurred(contact, Math.max(1, h * 0.012));
  const c2 = castWeight > 0 ? await blurred(cast, Math.max(1.5, h * 0.03)) : null;
  const out = Buffer.alloc(W * H * 4);
  for (let i = 0; i < W * H; i++) {
    const v = Math.min(1, (c1[i]! / 255) * 0.85 + (c2 ? (c2[i]! / 255) * 0.45 * castWeight : 0));
    out[i * 4 + 3] = clamp255(v * opacity * 255);
  }
  return { layer: { width: W, height: H, data: out }, left: -padX, top: -padTop };
}

/** Alpha above this shows on a new background (the cut's own bounds use the same level). */
const VISIBLE_ALPHA = 24;
/** A floor contact line seen in perspective is no steeper than this (pixels down per pixel across). */
const CONTACT_MAX_SLOPE = 0.6;

/**
 * How much each column touches the floor, 0..1. The footprint is where the silhouette's lowest
 * pixels lie on its lower convex hull (the line the product rests on): a box seen from above rests
 * on a V of two edges, not on its front corner alone; a pair of shoes on two soles at different
 * heights; legs on their tips and not on the rail between them. Hull edges steeper than a floor line
 * in perspective (a mug's handle, a shoe's raised toe) are no footprint. Closer to the hull, darker.
 */
export function footprint(bottom: Int32Array, floor: number, touch: number): Float32Array {
  const w = bottom.length;
  const out = new Float32Array(w);
  // Lower hull of (x, gap above the floor line) by the monotone chain: the gap function's convex minorant.
  const hull: number[] = [];
  const gap = (x: number) => floor - bottom[x]!;
  const cross = (o: number, a: number, b: number) => (a - o) * (gap(b) - gap(o)) - (gap(a) - gap(o)) * (b - o);
  for (let x = 0; x < w; x++) {
    if (bottom[x]! < 0) continue;
    while (hull.length >= 2 && cross(hull[hull.length - 2]!, hull[hull.length - 1]!, x) <= 0) hull.pop();
    hull.push(x);
  }
  if (hull.length === 1) out[hull[0]!] = 1;
  for (let k = 0; k + 1 < hull.length; k++) {
    const a = hull[k]!;
    const b = hull[k + 1]!;
    const slope = (gap(b) - gap(a)) / (b - a);
    if (Math.abs(slope) > CONTACT_MAX_SLOPE) continue;
    for (let x = a; x <= b; x++) {
      if (bottom[x]! < 0) continue;
      const above = gap(x) - (gap(a) + slope * (x - a));
      if (above <= touch) out[x] = Math.max(out[x]!, 1 - above / touch);
    }
  }
  return out;
}

export interface RestageOptions extends GroundShadowOptions {
  /** Take the source photo's shadow out of the cut (default true). */
  removeSource?: boolean;
  /** Draw a new contact and cast shadow (default true). */
  addShadow?: boolean;
}

/** A product ready to be placed on any backdrop: its own pixels and its new shadow, transparent elsewhere. */
export interface Restaged {
  image: Rgba;
  /** Where the product itself is inside `image` (frame the product by this box, not by the shadow). */
  product: Box;
}

/**
 * Remove the source shadow / add a contact shadow, in one call (issue 44). `cut` is a cut-out
 * product with alpha (a cutout, any size; it is cropped to its alpha). The answer is the product
 * with its new shadow on transparency, and the product's box in it, so a caller scales and centres
 * by the product and composites the whole image on a white or coloured preset.
 */
export async function restageShadow(cut: Rgba, options: RestageOptions = {}): Promise<Restaged> {
  const cleaned = options.removeSource === false ? cut : removeSourceShadow(cut);
  const box = alphaBounds(alphaOf(cleaned), cleaned.width, cleaned.height);
  if (!box) return { image: cleaned, product: { left: 0, top: 0, width: cleaned.width, height: cleaned.height } };
  const subject = cropRgba(cleaned, box);
  if (options.addShadow === false)
    return { image: subject, product: { left: 0, top: 0, width: subject.width, height: subject.height } };
  const { layer, left, top } = await groundShadow(subject, options);
  const data = Buffer.from(layer.data);
  // The product over its shadow ("over" compositing; the shadow is black).
  for (let y = 0; y < subject.height; y++)
    for (let x = 0; x < subject.width; x++) {
      const s = (y * subject.width + x) * 4;
      const d = ((y - top) * layer.width + x - left) * 4;
      const a = subject.data[s + 3]! / 255;
      const below = data[d + 3]! / 255;
      const outA = a + below * (1 - a);
      if (outA <= 0) continue;
      for (let c = 0; c < 3; c++) data[d + c] = clamp255((subject.data[s + c]! * a) / outA);
      data[d + 3] = clamp255(outA * 255);
    }
  return {
    image: { width: layer.width, height: layer.height, data },
    product: { left: -left, top: -top, width: subject.width, height: subject.height },
  };
}
