import { IMAGE_SIZE_CAP_MAX, OUTPUT_MAX_SIDE, type ProductReplaceParams, RATIO_SIZES, type Ratio } from '@productimage/core';
import sharp, { type OverlayOptions } from 'sharp';
import { checkAborted, EngineInputError, type EngineJob, type EngineOutput } from '../types.ts';
import { cutoutRgba } from './cutout.ts';
import { fitScene } from './fit-scene.ts';
import { labToSrgb, srgbToLab } from './image-metrics.ts';
import { alphaBounds, alphaOf, type Box, clamp255, cropRgba, luma, type Rgba, resizeRgba } from './imaging.ts';
import { ownAlpha } from './own-alpha.ts';
import { framedSize, renderFramed } from './preset-frame.ts';
import { REFERENCE_FLOORS, referenceImage } from './scenes.ts';
import { groundShadow } from './shadows.ts';
import { styliseScene } from './stylise.ts';
import { type SupportSurface, supportSurface } from './support-line.ts';

/**
 * PRODUCT_REPLACE_IMAGE: the subject is cut out and set on a colour, a scene or a reference
 * background with a soft shadow. Background reproduction (`mode`) also matches the subject's colour
 * and light to the reference; the two modes differ on purpose (see productReplaceParams in core).
 */

/**
 * Output width and height: the ratio's aspect (spec 001 §9; `original` keeps the source's), rendered
 * at OUTPUT_MAX_SIDE (2048 px) on the long side, so the 2K download is the engine's own rendering
 * (the background drawn at that size) and 1080P is a reduction of it.
 */
export function outputSize(ratio: Ratio, size: number, sourceWidth: number, sourceHeight: number): [number, number] {
  const even = (v: number) => Math.max(2, Math.round(v / 2) * 2);
  const [w, h] = ratio === 'original' ? [sourceWidth, sourceHeight] : RATIO_SIZES[ratio];
  const specLong = ratio === 'original' ? size : Math.min(Math.max(w, h) * (size / 1024), IMAGE_SIZE_CAP_MAX);
  // Rendered at 2048 px on the long side (issue 30): the 2K download is this file, never an enlargement.
  const long = Math.max(specLong, OUTPUT_MAX_SIDE);
  const scale = long / Math.max(w, h);
  return [even(w * scale), even(h * scale)];
}

/** Placement of the subject for each of up to four variants (genNum): scale of the frame, x offset. */
const VARIANTS: ReadonlyArray<{ scale: number; dx: number }> = [
  { scale: 1, dx: 0 },
  { scale: 0.86, dx: -0.12 },
  { scale: 0.92, dx: 0.12 },
  { scale: 0.78, dx: 0 },
];

export interface Background {
  raw: Buffer;
  width: number;
  height: number;
  /** Where a picture background's picture lies in the output (all of it is shown, issue 44). */
  scene?: Box;
  /** The surface the product stands on, when the picture shows one (support-line.ts). */
  surface?: SupportSurface | null;
  /** -1 when light comes from the left, +1 from the right, 0 when even. */
  lightFrom: number;
  /** Mean brightness 0..255. */
  brightness: number;
}

/** A background's light (its brighter side, its mean brightness), with what else is known of it. */
export async function analyse(raw: Buffer, width: number, height: number, extra: Partial<Background> = {}): Promise<Background> {
  let left = 0;
  let right = 0;
  let total = 0;
  const third = Math.floor(width / 3);
  for (let y = 0; y < height; y += 4) {
    for (let x = 0; x < width; x += 4) {
      const i = (y * width + x) * 3;
      const l = luma(raw[i]!, raw[i + 1]!, raw[i + 2]!);
      total += l;
      if (x < third) left += l;
      else if (x >= width - third) right += l;
    }
  }
  const samples = Math.ceil(height / 4) * Math.ceil(width / 4);
  const diff = (right - left) / Math.max(1, left + right);
  return {
    raw,
    width,
    height,
    lightFrom: Math.abs(diff) < 0.03 ? 0 : Math.sign(diff),
    brightness: total / samples,
    ...extra,
  };
}

async function colourBackground(hex: string, width: number, height: number): Promise<Background> {
  const raw = await sharp({ create: { width, height, channels: 3, background: hex } })
    .raw()
    .toBuffer();
  return analyse(raw, width, height);
}

/**
 * A picture background (the user's scene, a reference), all of it (fit-scene.ts, issue 44: accurate
 * mode cropped the reference), with the surface it shows found in the picture itself (or known,
 * for the references the server draws), in the output's coordinates.
 */
