/**
 * Where a product can stand in a picture (issue 44: background reproduction left the product
 * floating). Rooms and studio sets show the surface things stand on as a long horizontal step in
 * colour: the wall meeting the floor, the back edge of a table or shelf. The support line is the
 * highest such step in the lower part of the picture that runs across most of its width; the
 * surface lies below it, down to the next such step (the table's front edge) or the picture's
 * bottom. A thin line with the same colour on both sides (a tile joint, a plank seam) is not a step.
 */
export interface SupportSurface {
  /** Row of the step where the surface begins (its back edge), in pixels. */
  top: number;
  /** Row where the surface ends (its front edge or the picture's bottom). */
  bottom: number;
}

/** The step is looked for between these shares of the height (a ceiling line or a rail sits higher). */
const SEARCH_FROM = 0.38;
const SEARCH_TO = 0.93;
/** Share of the columns that must see the step: a sofa's top or a frame's edge is shorter. */
const MIN_SPAN = 0.6;
/** Share of each outer tenth of the width that must see the step. */
const MIN_ENDS = 0.3;
/** A column sees a step when the mean colours above and below differ by this much (sum of |dRGB|). */
const MIN_STEP = 20;
/** A surface is at least this share of the height deep (a skirting board's two edges are one step). */
const MIN_DEPTH = 0.05;
/** Analysed at this width: a step across the picture survives, grain does not. */
const STUDY_WIDTH = 192;

/**
 * The support surface of an RGB(A) picture, or null when it shows none (a studio sweep, a flat lay,
 * a close-up of a texture).
 */
export function supportSurface(raw: Buffer, width: number, height: number, channels = 3): SupportSurface | null {
  const w = Math.min(STUDY_WIDTH, width);
  const h = Math.max(8, Math.round((height * w) / width));
  // Cell means of the picture (a box filter per cell): the study copy.
  const small = new Float32Array(w * h * 3);
  const count = new Float32Array(w * h);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(h - 1, Math.floor((y * h) / height));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(w - 1, Math.floor((x * w) / width));
      const i = (y * width + x) * channels;
      const j = sy * w + sx;
      small[j * 3]! += raw[i]!;
      small[j * 3 + 1]! += raw[i + 1]!;
      small[j * 3 + 2]! += raw[i + 2]!;
      count[j]! += 1;
    }
  }
  for (let j = 0; j < w * h; j++) for (let c = 0; c < 3; c++) small[j * 3 + c]! /= Math.max(1, count[j]!);
  // Column prefix sums per channel, to take the mean of a band of rows in O(1).
  const prefix = new Float32Array((h + 1) * w * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      for (let c = 0; c < 3; c++) prefix[((y + 1) * w + x) * 3 + c] = prefix[(y * w + x) * 3 + c]! + small[(y * w + x) * 3 + c]!;
  // Bands of a few rows either side: a sharp step shows in them, a cloudy wall's slow change does not.
  // The same step seen over longer bands beyond it tells a step (two colours) from a thin line (a
  // tile joint: one colour either side, the line lost in the long band's mean).
  const band = Math.max(1, Math.round(h / 120));
  const far = band;
  const long = Math.max(band, Math.round(h * 0.03));
  const mean = (x: number, c: number, y0: number, y1: number) =>
    (prefix[(y1 * w + x) * 3 + c]! - prefix[(y0 * w + x) * 3 + c]!) / (y1 - y0);
  const span = new Float32Array(h);
  // How much of the picture's outer tenths, the worse of the two, sees the step: a floor line or a
  // table runs from edge to edge, a sofa's back or a picture frame stops short of them.
  const ends = new Float32Array(h);
  /** Mean colour difference across the step where it is seen. */
  const contrast = new Float32Array(h);
  const edge = Math.max(1, Math.round(w * 0.1));
  for (let y = far + long; y < h - far - long; y++) {
    let seen = 0;
    let strength = 0;
    let left = 0;
    let right = 0;
    for (let x = 0; x < w; x++) {
      let near = 0;
      let wide = 0;
      for (let c = 0; c < 3; c++) {
        near += Math.abs(mean(x, c, y - band, y) - mean(x, c, y, y + band));
        wide += Math.abs(mean(x, c, y - far - long, y - far) - mean(x, c, y + far, y + far + long));
      }
      // Vignetting dims a step towards the corners: the ends count it at half the contrast.
      if (near >= MIN_STEP / 2 && wide >= (MIN_STEP * 0.6) / 2) {
        if (x < edge) left++;
        if (x >= w - edge) right++;
      }
      if (near >= MIN_STEP && wide >= MIN_STEP * 0.6) {
        seen++;
        strength += wide;
      }
    }
    span[y] = seen / w;
    ends[y] = Math.min(left, right) / edge;
    contrast[y] = seen ? strength / seen : 0;
  }
  // Steps: runs of rows whose span is at least MIN_SPAN, each taken at its strongest row.
  const steps: Array<{ y: number; span: number; ends: number; contrast: number }> = [];
  for (let y = 0; y < h; y++) {
    if (span[y]! < MIN_SPAN) continue;
    const step = { y, span: span[y]!, ends: ends[y]!, contrast: contrast[y]! };
    while (y + 1 < h && span[y + 1]! >= MIN_SPAN) {
      y++;
      if (span[y]! > step.span) Object.assign(step, { y, span: span[y]! });
      step.ends = Math.max(step.ends, ends[y]!);
      step.contrast = Math.max(step.contrast, contrast[y]!);
    }
    steps.push(step);
  }
  const scale = height / h;
  // The highest step reaching both sides that runs about as far across as the longest one: an
  // object's top is not the floor line below it.
  const inRange = steps.filter((s) => s.y >= h * SEARCH_FROM && s.y <= h * SEARCH_TO && s.ends >= MIN_ENDS);
  if (!inRange.length) return null;
  const longest = Math.max(...inRange.map((s) => s.span));
  const support = inRange.find((s) => s.span >= longest * 0.85)!;
  const top = support.y;
  // A surface is at least a few percent deep; its front edge is the next clear step below (a tile
  // joint over the floor's shading is a faint one, under a third of a table edge's contrast).
  const clear = Math.max(MIN_STEP * 4, support.contrast * 0.35);
  const front = steps.find((s) => s.y > top + h * MIN_DEPTH && s.contrast >= clear)?.y;
  return { top: Math.round((top + 0.5) * scale), bottom: Math.round(((front ?? h) + (front ? 0.5 : 0)) * scale) };
}
