import { OUTPUT_MAX_SIDE, type PresetFrame } from '@productimage/core';
import sharp from 'sharp';
import { checkAborted, type Engine, EngineInputError, type EngineOutput, type EngineResult } from '../types.ts';
import { alphaBounds, alphaOf, cropRgba, type Rgba, resizeRgba } from './imaging.ts';
import { restageShadow } from './shadows.ts';

/**
 * A product on a colour, rendered to a marketplace preset's frame (issue 41: a batch run for a preset
 * passes it by construction, with no fix afterwards). The cut has no source shadow any more (the
 * cutout takes it out); the preset decides whether a soft contact shadow goes under the product, and
 * never a cast shadow. What the preset's checks measure as the product (everything visibly off the
 * background: the product and the darker part of its shadow) takes `fill` of the frame on its longer
 * side, centred, so the margin the preset asks for holds on every side.
 */

/** The contact shadow's darkness right under the product (soft: it fades within a few percent). */
const CONTACT_OPACITY = 0.4;
/**
 * A shadow pixel is visible to the checks (it differs from white by more than 24 of 255) from about
 * this alpha up: the frame is fitted to what the checks will see.
 */
const VISIBLE_ALPHA = 24;
/** Any pixel off pure white (a shadow's faint tail included) ... */
const FAINT_ALPHA = 2;
/**
 * ... stays this far from every edge (a share of the side): the white-background check reads a 2 %
 * band along the edges, and resizing and JPEG move a faint tail by a few pixels.
 */
const FAINT_GAP = 0.03;

/** The picture's size for a frame: the engine's long side (the 2K download), the preset's shape. */
export function framedSize(frame: PresetFrame, long = OUTPUT_MAX_SIDE): [number, number] {
  const even = (v: number) => Math.max(2, Math.round(v / 2) * 2);
  return frame.aspect >= 1 ? [long, even(long / frame.aspect)] : [even(long * frame.aspect), long];
}

/** The subject (a cut, cropped or not) on `colour`, framed for the preset; a JPEG (a transparent PNG without a colour). */
export async function renderFramed(o: {
  subject: Rgba;
  colour: string | null;
  frame: PresetFrame;
  /** The recipe asks for a shadow (it is drawn only where the preset allows one). */
  shadow: boolean;
  width: number;
  height: number;
}): Promise<Buffer> {
  const { width, height, frame } = o;
  const staged = await restageShadow(o.subject, {
    removeSource: false,
    addShadow: o.shadow && frame.contactShadow,
    cast: 0,
    lightFrom: 0,
    opacity: CONTACT_OPACITY,
  });
  const alpha = alphaOf(staged.image);
  const whole = { left: 0, top: 0, width: staged.image.width, height: staged.image.height };
  const seen = alphaBounds(alpha, whole.width, whole.height, VISIBLE_ALPHA) ?? whole;
  const faint = alphaBounds(alpha, whole.width, whole.height, FAINT_ALPHA) ?? seen;
  // The seen box takes `fill` of the frame, unless the faint tail would then reach the edge band.
  const span = 1 - 2 * FAINT_GAP;
  const scale = Math.min(
    frame.fill * Math.min(width / seen.width, height / seen.height),
    span * Math.min(width / faint.width, height / faint.height),
  );
  const image = await resizeRgba(staged.image, staged.image.width * scale, staged.image.height * scale);
  // Centred by the seen box, moved inwards as far as the faint tail needs.
  const place = (size: number, seenFrom: number, seenSize: number, faintFrom: number, faintSize: number) => {
    const centred = (size - seenSize * scale) / 2 - seenFrom * scale;
    const gap = size * FAINT_GAP;
    const lowest = gap - faintFrom * scale;
    const highest = size - gap - (faintFrom + faintSize) * scale;
    return Math.round(Math.min(Math.max(centred, lowest), highest));
  };
  const left = place(width, seen.left, seen.width, faint.left, faint.width);
  const top = place(height, seen.top, seen.height, faint.top, faint.height);
  // The restaged image may reach past the frame where it is transparent (the shadow layer's padding).
  const x0 = Math.max(0, -left);
  const y0 = Math.max(0, -top);
  const part = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
    .extract({
      left: x0,
      top: y0,
      width: Math.max(1, Math.min(image.width - x0, width - Math.max(0, left))),
      height: Math.max(1, Math.min(image.height - y0, height - Math.max(0, top))),
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const canvas = sharp({
    create: o.colour
      ? { width, height, channels: 3, background: o.colour }
      : { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  }).composite([
    {
      input: part.data,
      raw: { width: part.info.width, height: part.info.height, channels: 4 },
      left: Math.max(0, left),
      top: Math.max(0, top),
    },
  ]);
  return o.colour ? canvas.jpeg({ quality: 92, mozjpeg: true, chromaSubsampling: '4:4:4' }).toBuffer() : canvas.png().toBuffer();
}

/**
 * Another engine's picture framed for the preset (issue 41: whatever engine makes a batch's item, it
 * passes the preset by construction; studio/tasks/preset-framing.ts). A cut-out (a picture with
 * transparency) is framed as it is; any other picture is cut out first by the local cutout, which
 * also takes the source's floor and cast shadows out, then placed as the local engine places its own.
 */
export async function frameResult(
  picture: Buffer,
  o: { frame: PresetFrame; colour: string | null; shadow: boolean; signal: AbortSignal },
): Promise<EngineOutput> {
  const { data, info } = await sharp(picture).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let cut: Rgba = { width: info.width, height: info.height, data };
  if (!hasHole(cut)) cut = await (await import('./cutout.ts')).cutoutRgba(picture, o.signal, OUTPUT_MAX_SIDE, false);
  checkAborted(o.signal);
  const box = alphaBounds(alphaOf(cut), cut.width, cut.height);
  if (!box) throw new EngineInputError('no subject found in the picture to frame');
  const [width, height] = framedSize(o.frame);
  const buffer = await renderFramed({
    subject: cropRgba(cut, box),
    colour: o.colour,
    frame: o.frame,
    shadow: o.shadow,
    width,
    height,
  });
  return o.colour
    ? { buffer, contentType: 'image/jpeg', type: 'image', ext: 'jpg' }
    : { buffer, contentType: 'image/png', type: 'image', ext: 'png' };
}

/** Whether any pixel is less than fully opaque (the picture is already a cut). */
function hasHole(img: Rgba): boolean {
  for (let i = 3; i < img.data.length; i += 4) if (img.data[i]! < 250) return true;
  return false;
}

/**
 * The framing as an engine, so studio/tasks/preset-framing.ts runs it in the engine pool's threads
 * (engines/pool.ts), never on the event loop: inputs are the pictures to frame, params
 * `{ frame, colour, shadow }`.
 */
export function createPresetFrameEngine(): Engine<EngineResult> {
  return {
    name: 'preset-frame',
    bizTypes: [],
    async run(job) {
      const frame = job.params.frame as PresetFrame;
      const colour = typeof job.params.colour === 'string' ? job.params.colour : null;
      const files: EngineOutput[] = [];
      for (const input of job.inputs)
        files.push(await frameResult(input.buffer, { frame, colour, shadow: job.params.shadow === true, signal: job.signal }));
      return { files };
    },
  };
}