async function pictureBackground(picture: Buffer, width: number, height: number, horizon?: number): Promise<Background> {
  const { raw, scene, sceneRaw } = await fitScene(picture, width, height);
  const found = horizon === undefined ? supportSurface(sceneRaw, scene.width, scene.height) : null;
  const surface =
    horizon !== undefined
      ? { top: Math.round(scene.top + horizon * scene.height), bottom: scene.top + scene.height }
      : found && { top: scene.top + found.top, bottom: scene.top + found.bottom };
  return analyse(raw, width, height, { scene, surface });
}

/**
 * STYLE_IMITATION's background: the reference, all of it as in accurate mode, re-painted in its own
 * style (stylise.ts, issue 44: it was a new picture of soft blurred shapes in which the reference's
 * arch and plant were gone). Its shapes, palette and light stay; its pixels do not.
 */
async function styledBackground(
  picture: Buffer,
  width: number,
  height: number,
  variant: number,
  horizon?: number,
): Promise<Background> {
  const scene = await pictureBackground(picture, width, height, horizon);
  const raw = await styliseScene(scene.raw, width, height, variant);
  return analyse(raw, width, height, { scene: scene.scene, surface: scene.surface });
}

/**
 * Background reproduction's light match, in CIELAB on lightness only: the subject's chroma (a*, b*)
 * is never touched, so a navy T-shirt stays navy whatever the scene (a colour shift on apparel
 * means returns). The light falls from the background's brighter side (brighter there, darker on
 * the far side), the subject's exposure moves a little towards the scene's, and its lowest part
 * takes a little ambient shade. The whole change is scaled so that its mean size stays within a
 * budget of lightness difference: `MEAN_LIGHTNESS_BUDGET` in CIEDE2000 units (for a change of
 * lightness alone, CIEDE2000 is at most |dL*|), under 2 in both modes (issue 30: the garment's own
 * colours are what a shop sells; STYLE_IMITATION still relights harder).
 */
export const MEAN_LIGHTNESS_BUDGET = { ACCURATE_REPLICATION: 1.4, STYLE_IMITATION: 1.8 } as const;

export function relightSubject(
  subject: Rgba,
  light: { brightness: number; lightFrom: number },
  mode: NonNullable<ProductReplaceParams['mode']>,
): Rgba {
  const { width, height } = subject;
  const n = width * height;
  const strong = mode === 'STYLE_IMITATION';
  const lab = new Float32Array(n * 3);
  let lightness = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const [l, a, b] = srgbToLab(subject.data[i * 4]!, subject.data[i * 4 + 1]!, subject.data[i * 4 + 2]!);
    lab[i * 3] = l;
    lab[i * 3 + 1] = a;
    lab[i * 3 + 2] = b;
    if (subject.data[i * 4 + 3]! >= 128) {
      lightness += l;
      count++;
    }
  }
  const own = count ? lightness / count : 50;
  const scene = srgbToLab(light.brightness, light.brightness, light.brightness)[0];
  // Lightness offsets (L* units) before the budget is applied.
  const exposure = Math.max(-4, Math.min(4, (scene - own) * 0.12));
  const side = strong ? 6 : 3;
  const shade = strong ? 5 : 2;
  const delta = new Float32Array(n);
  let total = 0;
  for (let y = 0; y < height; y++) {
    const low = Math.max(0, (y / height - 0.82) / 0.18);
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const across = width > 1 ? (x / (width - 1)) * 2 - 1 : 0;
      const d = exposure + light.lightFrom * across * side - low * low * shade;
      delta[i] = d;
      if (subject.data[i * 4 + 3]! >= 128) total += Math.abs(d);
    }
  }
  const mean = count ? total / count : 0;
  const scale = mean > 0 ? Math.min(1, MEAN_LIGHTNESS_BUDGET[mode] / mean) : 0;
  const data = Buffer.from(subject.data);
  for (let i = 0; i < n; i++) {
    const d = delta[i]! * scale;
    if (d === 0) continue;
    const [r, g, b] = labToSrgb(Math.max(0, Math.min(100, lab[i * 3]! + d)), lab[i * 3 + 1]!, lab[i * 3 + 2]!);
    // Out of gamut (a saturated colour pushed lighter): keep the pixel rather than clip its chroma.
    if (r > 255.5 || g > 255.5 || b > 255.5) continue;
    data[i * 4] = clamp255(r);
    data[i * 4 + 1] = clamp255(g);
    data[i * 4 + 2] = clamp255(b);
  }
  return { width, height, data };
}

export interface ComposeOptions {
  subject: Rgba;
  background: Background;
  variant: number;
  mode?: ProductReplaceParams['mode'];
  shadow: boolean;
  onColour: boolean;
  /** Opacity of a mirror image on a glossy floor (0: none). */
  reflection?: number;
  /** Where the subject goes instead of the variant's placement (the image rewrite: where the old one was). */
  at?: Placement;
}

