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

/** Whether two boxes share any pixel. */
export const overlaps = (a: Box, b: Box) =>
  a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;

/** How many columns of box `a` lie within box `b`'s (0 when apart). */
export const widthWithin = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left));

/** Whether box `r` reaches an edge of box `look` (a crop, a look's box) that is not an edge of the picture. */
export const cutByEdge = (r: Box, look: Box, width: number, height: number) =>
  (r.left <= look.left + 1 && look.left > 0) ||
  (r.top <= look.top + 1 && look.top > 0) ||
  (r.left + r.width >= look.left + look.width - 1 && look.left + look.width < width) ||
  (r.top + r.height >= look.top + look.height - 1 && look.top + look.height < height);

/** The smallest box holding both. */
export function union(a: Box, b: Box): Box {
  const left = Math.min(a.left, b.left);
  const top = Math.min(a.top, b.top);
  return {
    left,
    top,
    width: Math.max(a.left + a.width, b.left + b.width) - left,
    height: Math.max(a.top + a.height, b.top + b.height) - top,
  };
}

/** A box grown each side by `own` of its size and `frame` of the picture's, within the picture. */
export function grow(box: Box, own: number, frame: number, width: number, height: number): Box {
  const px = Math.round(box.width * own + width * frame);
  const py = Math.round(box.height * own + height * frame);
  const left = Math.max(0, box.left - px);
  const top = Math.max(0, box.top - py);
  return {
    left,
    top,
    width: Math.min(width, box.left + box.width + px) - left,
    height: Math.min(height, box.top + box.height + py) - top,
  };
}

/**
 * The 4-connected piece of a grid (`gw` cells wide, `cells` in all) grown from `start`, which the
 * caller has claimed: `join(q)` claims a neighbouring cell and says true when it belongs to the piece
 * (it is asked once per cell, then the claim keeps it out). The piece's cells, start first.
 */
export function flood4(start: number, gw: number, cells: number, join: (q: number) => boolean): number[] {
  const out = [start];
  for (let s = 0; s < out.length; s++) {
    const c = out[s]!;
    const x = c % gw;
    if (c >= gw && join(c - gw)) out.push(c - gw);
    if (x > 0 && join(c - 1)) out.push(c - 1);
    if (x + 1 < gw && join(c + 1)) out.push(c + 1);
    if (c + gw < cells && join(c + gw)) out.push(c + gw);
  }
  return out;
}

/**
 * The same as `flood4` with the 8 neighbours of a cell (diagonals too), on a grid `gw` x `gh`, grown
 * from every cell of `starts` (claimed by the caller). The cells reached, starts first.
 */
export function flood8(starts: number[], gw: number, gh: number, join: (q: number) => boolean): number[] {
  const out = [...starts];
  for (let s = 0; s < out.length; s++) {
    const c = out[s]!;
    const x = c % gw;
    const y = (c - x) / gw;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= gw || ny >= gh) continue;
        const q = ny * gw + nx;
        if (join(q)) out.push(q);
      }
  }
  return out;
}

/** The bounds of some cells of a grid `gw` cells wide, in cells (right and bottom inclusive); cells must not be empty. */
export function cellBounds(cells: Iterable<number>, gw: number): { left: number; top: number; right: number; bottom: number } {
  let left = Number.POSITIVE_INFINITY;
  let top = Number.POSITIVE_INFINITY;
  let right = -1;
  let bottom = -1;
  for (const c of cells) {
    const x = c % gw;
    const y = (c - x) / gw;
    if (x < left) left = x;
    if (x > right) right = x;
    if (y < top) top = y;
    if (y > bottom) bottom = y;
  }
  return { left, top, right, bottom };
}

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
export function alphaBounds(alpha: Uint8Array, width: number, height: number, threshold = 24): Box | null {
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
