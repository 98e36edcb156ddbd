/**
 * Registration of the product layer on a provider's picture, to the pixel and locally (issue 45).
 *
 * Why not one offset over the whole subject: a provider that re-draws a garment moves its outline
 * (a hem a few pixels longer, a sleeve a little wider) while the print inside stays where it was. A
 * score over every opaque pixel is pulled by the outline, which put the locked garment one row
 * below the merchant's. So the score is taken on the garment's interior (the mask eroded by a few
 * pixels), ties go to the smaller move, and then each tile of the garment finds its own offset
 * around the global one (a garment stretched or moved a few percent in places), to a fraction of a
 * pixel; the offsets are cleaned with their neighbours' median and interpolated per pixel.
 */

/** Per-pixel colour in CIELAB, three floats per pixel. */
export type LabImage = Float32Array;

/**
 * The pixels at least `radius` pixels inside the layer's outline, holes in it included (a print's
 * dots the cutout left out are part of what is registered): the outline a provider redraws does not
 * vote. Worked out on the box of the opaque pixels, widened by `radius` + 1 (its ring is outside, so
 * the flood and the erosion answer as on the whole picture), most of which is backdrop.
 */
export function interiorOf(layer: Buffer, width: number, height: number, radius: number): Uint8Array {
  const out = new Uint8Array(width * height);
  const box = boxOf(layer, width, height, radius + 1, 128);
  if (!box) return out;
  const w = box.x1 - box.x0;
  const h = box.y1 - box.y0;
  const crop = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++)
    layer.copy(crop, y * w * 4, ((box.y0 + y) * width + box.x0) * 4, ((box.y0 + y) * width + box.x1) * 4);
  const inner = interiorOfFrame(crop, w, h, radius);
  for (let y = 0; y < h; y++) out.set(inner.subarray(y * w, (y + 1) * w), (box.y0 + y) * width + box.x0);
  return out;
}

/**
 * `interiorOf` on a whole frame: the outside is what a flood from the frame's border reaches through
 * transparent pixels; the erosion is a square one, two passes of running counts.
 */
function interiorOfFrame(layer: Buffer, width: number, height: number, radius: number): Uint8Array {
  const n = width * height;
  const outside = new Uint8Array(n);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  const push = (i: number) => {
    if (outside[i] || layer[i * 4 + 3]! >= 128) return;
    outside[i] = 1;
    queue[tail++] = i;
  };
  for (let x = 0; x < width; x++) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width);
    push(y * width + width - 1);
  }
  while (head < tail) {
    const i = queue[head++]!;
    const x = i % width;
    if (x > 0) push(i - 1);
    if (x < width - 1) push(i + 1);
    if (i >= width) push(i - width);
    if (i < n - width) push(i + width);
  }
  const filled = new Uint8Array(n);
  for (let i = 0; i < n; i++) filled[i] = outside[i] ? 0 : 1;
  const pass = (src: Uint8Array, horizontal: boolean) => {
    const out = new Uint8Array(n);
    const lines = horizontal ? height : width;
    const length = horizontal ? width : height;
    const at = (line: number, k: number) => (horizontal ? line * width + k : k * width + line);
    const holes = new Int32Array(length + 1);
    for (let line = 0; line < lines; line++) {
      // holes[k] = pixels outside among the first k of the line.
      for (let k = 0; k < length; k++) holes[k + 1] = holes[k]! + (src[at(line, k)] ? 0 : 1);
      for (let k = radius; k < length - radius; k++) out[at(line, k)] = holes[k + radius + 1]! - holes[k - radius]! === 0 ? 1 : 0;
    }
    return out;
  };
  return pass(pass(filled, true), false);
}

/**
 * 1 - the normalised cross-correlation of lightness between the samples and the picture moved by
 * (dx, dy), or Infinity when too few land inside or either side is flat. A provider that repaints a
 * print (another hue, brighter, softer) changes its colours, not where its light and dark parts lie:
 * the correlation ignores the first and sees the second, where a colour difference is dominated by
 * the repaint and hardly changes with a pixel's move.
 */
