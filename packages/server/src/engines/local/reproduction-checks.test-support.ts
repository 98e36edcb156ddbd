import sharp from 'sharp';
import type { Composed } from './backgrounds.ts';
import { ciede2000, placedSubjectDeltaE, srgbToLab } from './image-metrics.ts';
import { type Box, luma } from './imaging.ts';
import type { ReferenceRoom } from './reference-rooms.test-support.ts';

/**
 * What background reproduction is checked for on a reference room (issue 44), shared by the engine
 * tests (which decide, on the held-out rooms) and `npm run bench -- pictures` (which prints both
 * halves). Everything is measured on the output against the reference fitted into the output's
 * scene box, away from the product and its shadow.
 */
export interface AccurateCheck {
  /** The reference's whole picture is in the output (its box has the reference's aspect). */
  wholeScene: boolean;
  /** Mean |difference| (0..255) between the output and the reference, away from the product. */
  sceneDifference: number;
  /** Distance (share of the output's height) between the support line found and the true one. */
  supportError: number;
  /** Where the product's lowest pixel is, as a share of the true surface's depth (0: its back edge, 1: its front). */
  footDepth: number;
  /** Luminance under the product's foot over the reference's there (below 1: a contact shadow). */
  contactShade: number;
  /** Mean CIEDE2000 of the product's pixels before and after. */
  subjectDeltaE: number;
}

export interface StyleCheck {
  /** Pearson correlation of the output's and the reference's edge maps, away from the product. */
  edgeCorrelation: number;
  /** The same for a heavy blur of the reference (what style mode used to be), for comparison. */
  blurEdgeCorrelation: number;
  /** Edge energy of the output over the reference's (a blur has little). */
  edgeEnergy: number;
  /** Mean |difference| (0..255) to the reference: not the reference itself. */
  sceneDifference: number;
  /** CIEDE2000 between the mean colours of output and reference (the palette kept). */
  meanColourDeltaE: number;
  /** The arch against the wall beside it, in the output over in the reference (the arch kept). */
  archContrast: number;
  subjectDeltaE: number;
}

const STUDY = 320;

interface Study {
  grey: Float32Array;
  rgb: Buffer;
  w: number;
  h: number;
  /** The output pixel box the study covers (the scene) and the study pixels to leave out (the product). */
  excluded: Uint8Array;
}

/** The output's scene box and the reference fitted into it, both at the study size, with the product left out. */
async function studies(room: ReferenceRoom, out: Composed): Promise<{ output: Study; reference: Study; scene: Box }> {
  const scene = out.scene!;
  const k = STUDY / Math.max(scene.width, scene.height);
  const w = Math.max(8, Math.round(scene.width * k));
  const h = Math.max(8, Math.round(scene.height * k));
  const output = await sharp(out.buffer)
    .extract({ left: scene.left, top: scene.top, width: scene.width, height: scene.height })
    .resize(w, h, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const reference = await sharp(room.photo).resize(w, h, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  // The product's box and its shadow's reach on the floor (shadows.ts: the silhouette laid down to
  // 28 % of the height behind the foot, sheared by up to 55 %, and 12 % in front), in study pixels.
  const { subject, left, top } = out.placed;
  const foot = top + subject.height;
  const boxes = [
    [left - 4, top - 4, left + subject.width + 4, foot + 4],
    [left - subject.width * 0.35, foot - subject.height * 0.3, left + subject.width * 1.35, foot + subject.height * 0.12],
  ].map(([a, b, c, d]) => [(a! - scene.left) * k, (b! - scene.top) * k, (c! - scene.left) * k, (d! - scene.top) * k]);
  const excluded = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (boxes.some(([a, b, c, d]) => x >= a! && x <= c! && y >= b! && y <= d!)) excluded[y * w + x] = 1;
  const grey = (rgb: Buffer) =>
    Float32Array.from({ length: w * h }, (_, i) => luma(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!));
  return {
    output: { grey: grey(output), rgb: output, w, h, excluded },
    reference: { grey: grey(reference), rgb: reference, w, h, excluded },
    scene,
  };
}

/** Sobel magnitude of a grey picture after a light blur (edges of shapes, not grain). */
function edges(grey: Float32Array, w: number, h: number): Float32Array {
  const soft = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      let n = 0;
      for (let j = -1; j <= 1; j++)
        for (let i = -1; i <= 1; i++) {
          const yy = Math.min(h - 1, Math.max(0, y + j));
          const xx = Math.min(w - 1, Math.max(0, x + i));
          s += grey[yy * w + xx]!;
          n++;
        }
      soft[y * w + x] = s / n;
    }
  const out = new Float32Array(w * h);
  const at = (x: number, y: number) => soft[Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))]!;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const gx = at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x - 1, y) - at(x - 1, y + 1);
      const gy = at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x, y - 1) - at(x + 1, y - 1);
      out[y * w + x] = Math.hypot(gx, gy);
    }
  return out;
}