/** A subject's place: fitted inside a box of this size, centred on `centreX`, its lowest pixel on `foot`. */
export interface Placement {
  centreX: number;
  foot: number;
  maxWidth: number;
  maxHeight: number;
}

/** A composed picture and where its subject went (tests compare the subject's pixels before and after). */
export interface Composed {
  buffer: Buffer;
  /** The subject as placed (resized, before any relight) and its top-left corner in the picture. */
  placed: { subject: Rgba; left: number; top: number };
  /** Where a picture background's picture lies in the output, and the surface the subject stands on. */
  scene?: Box;
  surface?: SupportSurface | null;
}

/** How far into a surface the product stands: a little in front of the wall or the table's back edge. */
const FOOT_DEPTH = 0.45;

/** The row the product's lowest pixel goes to. */
function baselineOf(bg: Background, onColour: boolean): number {
  const s = bg.surface;
  const frame = bg.scene ?? { top: 0, height: bg.height };
  if (!s) return frame.top + frame.height * (onColour ? 0.88 : 0.9);
  const depth = s.bottom - s.top;
  return Math.min(frame.top + frame.height * 0.95, s.top + Math.max(frame.height * 0.015, depth * FOOT_DEPTH));
}

export async function compose(o: ComposeOptions): Promise<Composed> {
  const { background: bg } = o;
  const v = VARIANTS[o.variant % VARIANTS.length]!;
  const baseline = o.at ? o.at.foot : baselineOf(bg, o.onColour);
  // A picture background frames the product by its picture (not by the margins that continue it);
  // standing on its surface, the product keeps some of the picture above it in view.
  const frame = bg.scene ?? { left: 0, top: 0, width: bg.width, height: bg.height };
  const frameW = frame.width * (o.onColour ? 0.66 : 0.6) * v.scale;
  const frameH = Math.min(frame.height * (o.onColour ? 0.74 : 0.62) * v.scale, baseline - frame.top - frame.height * 0.05);
  const scale = o.at
    ? Math.min(o.at.maxWidth / o.subject.width, o.at.maxHeight / o.subject.height)
    : Math.min(frameW / o.subject.width, frameH / o.subject.height);
  let subject = await resizeRgba(o.subject, o.subject.width * scale, o.subject.height * scale);
  const placedOriginal = subject;
  if (o.mode) subject = relightSubject(subject, bg, o.mode);

  const centre = o.at ? o.at.centreX - subject.width / 2 : (bg.width - subject.width) / 2 + v.dx * bg.width;
  const left = Math.round(Math.min(Math.max(0, centre), bg.width - subject.width));
  const top = Math.round(Math.max(0, baseline - subject.height));
  const layers: OverlayOptions[] = [];
  if (o.shadow) {
    // A contact shadow along the product's footprint and a cast away from the background's light
    // (shadows.ts, issue 44: it used to be the silhouette squashed into a disc); darker backgrounds
    // take a lighter shadow.
    const opacity = o.onColour ? 0.55 - (bg.brightness / 255) * 0.2 : 0.6;
    const shadow = await groundShadow(subject, { lightFrom: bg.lightFrom, opacity });
    const sl = left + shadow.left;
    const st = top + shadow.top;
    if (sl < bg.width && st < bg.height && sl + shadow.layer.width > 0 && st + shadow.layer.height > 0)
      layers.push(await clipLayer(shadow.layer, sl, st, bg.width, bg.height));
  }
  if (o.reflection && top + subject.height < bg.height) {
    // The floor mirrors the product: flipped, fading out over a third of its height.
    const mirror = reflectionOf(subject, o.reflection);
    layers.push(await clipLayer(mirror, left, top + subject.height, bg.width, bg.height));
  }
  layers.push(await clipLayer(subject, left, top, bg.width, bg.height));
  const buffer = await sharp(bg.raw, { raw: { width: bg.width, height: bg.height, channels: 3 } })
    .composite(layers)
    // Full-resolution chroma: 4:2:0 subsampling would blur a garment's colour into the background.
    .jpeg({ quality: 92, mozjpeg: true, chromaSubsampling: '4:4:4' })
    .toBuffer();
  return { buffer, placed: { subject: placedOriginal, left, top }, scene: bg.scene, surface: bg.surface };
}

/** A subject flipped upside down with its alpha faded out downwards, as a glossy floor shows it. */
export function reflectionOf(subject: Rgba, opacity: number): Rgba {
  const { width, height } = subject;
  const data = Buffer.alloc(width * height * 4);
  const fade = Math.max(1, height / 3);
  for (let y = 0; y < height; y++) {
    const k = opacity * Math.max(0, 1 - y / fade);
    const from = (height - 1 - y) * width * 4;
    for (let x = 0; x < width; x++) {
      const s = from + x * 4;
      const d = (y * width + x) * 4;
      data[d] = subject.data[s]!;
      data[d + 1] = subject.data[s + 1]!;
      data[d + 2] = subject.data[s + 2]!;
      data[d + 3] = Math.round(subject.data[s + 3]! * k);
    }
  }
  return { width, height, data };
}

