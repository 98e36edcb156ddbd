import { IMAGE_SIZE_CAP_DEFAULT, type Ratio } from '@productimage/core';
import sharp from 'sharp';
import { checkAborted, EngineInputError, type EngineOutput } from '../types.ts';
import { analyse, type Composed, compose, outputSize, type Placement, subjectOf } from './backgrounds.ts';
import { fillHole, growMask } from './clean-plate.ts';
import { subjectCut } from './cutout.ts';
import { fitScene } from './fit-scene.ts';
import { alphaBounds, alphaOf, type Box, clamp255, cropRgba, type Rgba } from './imaging.ts';
import { styliseScene } from './stylise.ts';
import { supportSurface } from './support-line.ts';

/**
 * The local image rewrite (issue 44: it pasted the product over crops of the original picture, and
 * a mug stuck out behind a hood like a head): the original's subject is taken out of it, the hole
 * filled from around it (clean-plate.ts), and the user's product put where the subject was, at the
 * subject's size, standing where it stood, or on the surface the picture shows when the old one
 * hung above it; relit, with a contact shadow. The whole original stays in view (fit-scene.ts);
 * STYLE_IMITATION re-paints the cleaned picture (stylise.ts).
 */
export interface SwapOptions {
  /** The original picture. */
  original: Buffer;
  /** The user's product, cut out and cropped to its alpha. */
  subject: Rgba;
  width: number;
  height: number;
  mode: 'ACCURATE_REPLICATION' | 'STYLE_IMITATION';
  variant: number;
  signal: AbortSignal;
}

export interface Swapped extends Composed {
  /** What was taken out of the original, in the output's pixels (255 inside). */
  hole: Uint8Array;
}

/** The hole is found and filled at this long side at most. */
const WORK_SIDE = 1024;
/** Variants scale the product a little differently in the old one's place. */
const SIZES = [1, 0.9, 0.95, 0.85] as const;
/** The old subject's cut is grown by this share of the picture's short side (its soft edge, its halo). */
const GROW = 1 / 70;

export async function swapSubject(o: SwapOptions): Promise<Swapped> {
  const { width, height } = o;
  const fitted = await fitScene(o.original, width, height);
  const { scene } = fitted;
  // The hole is found and filled at a working size (a 2048 px output at 1024): the fill is smooth by
  // nature, and the rounds of filling cost with the square of the size.
  const k = Math.min(1, WORK_SIDE / Math.max(width, height));
  const w = Math.max(8, Math.round(width * k));
  const h = Math.max(8, Math.round(height * k));
  const work =
    k < 1
      ? await sharp(fitted.raw, { raw: { width, height, channels: 3 } })
          .resize(w, h)
          .raw()
          .toBuffer()
      : fitted.raw;
  const workScene = {
    left: Math.round(scene.left * k),
    top: Math.round(scene.top * k),
    width: Math.min(w, Math.round(scene.width * k)),
    height: Math.min(h, Math.round(scene.height * k)),
  };
  const taken = await oldSubject(o.original, workScene, w, h, o.signal);
  let workHole = growMask(taken, w, h, Math.max(2, Math.round(Math.min(workScene.width, workScene.height) * GROW)));
  const any = alphaBounds(Buffer.from(workHole.buffer, workHole.byteOffset, workHole.length), w, h, 128);
  if (any) workHole = await withAttached(work, w, h, workHole, o.signal);
  let plate = fitted.raw;
  let hole: Uint8Array = new Uint8Array(width * height);
  if (any) {
    const filled = await fillHole(work, w, h, workHole);
    ({ plate, hole } = await layBack(fitted.raw, width, height, filled, workHole, w, h));
  }
  const old = alphaBounds(Buffer.from(hole.buffer, hole.byteOffset, hole.length), width, height, 128);
  const sceneOf = (raw: Buffer) => {
    const part = Buffer.allocUnsafe(scene.width * scene.height * 3);
    for (let y = 0; y < scene.height; y++)
      raw.copy(
        part,
        y * scene.width * 3,
        ((y + scene.top) * width + scene.left) * 3,
        ((y + scene.top) * width + scene.left + scene.width) * 3,
      );
    return part;
  };
  const found = supportSurface(sceneOf(plate), scene.width, scene.height);
  const surface = found && { top: scene.top + found.top, bottom: scene.top + found.bottom };
  if (o.mode === 'STYLE_IMITATION') plate = await styliseScene(plate, width, height, o.variant);
  const background = await analyse(plate, width, height, { scene, surface });
  const at = old ? placementFor(old, surface, scene, SIZES[o.variant % SIZES.length]!) : undefined;
  const composed = await compose({
    subject: o.subject,
    background,
    variant: o.variant,
    mode: o.mode,
    shadow: true,
    onColour: false,
    at,
  });
  return { ...composed, hole };
}