function scoreAt(
  samples: Int32Array,
  layerLab: LabImage,
  genLab: LabImage,
  width: number,
  height: number,
  dx: number,
  dy: number,
) {
  let n = 0;
  let sa = 0;
  let sb = 0;
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  for (const i of samples) {
    const x = (i % width) + dx;
    const y = ((i / width) | 0) + dy;
    if (x < 0 || y < 0 || x >= width || y >= height) continue;
    const a = layerLab[i * 3]!;
    const b = genLab[(y * width + x) * 3]!;
    sa += a;
    sb += b;
    saa += a * a;
    sbb += b * b;
    sab += a * b;
    n++;
  }
  if (n <= samples.length / 2) return Number.POSITIVE_INFINITY;
  const va = saa - (sa * sa) / n;
  const vb = sbb - (sb * sb) / n;
  if (va <= n * 1 || vb <= n * 1) return Number.POSITIVE_INFINITY;
  return 1 - (sab - (sa * sb) / n) / Math.sqrt(va * vb);
}

/** Whether the samples have light and dark parts to register on (a flat colour has none). */
function textured(samples: Int32Array, layerLab: LabImage): boolean {
  let s = 0;
  let ss = 0;
  for (const i of samples) {
    const l = layerLab[i * 3]!;
    s += l;
    ss += l * l;
  }
  const n = samples.length;
  return n > 0 && ss / n - (s / n) ** 2 > 4;
}

/** The best integer offset in a window, searched every `step` pixels, then one pixel each way around the best. */
function search(
  samples: Int32Array,
  layerLab: LabImage,
  genLab: LabImage,
  width: number,
  height: number,
  centre: { dx: number; dy: number },
  reach: number,
  step: number,
) {
  // A tie goes to the smaller move (a flat colour matches equally well anywhere near).
  const penalty = (dx: number, dy: number) => 0.00002 * (Math.abs(dx - centre.dx) + Math.abs(dy - centre.dy));
  let best = { dx: centre.dx, dy: centre.dy, score: Number.POSITIVE_INFINITY, raw: Number.POSITIVE_INFINITY };
  // Nothing scored (a flat subject): the centre, unscored.
  const consider = (dx: number, dy: number) => {
    const raw = scoreAt(samples, layerLab, genLab, width, height, dx, dy);
    const score = raw + penalty(dx, dy);
    if (score < best.score) best = { dx, dy, score, raw };
  };
  for (let dy = centre.dy - reach; dy <= centre.dy + reach; dy += step)
    for (let dx = centre.dx - reach; dx <= centre.dx + reach; dx += step) consider(dx, dy);
  if (step > 1) {
    const around = { ...best };
    for (let dy = around.dy - step + 1; dy <= around.dy + step - 1; dy++)
      for (let dx = around.dx - step + 1; dx <= around.dx + step - 1; dx++)
        if (dx !== around.dx || dy !== around.dy) consider(dx, dy);
  }
  return best;
}

/** The fraction of a pixel by which the minimum lies off the integer one (a parabola through three scores). */
function subPixel(minus: number, zero: number, plus: number): number {
  if (!Number.isFinite(minus) || !Number.isFinite(plus)) return 0;
  const curve = minus - 2 * zero + plus;
  if (curve <= 1e-6) return 0;
  const f = Math.max(-0.5, Math.min(0.5, (minus - plus) / (2 * curve)));
  // Noise puts a whole-pixel match a little off: only a clear fraction counts.
  return Math.abs(f) < 0.15 ? 0 : f;
}

/** A rectangle of pixels, `x1` and `y1` excluded. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The box of the layer's pixels with an alpha of at least `minAlpha` (default: not fully transparent), widened by `margin` (null: none). */
export function boxOf(layer: Buffer, width: number, height: number, margin: number, minAlpha = 1): Box | null {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (layer[(y * width + x) * 4 + 3]! >= minAlpha) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        y1 = y;
      }
  if (x1 < 0) return null;
  return {
    x0: Math.max(0, x0 - margin),
    y0: Math.max(0, y0 - margin),
    x1: Math.min(width, x1 + 1 + margin),
    y1: Math.min(height, y1 + 1 + margin),
  };
}

