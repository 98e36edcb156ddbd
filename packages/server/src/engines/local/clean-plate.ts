import sharp from 'sharp';
import { clamp255 } from './imaging.ts';

/**
 * A picture with a thing taken out of it (issue 44: the image rewrite pasted the new product over
 * the original, and the old one stuck out behind it). The hole is filled from around it, the way
 * rooms are built: along each row, between the colours just left and right of the hole (a floor
 * line, a skirting board, a rail run on through it), and along each column, between the colours
 * above and below; the two are weighed by how short their gap is (a tall narrow hole takes its
 * rows, a wide flat one its columns), each averaged with its neighbouring lines. The colours are the
 * picture's smooth layer (a normalised blur of what is outside the hole), and its fine grain is laid
 * back on top, mirrored in from beside the hole and clipped, so the fill is not a smear.
 */
/** The grain laid into a hole is clipped to this (0..255 units). */
const GRAIN_MAX = 10;

export async function fillHole(rgb: Buffer, width: number, height: number, hole: Uint8Array): Promise<Buffer> {
  const n = width * height;
  const known = Buffer.alloc(n);
  const weighted = Buffer.alloc(n * 3);
  for (let i = 0; i < n; i++) {
    if (hole[i]) continue;
    known[i] = 255;
    for (let c = 0; c < 3; c++) weighted[i * 3 + c] = rgb[i * 3 + c]!;
  }
  const sigma = Math.max(1.5, Math.min(width, height) / 300);
  // (sharp hands a one-channel raw back as three channels unless told otherwise.)
  const blur = (data: Buffer, channels: 1 | 3) =>
    sharp(data, { raw: { width, height, channels } })
      .blur(sigma)
      .toColourspace(channels === 1 ? 'b-w' : 'srgb')
      .raw()
      .toBuffer();
  const [sum, weight] = await Promise.all([blur(weighted, 3), blur(known, 1)]);
  // The smooth layer where it is known (a pixel whose blur saw mostly the hole is not).
  const smooth = new Float32Array(n * 3);
  const solid = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (hole[i] || weight[i]! < 128) continue;
    solid[i] = 1;
    for (let c = 0; c < 3; c++) smooth[i * 3 + c] = (sum[i * 3 + c]! * 255) / weight[i]!;
  }
  // The grain laid back is what a light blur takes away, clipped: an edge mirrored in would be a
  // ghost (the plaster's larger clouds, mirrored too, brought the books beside a shirt with them).
  const fine = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .raw()
    .toBuffer();
  const out = Buffer.from(rgb);
  const rowFill = new Float32Array(n * 3);
  const rowGap = new Float32Array(n).fill(Number.POSITIVE_INFINITY);
  const colFill = new Float32Array(n * 3);
  const colGap = new Float32Array(n).fill(Number.POSITIVE_INFINITY);
  // Along one line of pixels (a row or a column): each run of unknown pixels interpolated between
  // the nearest solid pixels on either side (one side alone at the picture's edge).
  const line = (count: number, at: (k: number) => number, fill: Float32Array, gap: Float32Array) => {
    let k = 0;
    while (k < count) {
      if (solid[at(k)]) {
        k++;
        continue;
      }
      const start = k;
      while (k < count && !solid[at(k)]) k++;
      const before = start > 0 ? at(start - 1) : -1;
      const after = k < count ? at(k) : -1;
      if (before < 0 && after < 0) continue;
      const length = k - start + 1;
      for (let j = start; j < k; j++) {
        const t = (j - start + 1) / length;
        const i = at(j);
        for (let c = 0; c < 3; c++) {
          const a = before >= 0 ? smooth[before * 3 + c]! : smooth[after * 3 + c]!;
          const b = after >= 0 ? smooth[after * 3 + c]! : a;
          fill[i * 3 + c] = a + (b - a) * t;
        }
        // One-sided fills are less sure: counted as twice as long.
        gap[i] = before >= 0 && after >= 0 ? length : length * 2;
      }
    }
  };
  for (let y = 0; y < height; y++) line(width, (x) => y * width + x, rowFill, rowGap);
  for (let x = 0; x < width; x++) line(height, (y) => y * width + x, colFill, colGap);
  // Neighbouring rows' fills averaged (and columns'): one grainy anchor pixel would draw a streak.
  const reach = Math.max(2, Math.round(Math.min(width, height) / 150));
  smoothAcross(rowFill, solid, width, height, reach, true);
  smoothAcross(colFill, solid, width, height, reach, false);
  // Fine texture mirrored in from beside the hole along the row: the solid pixel as far beyond the
  // hole's nearer edge as this one is inside it (none when that falls in another hole).
  for (let y = 0; y < height; y++) {
    let x = 0;
    while (x < width) {
      const i0 = y * width + x;
      if (solid[i0]) {
        x++;
        continue;
      }
      const start = x;
      while (x < width && !solid[y * width + x]) x++;
      for (let j = start; j < x; j++) {
        const i = y * width + j;
        const toLeft = j - start + 1;
        const toRight = x - j;
        const mirrors = toLeft <= toRight ? [start - toLeft, x - 1 + toRight] : [x - 1 + toRight, start - toLeft];
        const sx = mirrors.find((m) => m >= 0 && m < width && solid[y * width + m]);
        const wr = Number.isFinite(rowGap[i]!) ? 1 / rowGap[i]! : 0;
        const wc = Number.isFinite(colGap[i]!) ? 1 / colGap[i]! : 0;
        const total = wr + wc;
        for (let c = 0; c < 3; c++) {
          const base = total ? (rowFill[i * 3 + c]! * wr + colFill[i * 3 + c]! * wc) / total : rgb[i * 3 + c]!;
          const s = sx === undefined ? -1 : y * width + sx;
          const grain = s >= 0 ? rgb[s * 3 + c]! - fine[s * 3 + c]! : 0;
          out[i * 3 + c] = clamp255(base + Math.max(-GRAIN_MAX, Math.min(GRAIN_MAX, grain)));
        }
      }
    }
  }
  return out;
}

