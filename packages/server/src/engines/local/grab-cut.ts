import type CvModule from '@techstark/opencv-js';
import sharp from 'sharp';
import { requireOnUse } from '../../platform/require-on-use.ts';
import { guidedUpsample } from './mask-refine.ts';

/**
 * GrabCut (Rother, Kolmogorov, Blake 2004) through OpenCV's own build for JavaScript
 * (@techstark/opencv-js, Apache-2.0): the picture's colours are modelled as two mixtures, the
 * backdrop's (learnt from what is surely backdrop) and the thing's, and a graph cut parts them along the
 * picture's edges. It sees what the segmentation model is blind to (issue 44: a white shirt on a pale
 * mottled wall, marked at 0-2 of 255) once told where the backdrop surely is.
 */

type Cv = typeof CvModule;

/** Seeds, one byte per pixel, as OpenCV names them. */
export const GC = { BACKDROP: 0, THING: 1, MAYBE_BACKDROP: 2, MAYBE_THING: 3 } as const;

/**
 * The long side GrabCut works at: its cost grows with the pixels (1.6 s at 640 on a 768x1024 photo here,
 * the edges refined at full size included), and at 320 it lost a sleeve in the wall shadow beside it
 * (#1600 0.864 at 320, 0.959 at 480, 0.961 at 640).
 */
const WORK_SIDE = 640;
/** Rounds of the colour models and the cut (OpenCV's tutorial uses 5). */
const ROUNDS = 5;
/** OpenCV's random state before each call (any fixed number). */
const RNG_SEED = 44;

let loaded: Promise<void> | null = null;

/**
 * OpenCV, loaded on first use (a 10 MB script with its WebAssembly, about 0.2 s). The module object is
 * a thenable (Emscripten's) that never settles when a promise adopts it, so it is handed over in a box.
 */
async function opencv(): Promise<{ cv: Cv }> {
  const cv = requireOnUse<Cv>('@techstark/opencv-js');
  loaded ??= new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      if (typeof cv.Mat === 'function') resolve();
      else if (Date.now() - started > 30_000) reject(new Error('opencv.js did not initialise'));
      else setTimeout(poll, 10);
    };
    poll();
  });
  await loaded;
  return { cv };
}

/**
 * The thing's alpha (one byte per pixel at the picture's size) that GrabCut parts from the backdrop,
 * given `seeds` (GC values per pixel). Worked at WORK_SIDE on the long side; the answer is enlarged with
 * the guided filter steered by the picture (mask-refine.ts), as the model's masks are.
 */
export async function grabCut(rgb: Buffer, width: number, height: number, seeds: Uint8Array): Promise<Buffer> {
  const { cv } = await opencv();
  const scale = Math.min(1, WORK_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const small = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .resize(w, h, { fit: 'fill' })
    .raw()
    .toBuffer();
  const image = new cv.Mat(h, w, cv.CV_8UC3);
  const mask = new cv.Mat(h, w, cv.CV_8UC1);
  const backdrop = new cv.Mat();
  const thing = new cv.Mat();
  try {
    image.data.set(small);
    // A cell of the smaller grid is backdrop when any pixel in it is (so no backdrop seed is lost), else
    // maybe backdrop when any pixel is, else its first pixel's seed.
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const y0 = Math.floor(y / scale);
        const x0 = Math.floor(x / scale);
        const y1 = Math.max(y0 + 1, Math.min(height, Math.floor((y + 1) / scale)));
        const x1 = Math.max(x0 + 1, Math.min(width, Math.floor((x + 1) / scale)));
        let backdrop = false;
        let maybe = false;
        for (let yy = y0; yy < y1; yy++)
          for (let xx = x0; xx < x1; xx++) {
            const s = seeds[yy * width + xx]!;
            if (s === GC.BACKDROP) backdrop = true;
            else if (s === GC.MAYBE_BACKDROP) maybe = true;
          }
        mask.data[y * w + x] = backdrop ? GC.BACKDROP : maybe ? GC.MAYBE_BACKDROP : seeds[y0 * width + x0]!;
      }
    // The colour models start from k-means on OpenCV's one random state: seeded per call, the same picture is
    // parted the same way whatever was parted before it in the process.
    cv.setRNGSeed(RNG_SEED);
    cv.grabCut(image, mask, new cv.Rect(0, 0, 1, 1), backdrop, thing, ROUNDS, cv.GC_INIT_WITH_MASK);
    const out = new Uint8Array(w * h);
    for (let i = 0; i < out.length; i++) {
      const v = mask.data[i];
      out[i] = v === GC.THING || v === GC.MAYBE_THING ? 255 : 0;
    }
    return guidedUpsample(out, w, h, rgb, width, height);
  } finally {
    image.delete();
    mask.delete();
    backdrop.delete();
    thing.delete();
  }
}