/** Where each output pixel takes the product from: a field of offsets (output = source + offset). */
export interface OffsetField {
  /** Offsets at the tile centres, row by row (`cols` x `rows`). */
  dx: Float32Array;
  dy: Float32Array;
  cols: number;
  rows: number;
  tile: number;
  /** The global integer offset. */
  global: { dx: number; dy: number };
  /** 1 - the lightness correlation there (0: the same light and dark parts; above 0.5: hardly alike). */
  globalScore: number;
  /** The offset at one output pixel (bilinear between tile centres). */
  at(x: number, y: number): [number, number];
  /** The offsets of every pixel (or those of a box), row by row, into `dx` and `dy` (no allocation per pixel). */
  fill(dx: Float32Array, dy: Float32Array, box?: Box): void;
  /** The largest move of any pixel, either way (the offsets at pixels lie between the tiles'). */
  reach: number;
}

function samplesOf(mask: (i: number) => boolean, x0: number, y0: number, x1: number, y1: number, width: number, step: number) {
  const out: number[] = [];
  for (let y = y0; y < y1; y += step)
    for (let x = x0 + (((y - y0) / step) % 2 ? step >> 1 : 0); x < x1; x += step) {
      const i = y * width + x;
      if (mask(i)) out.push(i);
    }
  return Int32Array.from(out);
}

/**
 * Registers the product layer (at the picture's size) on the picture: the global offset around the
 * coarse one, then each tile's offset within `localReach` of it.
 */
