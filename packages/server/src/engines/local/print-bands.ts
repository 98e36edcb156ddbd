import { labDistance as distance, type Lab, srgbToLab } from './image-metrics.ts';
import { cellBounds, flood4 } from './imaging.ts';

/**
 * A striped garment the model marks by its stripes (issue 44): on a dress of dark and mid-grey stripes
 * it marks the mid-grey ones sure and leaves the dark ones at 0, so the cut falls apart into stripes
 * and keeps one (#1218, #1184). A person sees the dark stripes as cloth because they are not the wall:
 * along a line across the garment the unmarked gaps between marked stripes repeat in one colour, each
 * about a stripe's width, and that colour is neither the stripes' nor the backdrop's beyond the
 * outermost stripes. Such gaps are filled in the model's mask, on rows (upright stripes) and columns
 * (lying ones); a gap of the backdrop's colour (a bag's handle, the wall between trouser legs, between
 * the books on a shelf) stays open, and so does a single gap (two things side by side) unless the
 * marked stripes beside it show its colour again (the model marked the print's other stripes of that
 * colour, #1312). Filled gaps must run along the stripes (a band at least STRIPE_LENGTH times as long
 * as it is wide).
 */

/** The model is sure of a pixel at this alpha (0..255). */
const SURE = 128;
/** A gap is at most this many times the wider stripe beside it ... */
const GAP_MAX = 2.5;
/** ... and at least this share of the narrower one (a print's stripes are of a size). */
const GAP_MIN = 0.33;
/** A gap differs from the stripes beside it by at least this (CIELAB). */
const FROM_STRIPES = 8;
/** ... and from the backdrop beyond the outermost stripes by at least this. */
const FROM_BACKDROP = 12;
/** Gaps of one print lie within this of each other's colour. */
const SAME_PRINT = 10;
/** A print shows at least this many such gaps on a line. */
const REPEATS = 2;
/** A gap's colour is the backdrop's when more than this share of the line beyond the outermost stripes shows it. */
const BACKDROP_SHARE = 0.3;
/** Gaps of one band broken over at most this share of the lines (along the stripes) are joined. */
const STRIPE_BREAK = 0.02;
/** A filled band is at least this many times as long (along the stripes) as it is wide. */
const STRIPE_LENGTH = 3;
/** ... and at least this share of the picture's side along the stripes. */
const STRIPE_MIN = 0.05;

interface Run {
  start: number;
  end: number;
}

/** The model's mask with a print's unmarked stripes between its marked ones filled (a new buffer, or the mask itself when none). */
export function bridgeStripes(mask: Buffer, rgb: Uint8Array, width: number, height: number): Buffer {
  const rows = bandsAlong(mask, rgb, width, height, true);
  const cols = bandsAlong(mask, rgb, width, height, false);
  if (!rows.length && !cols.length) return mask;
  const out = Buffer.from(mask);
  for (const i of rows) out[i] = 255;
  for (const i of cols) out[i] = 255;
  return out;
}

