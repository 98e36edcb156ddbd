import { readFileSync } from 'node:fs';
import sharp from 'sharp';

/**
 * Pictures nobody here drew (issue 44): samples that ship in Debian's opencv-doc package
 * (samples/data, Apache-2.0 AND BSD-3-Clause; docs/licences.md), each on a plain backdrop so its exact
 * product mask follows from the picture: what the border's backdrop colour does not reach, its largest
 * piece. Both are cut badly today (the fish 0.578, the box 0.370: `npm run bench -- pictures` prints
 * them); a rule for the fish was tried in session 19 and dropped (docs/engines.md). They are few and were
 * looked at: figures on them are a check on real pictures, not a held-out half.
 */
export interface RealPhoto {
  name: string;
  photo: Buffer;
  width: number;
  height: number;
  /** The product: one byte per pixel, 255 inside. */
  mask: Uint8Array;
}

const DIR = new URL('./real-photos/', import.meta.url);
/** Each picture and its backdrop: a pixel is backdrop when this holds of its channels. */
const PHOTOS: Array<{ name: string; file: string; backdrop: (r: number, g: number, b: number) => boolean }> = [
  // A fish drawn in five dyes on white (opencv HappyFish.jpg): the model marks its head, its tail barely.
  { name: 'many-coloured fish on white', file: 'happy-fish.jpg', backdrop: (r, g, b) => Math.min(r, g, b) > 225 },
  // A packaging front filling the frame on black (opencv box.png): the model marks its picture window.
  { name: 'packaging front filling the frame', file: 'packaging-front.png', backdrop: (r, g, b) => Math.max(r, g, b) < 40 },
];

export async function realPhotos(): Promise<RealPhoto[]> {
  const out: RealPhoto[] = [];
  for (const p of PHOTOS) {
    const photo = readFileSync(new URL(p.file, DIR));
    const { data, info } = await sharp(photo).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    const { width, height } = info;
    const channels = info.channels;
    const back = new Uint8Array(width * height);
    const stack: number[] = [];
    for (let x = 0; x < width; x++) stack.push(x, (height - 1) * width + x);
    for (let y = 0; y < height; y++) stack.push(y * width, y * width + width - 1);
    const isBack = (i: number) => p.backdrop(data[i * channels]!, data[i * channels + 1]!, data[i * channels + 2]!);
    while (stack.length) {
      const i = stack.pop()!;
      if (back[i] || !isBack(i)) continue;
      back[i] = 1;
      const x = i % width;
      if (x > 0) stack.push(i - 1);
      if (x < width - 1) stack.push(i + 1);
      if (i >= width) stack.push(i - width);
      if (i < width * (height - 1)) stack.push(i + width);
    }
    // The largest 4-connected piece of the rest (the fish, not the bubbles beside it).
    const piece = new Int32Array(width * height).fill(-1);
    let best = -1;
    let bestSize = 0;
    let label = 0;
    for (let s = 0; s < piece.length; s++) {
      if (back[s] || piece[s]! >= 0) continue;
      const queue = [s];
      piece[s] = label;
      let size = 0;
      while (queue.length) {
        const i = queue.pop()!;
        size++;
        const x = i % width;
        for (const n of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width])
          if (n >= 0 && n < piece.length && !back[n] && piece[n]! < 0) {
            piece[n] = label;
            queue.push(n);
          }
      }
      if (size > bestSize) {
        bestSize = size;
        best = label;
      }
      label++;
    }
    const mask = new Uint8Array(width * height);
    for (let i = 0; i < mask.length; i++) if (piece[i] === best) mask[i] = 255;
    out.push({ name: p.name, photo, width, height, mask });
  }
  return out;
}

/** Intersection over union of a cut's alpha (>= 128) and the exact mask. */
export function realIou(photo: RealPhoto, alpha: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < photo.mask.length; i++) {
    const t = photo.mask[i]! >= 128;
    const c = alpha[i]! >= 128;
    if (t && c) both++;
    if (t || c) either++;
  }
  return either ? both / either : 0;
}
