import sharp from 'sharp';

/** Small pixel helpers shared by the local engines. Raw buffers are 8-bit, interleaved. */

export interface Rgba {
  width: number;
  height: number;
  /** width * height * 4 bytes, not premultiplied. */
  data: Buffer;
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;
export const clamp255 = (v: number) => (v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v));

/** RGB plus a one-channel alpha as one RGBA buffer. */
export function joinAlpha(rgb: Buffer, alpha: Buffer, width: number, height: number): Rgba {
  const n = width * height;
  const data = Buffer.allocUnsafe(n * 4);
  for (let i = 0; i < n; i++) {
    data[i * 4] = rgb[i * 3]!;
    data[i * 4 + 1] = rgb[i * 3 + 1]!;
    data[i * 4 + 2] = rgb[i * 3 + 2]!;
    data[i * 4 + 3] = alpha[i]!;
  }
  return { width, height, data };
}

export const encodePng = (img: Rgba) =>
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } })
    .png({ compressionLevel: 6 })
    .toBuffer();

/** The alpha channel of an RGBA image as one byte per pixel. */
export function alphaOf(img: Rgba): Buffer {
  const n = img.width * img.height;
  const out = Buffer.allocUnsafe(n);
  for (let i = 0; i < n; i++) out[i] = img.data[i * 4 + 3]!;
  return out;
}

/** The smallest box holding every pixel whose alpha is above `threshold`; null when there is none. */
export function alphaBounds(alpha: Buffer, width: number, height: number, threshold = 24): Box | null {
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (alpha[row + x]! > threshold) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  if (maxX < 0) return null;
  return { left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** Crops an RGBA image. */
export function cropRgba(img: Rgba, box: Box): Rgba {
  const data = Buffer.allocUnsafe(box.width * box.height * 4);
  for (let y = 0; y < box.height; y++) {
    const from = ((box.top + y) * img.width + box.left) * 4;
    img.data.copy(data, y * box.width * 4, from, from + box.width * 4);
  }
  return { width: box.width, height: box.height, data };
}

export async function resizeRgba(img: Rgba, width: number, height: number): Promise<Rgba> {
  const data = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } })
    .resize(Math.max(1, Math.round(width)), Math.max(1, Math.round(height)), { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: data.info.width, height: data.info.height, data: data.data };
}

/** Mean and spread of luma and two opponent chroma axes, optionally weighted by an alpha channel. */
export interface ColourStats {
  mean: [number, number, number];
  std: [number, number, number];
}

/** Luma / blue-yellow / red-green: a cheap decorrelated space for colour transfer (Reinhard et al.). */
const toOpp = (r: number, g: number, b: number): [number, number, number] => [luma(r, g, b), b - (r + g) / 2, r - g];
const fromOpp = (l: number, by: number, rg: number): [number, number, number] => {
  // Inverse of toOpp: with g = r - rg and b = by + r - rg / 2, luma gives r = l + 0.644 rg - 0.114 by.
  const r = l + 0.644 * rg - 0.114 * by;
  const g = r - rg;
  return [r, g, by + r - rg / 2];
};

export function colourStats(data: Buffer, channels: 3 | 4, weights?: Buffer): ColourStats {
  const sum = [0, 0, 0];
  const sq = [0, 0, 0];
  let total = 0;
  const n = data.length / channels;
  for (let i = 0; i < n; i++) {
    const w = weights ? weights[i]! / 255 : channels === 4 ? data[i * 4 + 3]! / 255 : 1;
    if (w < 0.5) continue;
    const o = toOpp(data[i * channels]!, data[i * channels + 1]!, data[i * channels + 2]!);
    for (let c = 0; c < 3; c++) {
      sum[c]! += o[c]!;
      sq[c]! += o[c]! * o[c]!;
    }
    total++;
  }
  if (total === 0) return { mean: [128, 0, 0], std: [1, 1, 1] };
  const mean = sum.map((s) => s / total) as [number, number, number];
  const std = sq.map((s, c) => Math.sqrt(Math.max(1, s / total - mean[c]! ** 2))) as [number, number, number];
  return { mean, std };
}

/**
 * Moves the colours of an RGBA image towards a target's statistics by `amount` (0 to 1): the
 * statistics transfer of Reinhard et al., in an opponent colour space. Alpha is kept.
 */
export function transferColour(img: Rgba, target: ColourStats, amount: number): Rgba {
  const source = colourStats(img.data, 4);
  const out = Buffer.from(img.data);
  const n = img.width * img.height;
  // Spread is only partly matched: a full match flattens a glossy product into the background's texture.
  const scale = source.std.map((s, c) => 1 + ((target.std[c]! / s) ** 0.5 - 1) * amount);
  for (let i = 0; i < n; i++) {
    const o = toOpp(img.data[i * 4]!, img.data[i * 4 + 1]!, img.data[i * 4 + 2]!);
    const t: [number, number, number] = [0, 0, 0];
    for (let c = 0; c < 3; c++) {
      const moved = (o[c]! - source.mean[c]!) * scale[c]! + source.mean[c]! + (target.mean[c]! - source.mean[c]!) * amount;
      t[c] = moved;
    }
    const [r, g, b] = fromOpp(t[0], t[1], t[2]);
    out[i * 4] = clamp255(r);
    out[i * 4 + 1] = clamp255(g);
    out[i * 4 + 2] = clamp255(b);
  }
  return { width: img.width, height: img.height, data: out };
}

/** Mean RGB of the pixels whose alpha is at least half (all pixels for RGB input). */
export function meanRgb(data: Buffer, channels: 3 | 4): [number, number, number] {
  const sum = [0, 0, 0];
  let total = 0;
  for (let i = 0; i < data.length; i += channels) {
    if (channels === 4 && data[i + 3]! < 128) continue;
    sum[0]! += data[i]!;
    sum[1]! += data[i + 1]!;
    sum[2]! += data[i + 2]!;
    total++;
  }
  return total ? (sum.map((s) => s / total) as [number, number, number]) : [0, 0, 0];
}

/** A soft shadow for a subject: its silhouette squashed to the ground, blurred, as an RGBA image. */
export async function contactShadow(subject: Rgba, opacity: number, squash: number, blur: number): Promise<Rgba> {
  const n = subject.width * subject.height;
  const data = Buffer.alloc(n * 4);
  for (let i = 0; i < n; i++) data[i * 4 + 3] = clamp255(subject.data[i * 4 + 3]! * opacity);
  const height = Math.max(2, Math.round(subject.height * squash));
  const pad = Math.ceil(blur * 3);
  const out = await sharp(data, { raw: { width: subject.width, height: subject.height, channels: 4 } })
    .resize(subject.width, height, { fit: 'fill' })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .blur(Math.max(0.3, blur))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: out.info.width, height: out.info.height, data: out.data };
}