/** sharp refuses overlays that hang over the edge: cut the overlay to the canvas first. */
async function clipLayer(img: Rgba, left: number, top: number, width: number, height: number): Promise<OverlayOptions> {
  const x0 = Math.max(0, -left);
  const y0 = Math.max(0, -top);
  const x1 = Math.min(img.width, width - left);
  const y1 = Math.min(img.height, height - top);
  const part = cropRgba(img, { left: x0, top: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) });
  return {
    input: part.data,
    raw: { width: part.width, height: part.height, channels: 4 },
    left: Math.max(0, left),
    top: Math.max(0, top),
  };
}

/** One output: the subject (cut out and cropped) on the task's background, as variant `variant`. */
export async function renderVariant(o: {
  subject: Rgba;
  /** The reference or the user's scene; null for a colour background. */
  picture: Buffer | null;
  params: ProductReplaceParams;
  width: number;
  height: number;
  variant: number;
}): Promise<Composed> {
  const p = o.params;
  // A reference the server draws knows its floor line; the user's picture is looked at.
  const horizon = p.reference ? REFERENCE_FLOORS[p.reference]?.horizon : undefined;
  const background = o.picture
    ? p.mode === 'STYLE_IMITATION'
      ? await styledBackground(o.picture, o.width, o.height, o.variant, horizon)
      : await pictureBackground(o.picture, o.width, o.height, horizon)
    : await colourBackground(p.backgroundColor!, o.width, o.height);
  return compose({
    subject: o.subject,
    background,
    variant: o.variant,
    mode: o.picture ? p.mode : undefined,
    shadow: p.shadow,
    onColour: !o.picture,
    reflection: p.reference ? (REFERENCE_FLOORS[p.reference]?.reflection ?? 0) : 0,
  });
}

/**
 * The subject of a background task: a picture that is already cut out (a cutout's PNG passed along
 * the chain) is used with its own alpha and never cut again, so nothing its cut left out (the room
 * around a shirt) comes back; any other picture is cut to its main subject (plus the regions the
 * user chose to keep).
 */
export async function subjectOf(
  input: Buffer,
  signal: AbortSignal,
  keep?: ReadonlyArray<readonly [number, number]>,
  drop?: ReadonlyArray<readonly [number, number]>,
): Promise<Rgba> {
  const own = await ownAlpha(input, OUTPUT_MAX_SIDE);
  checkAborted(signal);
  return own ?? cutoutRgba(input, signal, OUTPUT_MAX_SIDE, true, keep, drop);
}

export async function runBackgrounds(
  job: EngineJob<ProductReplaceParams>,
  /** The variants to render (default: all genNum); each depends only on its index. */
  variants?: readonly number[],
): Promise<EngineOutput[]> {
  const p = job.params;
  const wanted = variants ?? Array.from({ length: p.genNum }, (_, i) => i);
  const ownBackground = !p.backgroundColor && !p.reference;
  const subjects = ownBackground ? job.inputs.slice(0, -1) : job.inputs;
  if (subjects.length === 0) throw new EngineInputError('PRODUCT_REPLACE_IMAGE needs a subject image');
  const picture = p.reference ? await referenceImage(p.reference) : ownBackground ? job.inputs.at(-1)!.buffer : null;
  const steps = subjects.length * (wanted.length + 1);
  let done = 0;
  const outputs: EngineOutput[] = [];
  for (const input of subjects) {
    const cut = await subjectOf(input.buffer, job.signal, p.keep, p.drop);
    job.progress(Math.round((++done / steps) * 95));
    const box = alphaBounds(alphaOf(cut), cut.width, cut.height);
    if (!box) throw new EngineInputError('no subject found in the image');
    const subject = cropRgba(cut, box);
    // A batch run for a marketplace preset renders to the preset's frame (issue 41; preset-frame.ts).
    const frame = p.frame && p.backgroundColor ? p.frame : null;
    const [width, height] = frame ? framedSize(frame) : outputSize(p.ratio, p.size, cut.width, cut.height);
    for (const variant of wanted) {
      checkAborted(job.signal);
      const { buffer } = frame
        ? { buffer: await renderFramed({ subject, colour: p.backgroundColor!, frame, shadow: p.shadow, width, height }) }
        : await renderVariant({ subject, picture, params: p, width, height, variant });
      outputs.push({ buffer, contentType: 'image/jpeg', type: 'image', ext: 'jpg' });
      job.progress(Math.round((++done / steps) * 95));
    }
  }
  job.progress(100);
  return outputs;
}