/**
 * The original's subject with its shadow (the shadow goes too: the new product brings its own), and
 * the regions the cut lists beside it that touch its box (a hanger's hook the cut left out), as a
 * mask at the working size.
 */
async function oldSubject(original: Buffer, scene: Box, width: number, height: number, signal: AbortSignal): Promise<Uint8Array> {
  const { cut, others } = await subjectCut(original, signal, Math.max(scene.width, scene.height), { removeShadow: false });
  const cutAlpha = Buffer.allocUnsafe(cut.width * cut.height);
  for (let i = 0; i < cutAlpha.length; i++) cutAlpha[i] = cut.data[i * 4 + 3]!;
  const main = alphaBounds(cutAlpha, cut.width, cut.height, 128);
  if (main) {
    const grow = { x: main.width * 0.1, y: main.height * 0.1 };
    for (const other of others) {
      const b = other.box;
      const touches =
        b.left < main.left + main.width + grow.x &&
        b.left + b.width > main.left - grow.x &&
        b.top < main.top + main.height + grow.y &&
        b.top + b.height > main.top - grow.y;
      if (touches) for (let i = 0; i < cutAlpha.length; i++) cutAlpha[i] = Math.max(cutAlpha[i]!, other.alpha[i]!);
    }
  }
  const alpha = await sharp(cutAlpha, { raw: { width: cut.width, height: cut.height, channels: 1 } })
    .resize(scene.width, scene.height, { fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const taken = new Uint8Array(width * height);
  for (let y = 0; y < scene.height; y++)
    for (let x = 0; x < scene.width; x++)
      if (alpha[y * scene.width + x]! >= 16) taken[(y + scene.top) * width + x + scene.left] = 255;
  return taken;
}

/**
 * The filled hole, found at the working size, laid into the full-size picture: enlarged, blended over
 * a soft edge, with grain of the picture's own amount (the enlarged fill is smoother than the picture).
 */
async function layBack(
  raw: Buffer,
  width: number,
  height: number,
  filled: Buffer,
  workHole: Uint8Array,
  w: number,
  h: number,
): Promise<{ plate: Buffer; hole: Uint8Array }> {
  if (w === width && h === height) return { plate: filled, hole: workHole };
  const [fill, soft] = await Promise.all([
    sharp(filled, { raw: { width: w, height: h, channels: 3 } })
      .resize(width, height, { kernel: 'cubic' })
      .raw()
      .toBuffer(),
    sharp(Buffer.from(workHole), { raw: { width: w, height: h, channels: 1 } })
      .resize(width, height, { kernel: 'linear' })
      .toColourspace('b-w')
      .raw()
      .toBuffer(),
  ]);
  const smooth = await sharp(raw, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .raw()
    .toBuffer();
  let grain = 0;
  for (let i = 0; i < raw.length; i += 11) grain += Math.abs(raw[i]! - smooth[i]!);
  grain = (grain / Math.ceil(raw.length / 11)) * 1.25;
  const plate = Buffer.from(raw);
  const hole = new Uint8Array(width * height);
  let seed = 0x9e3779b9;
  for (let i = 0; i < width * height; i++) {
    const a = soft[i]! / 255;
    if (a <= 0) continue;
    if (a >= 0.5) hole[i] = 255;
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    const n = (seed / 2 ** 32 - 0.5) * 2 * grain * a;
    for (let c = 0; c < 3; c++) plate[i * 3 + c] = clamp255(raw[i * 3 + c]! * (1 - a) + fill[i * 3 + c]! * a + n);
  }
  return { plate, hole };
}

/** How far (a share of the hole's size) and how many times the hole looks around itself for attached parts. */
const ATTACHED_REACH = 0.12;
const ATTACHED_ROUNDS = 3;
/** A pixel differs from the backdrop predicted for it by more than this (summed |dRGB|): something is there. */
const ATTACHED_DIFFERENCE = 90;
/** A round that would add more than this share of the hole's box is refused. */
const ATTACHED_MAX_SHARE = 0.25;

/**
 * The hole with what hangs off it (issue 44: the cut often leaves out a hanger's hook or a
 * mannequin's head, and they stayed in the rewrite): a ring around the hole is predicted from
 * beyond it (the hole grown by the ring, filled); ring pixels above or below the hole, within its
 * width, far from their prediction and connected to the hole are part of the thing, and join it.
 * A rail or a floor line crossing the ring is predicted from its own pixels beyond the ring, so it
 * stays; a round that would take much (a neighbour) is refused. A few rounds follow a neck down to
 * its stand.
 */
async function withAttached(
  raw: Buffer,
  width: number,
  height: number,
  hole: Uint8Array,
  signal: AbortSignal,
): Promise<Uint8Array> {
  let current = hole;
  for (let round = 0; round < ATTACHED_ROUNDS; round++) {
    const box = alphaBounds(Buffer.from(current.buffer, current.byteOffset, current.length), width, height, 128);
    if (!box) break;
    const reach = Math.max(3, Math.round(Math.max(box.width, box.height) * ATTACHED_REACH));
    const wider = growMask(current, width, height, reach);
    const predicted = await fillHole(raw, width, height, wider);
    checkAborted(signal);
    // Ring pixels unlike their prediction, grown from the hole's edge (4-connected), above or below
    // the hole within its width: a hook, a head, a stand (a plant or a sofa beside it stays).
    const inReach = (j: number) => {
      const x = j % width;
      const y = (j - x) / width;
      return x >= box.left && x < box.left + box.width && (y < box.top || y >= box.top + box.height);
    };
    const next = Uint8Array.from(current);
    const stack: number[] = [];
    for (let i = 0; i < current.length; i++) if (current[i]) stack.push(i);
    let added = 0;
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % width;
      for (const j of [x > 0 ? i - 1 : -1, x + 1 < width ? i + 1 : -1, i - width, i + width]) {
        if (j < 0 || j >= current.length || next[j] || !wider[j] || !inReach(j)) continue;
        const d =
          Math.abs(raw[j * 3]! - predicted[j * 3]!) +
          Math.abs(raw[j * 3 + 1]! - predicted[j * 3 + 1]!) +
          Math.abs(raw[j * 3 + 2]! - predicted[j * 3 + 2]!);
        if (d <= ATTACHED_DIFFERENCE) continue;
        next[j] = 255;
        added++;
        stack.push(j);
      }
    }
    // Much more than a hook or a head is a neighbour the cut rightly left out: stop.
    if (!added || added > box.width * box.height * ATTACHED_MAX_SHARE) break;
    current = growMask(next, width, height, 2);
  }
  return current;
}

/**
 * Where the new product goes: centred where the old subject was and as large (a box the old one's
 * size, a tenth wider, at most as large as backgrounds.ts frames a product), its foot where the old one's was; when the old one hung above the surface
 * the picture shows (a shirt on a rail), on that surface instead, 45 % into it, as backgrounds.ts
 * stands products.
 */
export function placementFor(old: Box, surface: { top: number; bottom: number } | null, scene: Box, size: number): Placement {
  const bottom = old.top + old.height;
  const hanging = surface && bottom < surface.top;
  const foot = hanging ? surface.top + (surface.bottom - surface.top) * 0.45 : Math.min(bottom, scene.top + scene.height * 0.97);
  // No larger than background reproduction frames a product (a cut that took a plant along is wide).
  const maxHeight = Math.min(old.height, foot - scene.top - scene.height * 0.04, scene.height * 0.62) * size;
  const maxWidth = Math.min(old.width * 1.1, scene.width * 0.6) * size;
  return { centreX: old.left + old.width / 2, foot, maxWidth, maxHeight };
}

/** HOT_PIC_REWRITE on the local engine: the user's product swapped into the original picture, one output. */
export async function rewritePicture(o: {
  original: Buffer;
  product: Buffer;
  ratio: Exclude<Ratio, 'original'>;
  mode: SwapOptions['mode'];
  variant: number;
  signal: AbortSignal;
  progress: (percent: number) => void;
}): Promise<EngineOutput[]> {
  const cut = await subjectOf(o.product, o.signal);
  const box = alphaBounds(alphaOf(cut), cut.width, cut.height);
  if (!box) throw new EngineInputError('no product found in the product picture');
  o.progress(30);
  checkAborted(o.signal);
  const [width, height] = outputSize(o.ratio, IMAGE_SIZE_CAP_DEFAULT, cut.width, cut.height);
  const { buffer } = await swapSubject({
    original: o.original,
    subject: cropRgba(cut, box),
    width,
    height,
    mode: o.mode,
    variant: o.variant,
    signal: o.signal,
  });
  o.progress(100);
  return [{ buffer, contentType: 'image/jpeg', type: 'image', ext: 'jpg' }];
}