function correlation(a: Float32Array, b: Float32Array, excluded: Uint8Array): number {
  let n = 0;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < a.length; i++)
    if (!excluded[i]) {
      ma += a[i]!;
      mb += b[i]!;
      n++;
    }
  ma /= n;
  mb /= n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    if (excluded[i]) continue;
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb || 1);
}

function meanDifference(a: Study, b: Study): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < a.w * a.h; i++) {
    if (a.excluded[i]) continue;
    for (let c = 0; c < 3; c++) sum += Math.abs(a.rgb[i * 3 + c]! - b.rgb[i * 3 + c]!);
    n += 3;
  }
  return sum / n;
}

export async function accurateCheck(room: ReferenceRoom, out: Composed, height: number): Promise<AccurateCheck> {
  const { output, reference, scene } = await studies(room, out);
  const aspect = room.width / room.height;
  const wholeScene = Math.abs(scene.width / scene.height - aspect) < 0.01 && scene.left >= 0 && scene.top >= 0;
  const toOutput = (y: number) => scene.top + (y / room.height) * scene.height;
  const trueTop = toOutput(room.supportTop);
  const trueBottom = toOutput(room.supportBottom);
  const found = out.surface?.top ?? Number.NaN;
  const foot = out.placed.top + out.placed.subject.height;
  // The contact shade: a band just under the foot, over the product's middle three fifths.
  const { data, info } = await sharp(out.buffer).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const plain = await sharp(room.photo).resize(scene.width, scene.height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const band = Math.max(3, Math.round(info.height * 0.012));
  let shaded = 0;
  let bare = 0;
  for (let y = foot; y < Math.min(info.height, foot + band); y++)
    for (
      let x = out.placed.left + Math.round(out.placed.subject.width * 0.2);
      x < out.placed.left + out.placed.subject.width * 0.8;
      x++
    ) {
      const sx = x - scene.left;
      const sy = y - scene.top;
      if (sx < 0 || sy < 0 || sx >= scene.width || sy >= scene.height) continue;
      const i = (y * info.width + x) * 3;
      const j = (sy * scene.width + sx) * 3;
      shaded += luma(data[i]!, data[i + 1]!, data[i + 2]!);
      bare += luma(plain[j]!, plain[j + 1]!, plain[j + 2]!);
    }
  return {
    wholeScene,
    sceneDifference: meanDifference(output, reference),
    supportError: Math.abs(found - trueTop) / height,
    footDepth: (foot - trueTop) / Math.max(1, trueBottom - trueTop),
    contactShade: bare ? shaded / bare : 1,
    subjectDeltaE: await placedSubjectDeltaE(out.buffer, out.placed),
  };
}

export async function styleCheck(room: ReferenceRoom, out: Composed): Promise<StyleCheck> {
  const { output, reference, scene } = await studies(room, out);
  const { w, h, excluded } = output;
  const eo = edges(output.grey, w, h);
  const er = edges(reference.grey, w, h);
  // The old style: the reference under a heavy blur (a twentieth of the width).
  const blurred = await sharp(reference.rgb, { raw: { width: w, height: h, channels: 3 } })
    .blur(Math.max(1, w / 20))
    .greyscale()
    .raw()
    .toBuffer();
  const eb = edges(Float32Array.from(blurred), w, h);
  let energyOut = 0;
  let energyRef = 0;
  for (let i = 0; i < w * h; i++)
    if (!excluded[i]) {
      energyOut += eo[i]!;
      energyRef += er[i]!;
    }
  const meanLab = (s: Study) => {
    const sum = [0, 0, 0];
    let n = 0;
    for (let i = 0; i < w * h; i++) {
      if (excluded[i]) continue;
      for (let c = 0; c < 3; c++) sum[c]! += s.rgb[i * 3 + c]!;
      n++;
    }
    return srgbToLab(sum[0]! / n, sum[1]! / n, sum[2]! / n);
  };
  // The arch: its inner middle against the wall beside it, as a colour difference.
  const k = w / scene.width;
  const sk = scene.width / room.width;
  const a = room.arch;
  const patch = (s: Study, x0: number, y0: number, x1: number, y1: number) => {
    const sum = [0, 0, 0];
    let n = 0;
    for (let y = Math.max(0, Math.round(y0 * sk * k)); y < Math.min(h, Math.round(y1 * sk * k)); y++)
      for (let x = Math.max(0, Math.round(x0 * sk * k)); x < Math.min(w, Math.round(x1 * sk * k)); x++) {
        if (excluded[y * w + x]) continue;
        for (let c = 0; c < 3; c++) sum[c]! += s.rgb[(y * w + x) * 3 + c]!;
        n++;
      }
    return n >= 12 ? srgbToLab(sum[0]! / n, sum[1]! / n, sum[2]! / n) : null;
  };
  const contrast = (s: Study) => {
    // Where the product does not cover it: the arch below its round top, the wall on both sides.
    const inside = patch(s, a.x + a.w * 0.15, a.y + a.w * 0.5, a.x + a.w * 0.85, a.y + a.h * 0.9);
    const wall =
      patch(s, a.x - a.w * 0.45, a.y + a.w * 0.5, a.x - a.w * 0.15, a.y + a.h * 0.6) ??
      patch(s, a.x + a.w * 1.15, a.y + a.w * 0.5, a.x + a.w * 1.45, a.y + a.h * 0.6);
    return inside && wall ? ciede2000(inside, wall) : Number.NaN;
  };
  return {
    edgeCorrelation: correlation(eo, er, excluded),
    blurEdgeCorrelation: correlation(eb, er, excluded),
    edgeEnergy: energyOut / Math.max(1, energyRef),
    sceneDifference: meanDifference(output, reference),
    meanColourDeltaE: ciede2000(meanLab(output), meanLab(reference)),
    archContrast: contrast(output) / contrast(reference),
    subjectDeltaE: await placedSubjectDeltaE(out.buffer, out.placed),
  };
}

/** What an image rewrite is checked for on a corpus scene (its product is the old subject). */
export interface RewriteCheck {
  /** Share of the old product's pixels, where the new product does not cover them, that still show it. */
  oldShown: number;
  /** Share of the old product's pixels the new product covers. */
  covered: number;
  /** The whole original is in the output. */
  wholeScene: boolean;
  /** Mean CIEDE2000 of the new product's pixels before and after. */
  subjectDeltaE: number;
}

/** A pixel still shows the old product when it is within this summed |dRGB| of the original there. */
const SAME_PIXEL = 24;

export async function rewriteCheck(
  scene: { photo: Buffer; mask: Buffer; width: number; height: number },
  out: Composed,
): Promise<RewriteCheck> {
  const box = out.scene!;
  const { data, info } = await sharp(out.buffer).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const original = await sharp(scene.photo).resize(box.width, box.height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const { subject, left, top } = out.placed;
  let old = 0;
  let shown = 0;
  let covered = 0;
  for (let y = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++) {
      const sx = Math.min(scene.width - 1, Math.floor((x * scene.width) / box.width));
      const sy = Math.min(scene.height - 1, Math.floor((y * scene.height) / box.height));
      if (scene.mask[sy * scene.width + sx] !== 255) continue;
      old++;
      const ox = x + box.left;
      const oy = y + box.top;
      const px = ox - left;
      const py = oy - top;
      if (
        px >= 0 &&
        py >= 0 &&
        px < subject.width &&
        py < subject.height &&
        subject.data[(py * subject.width + px) * 4 + 3]! >= 128
      ) {
        covered++;
        continue;
      }
      const i = (oy * info.width + ox) * 3;
      const j = (y * box.width + x) * 3;
      const d =
        Math.abs(data[i]! - original[j]!) + Math.abs(data[i + 1]! - original[j + 1]!) + Math.abs(data[i + 2]! - original[j + 2]!);
      if (d < SAME_PIXEL) shown++;
    }
  return {
    oldShown: old - covered ? shown / (old - covered) : 0,
    covered: old ? covered / old : 0,
    wholeScene: Math.abs(box.width / box.height - scene.width / scene.height) < 0.01,
    subjectDeltaE: await placedSubjectDeltaE(out.buffer, out.placed),
  };
}
