/**
 * Post-processing of the segmentation mask, pure functions on raw buffers:
 * - `fillPrintHoles`: the model sometimes punches through a print that looks like the backdrop
 *   (cream dots on a red dress on a cream wall). A hole is a background region not connected to the
 *   picture's border. Real openings (a bag handle, the gap between an arm and the body) are few and
 *   large; punched prints are small or come in repeats. So a hole is filled when it is tiny, or small
 *   and one of several holes of about the same size (a pattern); other holes stay open.
 * - `guidedUpsample`: the model sees 1024 x 1024; its mask is enlarged to the source's resolution
 *   and refined with a guided filter (He, Sun, Tang 2010) steered by the source's own luminance, so
 *   edges follow the picture's edges (hair, fabric) at full resolution and stay soft.
 */

/** Holes smaller than this share of the subject are always filled. */
const TINY_HOLE = 0.003;
/** Holes up to this share are filled when they repeat (at least `REPEATS` others within 2x area). */
const SMALL_HOLE = 0.02;
const REPEATS = 3;

/** Fills the holes that are prints, in place; returns how many holes were filled. */
export function fillPrintHoles(mask: Uint8Array, width: number, height: number, threshold = 128): number {
  const n = width * height;
  const label = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  // Label background regions (4-connected).
  const regions: Array<{ area: number; border: boolean; start: number }> = [];
  let subject = 0;
  for (let p = 0; p < n; p++) {
    if (mask[p]! >= threshold) {
      subject++;
      continue;
    }
    if (label[p] !== -1) continue;
    const id = regions.length;
    let area = 0;
    let border = false;
    let top = 0;
    stack[top++] = p;
    label[p] = id;
    while (top > 0) {
      const q = stack[--top]!;
      area++;
      const x = q % width;
      const y = (q - x) / width;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) border = true;
      const visit = (r: number) => {
        if (label[r] === -1 && mask[r]! < threshold) {
          label[r] = id;
          stack[top++] = r;
        }
      };
      if (x > 0) visit(q - 1);
      if (x < width - 1) visit(q + 1);
      if (y > 0) visit(q - width);
      if (y < height - 1) visit(q + width);
    }
    regions.push({ area, border, start: p });
  }
  if (subject === 0) return 0;
  const holes = regions.map((r, id) => ({ ...r, id })).filter((r) => !r.border);
  const fill = new Set<number>();
  for (const hole of holes) {
    const share = hole.area / subject;
    if (share < TINY_HOLE) fill.add(hole.id);
    else if (share < SMALL_HOLE) {
      const alike = holes.filter((o) => o.id !== hole.id && o.area <= hole.area * 2 && o.area * 2 >= hole.area).length;
      if (alike >= REPEATS) fill.add(hole.id);
    }
  }
  if (fill.size === 0) return 0;
  for (let p = 0; p < n; p++) if (label[p]! >= 0 && fill.has(label[p]!)) mask[p] = 255;
  return fill.size;
}

/** Mean over a (2r+1)^2 box, clipped at the borders, via a summed-area table. */
function boxMean(src: Float32Array, width: number, height: number, r: number): Float32Array {
  const w1 = width + 1;
  const sat = new Float64Array(w1 * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += src[y * width + x]!;
      sat[(y + 1) * w1 + x + 1] = sat[y * w1 + x + 1]! + row;
    }
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(width, x + r + 1);
      const sum = sat[y1 * w1 + x1]! - sat[y0 * w1 + x1]! - sat[y1 * w1 + x0]! + sat[y0 * w1 + x0]!;
      out[y * width + x] = sum / ((x1 - x0) * (y1 - y0));
    }
  }
  return out;
}

/**
 * The guided filter: q = mean(a) * I + mean(b), with a = cov(I, p) / (var(I) + eps) and
 * b = mean(p) - a * mean(I) over each box. Flat parts of the mask stay as they are (cov = 0, so
 * q = mean(p)); near an edge the mask takes the guide's edge.
 */
export function guidedFilter(
  guide: Float32Array,
  p: Float32Array,
  width: number,
  height: number,
  r: number,
  eps: number,
): Float32Array {
  const n = width * height;
  const ip = new Float32Array(n);
  const ii = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    ip[i] = guide[i]! * p[i]!;
    ii[i] = guide[i]! * guide[i]!;
  }
  const meanI = boxMean(guide, width, height, r);
  const meanP = boxMean(p, width, height, r);
  const corrIp = boxMean(ip, width, height, r);
  const corrI = boxMean(ii, width, height, r);
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const varI = corrI[i]! - meanI[i]! * meanI[i]!;
    const cov = corrIp[i]! - meanI[i]! * meanP[i]!;
    a[i] = cov / (varI + eps);
    b[i] = meanP[i]! - a[i]! * meanI[i]!;
  }
  const meanA = boxMean(a, width, height, r);
  const meanB = boxMean(b, width, height, r);
  const q = new Float32Array(n);
  for (let i = 0; i < n; i++) q[i] = meanA[i]! * guide[i]! + meanB[i]!;
  return q;
}

/** Bilinear enlargement of a one-byte mask to `width` x `height`, as 0..1 floats. */
function bilinear(mask: Uint8Array, mw: number, mh: number, width: number, height: number): Float32Array {
  const out = new Float32Array(width * height);
  const sx = mw / width;
  const sy = mh / height;
  for (let y = 0; y < height; y++) {
    const fy = Math.max(0, Math.min(mh - 1, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(mh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.max(0, Math.min(mw - 1, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(mw - 1, x0 + 1);
      const tx = fx - x0;
      const top = mask[y0 * mw + x0]! * (1 - tx) + mask[y0 * mw + x1]! * tx;
      const bottom = mask[y1 * mw + x0]! * (1 - tx) + mask[y1 * mw + x1]! * tx;
      out[y * width + x] = (top * (1 - ty) + bottom * ty) / 255;
    }
  }
  return out;
}

/**
 * The model's mask (mw x mh) at the source's resolution, its edges refined by a guided filter on the
 * source's luminance. The box radius grows with the enlargement (about one model pixel), so the
 * filter works on the band the model could not resolve; eps keeps weak texture from leaking in.
 */
export function guidedUpsample(mask: Uint8Array, mw: number, mh: number, rgb: Buffer, width: number, height: number): Buffer {
  const p = bilinear(mask, mw, mh, width, height);
  const guide = new Float32Array(width * height);
  for (let i = 0; i < guide.length; i++)
    guide[i] = (0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!) / 255;
  const r = Math.max(2, Math.round(2 * Math.max(width / mw, height / mh) + 1));
  const q = guidedFilter(guide, p, width, height, r, 2e-3);
  const out = Buffer.allocUnsafe(width * height);
  for (let i = 0; i < out.length; i++) {
    // Where the model was sure, keep its answer: the filter only decides the uncertain band.
    const sure = p[i]! <= 0.02 || p[i]! >= 0.98;
    const v = sure && Math.abs(q[i]! - p[i]!) > 0.5 ? p[i]! : q[i]!;
    out[i] = v <= 0 ? 0 : v >= 1 ? 255 : Math.round(v * 255);
  }
  return out;
}