/** The pixels of the print's gaps found on every row (`rows`) or every column, kept where they form bands along the stripes. */
function bandsAlong(mask: Uint8Array, rgb: Uint8Array, width: number, height: number, rows: boolean): number[] {
  const lines = rows ? height : width;
  const length = rows ? width : height;
  const at = (line: number, k: number) => (rows ? line * width + k : k * width + line);
  const gap = new Uint8Array(width * height);
  let any = false;
  const meanLab = (line: number, from: number, to: number, unmarked: boolean): Lab | null => {
    let r = 0;
    let g = 0;
    let b = 0;
    let n = 0;
    for (let k = Math.max(0, from); k < Math.min(length, to); k++) {
      const i = at(line, k);
      if (unmarked && mask[i]! >= SURE) continue;
      r += rgb[i * 3]!;
      g += rgb[i * 3 + 1]!;
      b += rgb[i * 3 + 2]!;
      n++;
    }
    return n ? srgbToLab(r / n, g / n, b / n) : null;
  };
  // The marked runs either side of a gap show its colour again over at least its width: the gap is one
  // of the print's stripes whose others of that colour the model marked (a tan and rust shirt with one
  // rust stripe left unmarked, #1312). Two things side by side show the wall between them nowhere else.
  const shownAgain = (line: number, left: Run, right: Run, lab: Lab, size: number) => {
    let n = 0;
    for (const run of [left, right])
      for (let k = run.start; k < run.end && n < size; k++) {
        const i = at(line, k);
        if (distance(srgbToLab(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!), lab) <= SAME_PRINT) n++;
      }
    return n >= size;
  };
  for (let line = 0; line < lines; line++) {
    const runs: Run[] = [];
    let start = -1;
    for (let k = 0; k <= length; k++) {
      const sure = k < length && mask[at(line, k)]! >= SURE;
      if (sure && start < 0) start = k;
      if (!sure && start >= 0) {
        if (k - start >= 2) runs.push({ start, end: k });
        start = -1;
      }
    }
    if (runs.length < 2) continue;
    const first = runs[0]!;
    const last = runs[runs.length - 1]!;
    // What the line shows beyond the outermost stripes: mostly the backdrop (an unmarked stripe beyond
    // the last marked one is a part of it, not all).
    let backdrop: Lab[] | undefined;
    const outside = () => {
      const colours: Lab[] = [];
      for (let k = 0; k < length; k += 2) {
        if (k >= first.start && k < last.end) continue;
        const i = at(line, k);
        if (mask[i]! < SURE) colours.push(srgbToLab(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!));
      }
      return colours;
    };
    const gaps: Array<{ from: number; to: number; lab: Lab; left: Run; right: Run }> = [];
    for (let j = 0; j + 1 < runs.length; j++) {
      const left = runs[j]!;
      const right = runs[j + 1]!;
      const g = right.start - left.end;
      const narrow = Math.min(left.end - left.start, right.end - right.start);
      const wide = Math.max(left.end - left.start, right.end - right.start);
      // A stripe at the garment's edge is cut by its outline: the wider one beside the gap sets the print's size.
      if (g < 2 || g > wide * GAP_MAX || g < narrow * GAP_MIN) continue;
      // The gap's middle: its edges are the stripes' blur.
      const lab = meanLab(line, left.end + 1, right.start - 1, false);
      const l = meanLab(line, left.start, left.end, false);
      const r = meanLab(line, right.start, right.end, false);
      if (!lab || !l || !r) continue;
      if (distance(lab, l) < FROM_STRIPES || distance(lab, r) < FROM_STRIPES) continue;
      backdrop ??= outside();
      if (!backdrop.length || backdrop.filter((c) => distance(lab, c) < FROM_BACKDROP).length > backdrop.length * BACKDROP_SHARE)
        continue;
      gaps.push({ from: left.end, to: right.start, lab, left, right });
    }
    // A print repeats: gaps of one colour, at least REPEATS of them, or one whose colour the marked stripes beside it show again.
    for (const g of gaps) {
      const alike = gaps.filter((o) => distance(o.lab, g.lab) <= SAME_PRINT).length;
      // Asked only of a gap that does not repeat (a pass over the runs beside it).
      if (alike < REPEATS && !shownAgain(line, g.left, g.right, g.lab, g.to - g.from)) continue;
      for (let k = g.from; k < g.to; k++) gap[at(line, k)] = 1;
      any = true;
    }
  }
  if (!any) return [];
  // A band broken over a few lines (the mottled wall's dark patches near its colour on some rows: #2106, a grey
  // stripe's gaps missing every dozen rows) is one band when it keeps a stripe's width (`elongated`).
  const found = Uint8Array.from(gap);
  const reach = Math.max(1, Math.round(lines * STRIPE_BREAK));
  for (let k = 0; k < length; k++) {
    let last = -1;
    for (let line = 0; line < lines; line++) {
      if (!gap[at(line, k)]) continue;
      if (last >= 0 && line - last > 1 && line - last <= reach) for (let l = last + 1; l < line; l++) gap[at(l, k)] = 1;
      last = line;
    }
  }
  return elongated(gap, width, height, rows, found);
}

/**
 * The gap pixels in 4-connected bands at least STRIPE_LENGTH times as long across the lines as wide along them.
 * A band joined over lines where no gap was found (`found`: the gaps before joining) must keep one width along
 * its length (STRIPE_EVEN), as a print's stripe does: the wall between a sleeve and the body, found on some rows
 * only, widens towards the hem (#2071).
 */
function elongated(gap: Uint8Array, width: number, height: number, rows: boolean, found: Uint8Array): number[] {
  const kept: number[] = [];
  const seen = new Uint8Array(width * height);
  // A gap pixel not yet in a band joins the one being grown (flood4 leaves the claiming to its caller).
  const claim = (q: number) => {
    if (!gap[q] || seen[q]) return false;
    seen[q] = 1;
    return true;
  };
  for (let p = 0; p < gap.length; p++) {
    if (!claim(p)) continue;
    const band = flood4(p, width, gap.length, claim);
    const { left, top, right, bottom } = cellBounds(band, width);
    const along = rows ? bottom - top + 1 : right - left + 1;
    // Its mean width across the stripes: its pixels over its length.
    const across = band.length / along;
    if (along < across * STRIPE_LENGTH || along < (rows ? height : width) * STRIPE_MIN) continue;
    if (band.some((q) => !found[q]) && !evenWidth(band, width, rows)) continue;
    for (const q of band) kept.push(q);
  }
  return kept;
}

/** A joined band's narrow lines (its 10th percentile of widths) are at least this share of its wide ones (90th). */
const STRIPE_EVEN = 0.7;

/** Whether a band keeps one width along its length (STRIPE_EVEN). */
function evenWidth(band: readonly number[], width: number, rows: boolean): boolean {
  const perLine = new Map<number, number>();
  for (const q of band) {
    const line = rows ? Math.floor(q / width) : q % width;
    perLine.set(line, (perLine.get(line) ?? 0) + 1);
  }
  const widths = [...perLine.values()].sort((a, b) => a - b);
  const at = (share: number) => widths[Math.min(widths.length - 1, Math.floor(widths.length * share))]!;
  return at(0.1) >= at(0.9) * STRIPE_EVEN;
}