/** A fill averaged with its neighbours across its lines (rows for row fills), inside the hole only. */
function smoothAcross(fill: Float32Array, solid: Uint8Array, width: number, height: number, r: number, vertical: boolean) {
  const copy = Float32Array.from(fill);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (solid[i]) continue;
      const sum = [0, 0, 0];
      let n = 0;
      for (let d = -r; d <= r; d++) {
        const xx = vertical ? x : x + d;
        const yy = vertical ? y + d : y;
        if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
        const j = yy * width + xx;
        if (solid[j]) continue;
        for (let c = 0; c < 3; c++) sum[c]! += copy[j * 3 + c]!;
        n++;
      }
      for (let c = 0; c < 3; c++) fill[i * 3 + c] = sum[c]! / n;
    }
}

/**
 * A mask grown by `r` pixels (a square maximum, in two passes). sharp's `dilate` shrank a
 * greyscale alpha here instead of growing it, so the growing is done by hand.
 */
export function growMask(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const across = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    let last = -Infinity;
    for (let x = 0; x < width; x++) {
      if (mask[y * width + x]) last = x;
      if (x - last <= r) across[y * width + x] = 255;
    }
    last = Infinity;
    for (let x = width - 1; x >= 0; x--) {
      if (mask[y * width + x]) last = x;
      if (last - x <= r) across[y * width + x] = 255;
    }
  }
  const out = new Uint8Array(width * height);
  for (let x = 0; x < width; x++) {
    let last = -Infinity;
    for (let y = 0; y < height; y++) {
      if (across[y * width + x]) last = y;
      if (y - last <= r) out[y * width + x] = 255;
    }
    last = Infinity;
    for (let y = height - 1; y >= 0; y--) {
      if (across[y * width + x]) last = y;
      if (last - y <= r) out[y * width + x] = 255;
    }
  }
  return out;
}

/** A thing seen in a filled picture with at least this share of its pixels in the hole is the fill's ghost. */
const GHOST_SHARE = 0.5;

/**
 * Whether what the model sees after a thing was filled out of the picture (`seen`, alpha >= 128) lies
 * mostly where the thing was (`hole`): the fill's ghost of it (a bag filled out leaves a blur of its
 * shape the model still marks), not a thing next to it.
 */
export function fillGhost(seen: Uint8Array, hole: Uint8Array): boolean {
  let n = 0;
  let inHole = 0;
  for (let i = 0; i < seen.length; i++)
    if (seen[i]! >= 128) {
      n++;
      if (hole[i]) inHole++;
    }
  return n > 0 && inHole >= n * GHOST_SHARE;
}