export function register(
  layer: Buffer,
  layerLab: LabImage,
  genLab: LabImage,
  width: number,
  height: number,
  coarse: { dx: number; dy: number },
): OffsetField {
  const side = Math.max(width, height);
  const interior = interiorOf(layer, width, height, Math.max(3, Math.round(0.008 * side)));
  let inside = 0;
  for (const v of interior) inside += v;
  // A thin product (a strap, a necklace) has no interior to speak of: its opaque pixels then.
  const mask = inside >= 200 ? (i: number) => interior[i] === 1 : (i: number) => layer[i * 4 + 3]! === 255;
  const step = Math.max(1, Math.floor(Math.sqrt((width * height) / 40_000)));
  const all = samplesOf(mask, 0, 0, width, height, width, step);
  // One small pixel of the coarse search is side / 96 full pixels: search half of it each way, and one more.
  const reach = Math.ceil(side / 96 / 2) + 1;
  const centre = { dx: Math.round(coarse.dx), dy: Math.round(coarse.dy) };
  const global = all.length
    ? search(all, layerLab, genLab, width, height, centre, reach, 1)
    : { ...centre, raw: Number.POSITIVE_INFINITY };

  const tile = Math.max(24, Math.round(side / 14));
  const cols = Math.ceil(width / tile);
  const rows = Math.ceil(height / tile);
  const fdx = new Float32Array(cols * rows).fill(global.dx);
  const fdy = new Float32Array(cols * rows).fill(global.dy);
  const known = new Uint8Array(cols * rows);
  const localReach = Math.min(16, Math.max(3, Math.ceil(0.02 * side)));
  const tileStep = Math.max(1, Math.floor(tile / 20));
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const x0 = c * tile;
      const y0 = r * tile;
      const samples = samplesOf(mask, x0, y0, Math.min(width, x0 + tile), Math.min(height, y0 + tile), width, tileStep);
      if (samples.length < 48) continue;
      if (!textured(samples, layerLab)) continue;
      const best = search(samples, layerLab, genLab, width, height, global, localReach, 2);
      const atGlobal = scoreAt(samples, layerLab, genLab, width, height, global.dx, global.dy);
      // A tile of flat colour matches about as well anywhere: it keeps the global offset.
      // A tile that matches no better anywhere else keeps the global offset.
      if (!Number.isFinite(best.raw) || atGlobal - best.raw < 0.002) {
        if (Number.isFinite(atGlobal)) known[r * cols + c] = 1;
        continue;
      }
      const s = (dx: number, dy: number) => scoreAt(samples, layerLab, genLab, width, height, dx, dy);
      const fx = subPixel(s(best.dx - 1, best.dy), best.raw, s(best.dx + 1, best.dy));
      const fy = subPixel(s(best.dx, best.dy - 1), best.raw, s(best.dx, best.dy + 1));
      fdx[r * cols + c] = best.dx + fx;
      fdy[r * cols + c] = best.dy + fy;
      known[r * cols + c] = 1;
    }
  // A tile that disagrees with all its neighbours (a repeated print matched one period off) takes their median.
  const mdx = Float32Array.from(fdx);
  const mdy = Float32Array.from(fdy);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      if (!known[r * cols + c]) continue;
      const xs: number[] = [];
      const ys: number[] = [];
      for (let j = -1; j <= 1; j++)
        for (let i = -1; i <= 1; i++) {
          const rr = r + j;
          const cc = c + i;
          if (rr < 0 || cc < 0 || rr >= rows || cc >= cols || !known[rr * cols + cc]) continue;
          xs.push(fdx[rr * cols + cc]!);
          ys.push(fdy[rr * cols + cc]!);
        }
      if (xs.length < 3) continue;
      const median = (v: number[]) => v.sort((a, b) => a - b)[v.length >> 1]!;
      const mx = median(xs);
      const my = median(ys);
      if (Math.abs(fdx[r * cols + c]! - mx) > 1.5 || Math.abs(fdy[r * cols + c]! - my) > 1.5) {
        mdx[r * cols + c] = mx;
        mdy[r * cols + c] = my;
      }
    }
  const at = (x: number, y: number): [number, number] => {
    const gx = Math.max(0, Math.min(cols - 1, (x + 0.5) / tile - 0.5));
    const gy = Math.max(0, Math.min(rows - 1, (y + 0.5) / tile - 0.5));
    const c0 = Math.floor(gx);
    const r0 = Math.floor(gy);
    const c1 = Math.min(cols - 1, c0 + 1);
    const r1 = Math.min(rows - 1, r0 + 1);
    const tx = gx - c0;
    const ty = gy - r0;
    const lerp = (f: Float32Array) =>
      (1 - ty) * ((1 - tx) * f[r0 * cols + c0]! + tx * f[r0 * cols + c1]!) +
      ty * ((1 - tx) * f[r1 * cols + c0]! + tx * f[r1 * cols + c1]!);
    return [lerp(mdx), lerp(mdy)];
  };
  const fill = (outX: Float32Array, outY: Float32Array, box: Box = { x0: 0, y0: 0, x1: width, y1: height }) => {
    for (let y = box.y0; y < box.y1; y++) {
      const gy = Math.max(0, Math.min(rows - 1, (y + 0.5) / tile - 0.5));
      const r0 = Math.floor(gy);
      const r1 = Math.min(rows - 1, r0 + 1);
      const ty = gy - r0;
      for (let x = box.x0; x < box.x1; x++) {
        const gx = Math.max(0, Math.min(cols - 1, (x + 0.5) / tile - 0.5));
        const c0 = Math.floor(gx);
        const c1 = Math.min(cols - 1, c0 + 1);
        const tx = gx - c0;
        const a = r0 * cols + c0;
        const b = r0 * cols + c1;
        const c = r1 * cols + c0;
        const d = r1 * cols + c1;
        const i = y * width + x;
        outX[i] = (1 - ty) * ((1 - tx) * mdx[a]! + tx * mdx[b]!) + ty * ((1 - tx) * mdx[c]! + tx * mdx[d]!);
        outY[i] = (1 - ty) * ((1 - tx) * mdy[a]! + tx * mdy[b]!) + ty * ((1 - tx) * mdy[c]! + tx * mdy[d]!);
      }
    }
  };
  let moved = 0;
  for (let k = 0; k < cols * rows; k++) moved = Math.max(moved, Math.abs(mdx[k]!), Math.abs(mdy[k]!));
  return {
    dx: mdx,
    dy: mdy,
    cols,
    rows,
    tile,
    global: { dx: global.dx, dy: global.dy },
    globalScore: global.raw,
    at,
    fill,
    reach: moved,
  };
}
