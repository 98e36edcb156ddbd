import type { QrArtParams } from '@productimage/core';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { checkAborted, type EngineJob, type EngineOutput } from '../types.ts';
import { clamp255, luma } from './imaging.ts';
import { decodeQr } from './qr-decode.ts';
import { qrSceneImage } from './scenes.ts';

/**
 * QR_CODE_ART: a QR code (error correction H) woven into a scene. Each module keeps the scene's
 * picture but is pushed dark or light ("contrast-keeping blend": plain alpha blending stops
 * decoding at low opacity, this does not), and its centre carries a dot in the chosen shape at full
 * contrast. `strength` (0 to 100) sets the dot size and how hard the rest of the module is pushed.
 * Every output is decoded before it is returned, at full size and shrunk; one that does not scan is
 * redrawn stronger, so the user never receives a code that does not work.
 */
const SIZE = 1024;
const QUIET = 2;
const CROPS = ['centre', 'north', 'south', 'east'] as const;

type Shape = QrArtParams['shape'];
enum Role {
  Scene = 0,
  LightArea = 1,
  DarkArea = 2,
  LightDot = 3,
  DarkDot = 4,
  Quiet = 5,
}

interface Matrix {
  size: number;
  maskPattern: number;
  dark(r: number, c: number): boolean;
  reserved(r: number, c: number): boolean;
}

function matrixOf(content: string, maskPattern: number | undefined): Matrix {
  const qr = QRCode.create(content, {
    errorCorrectionLevel: 'H',
    ...(maskPattern === undefined ? {} : { maskPattern: maskPattern as QRCode.QRCodeMaskPattern }),
  });
  const m = qr.modules as unknown as { size: number; data: Uint8Array; reservedBit: Uint8Array };
  return {
    size: m.size,
    maskPattern: qr.maskPattern ?? 0,
    dark: (r, c) => m.data[r * m.size + c] === 1,
    reserved: (r, c) => m.reservedBit[r * m.size + c] === 1,
  };
}

/** Paints which role every pixel plays: module areas, shaped dots, the quiet frame. */
function roles(matrix: Matrix, shape: Shape, dotFraction: number): { map: Uint8Array; origin: number; module: number } {
  const total = matrix.size + 2 * QUIET;
  const module = Math.floor((SIZE * 0.88) / total);
  const origin = Math.floor((SIZE - module * total) / 2);
  const map = new Uint8Array(SIZE * SIZE);
  const fill = (x0: number, y0: number, x1: number, y1: number, role: Role) => {
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(SIZE, Math.ceil(y1)); y++)
      map.fill(role, y * SIZE + Math.max(0, Math.floor(x0)), y * SIZE + Math.min(SIZE, Math.ceil(x1)));
  };
  const disc = (cx: number, cy: number, r: number, role: Role) => {
    for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y++)
      for (let x = Math.floor(cx - r); x <= Math.ceil(cx + r); x++)
        if ((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r) map[y * SIZE + x] = role;
  };
  // The quiet frame is light so scanners find the finder patterns.
  fill(origin, origin, origin + module * total, origin + module * total, Role.Quiet);
  const start = origin + QUIET * module;
  const half = (module * dotFraction) / 2;
  const long = shape === 'LONG_CIRCLE' || shape === 'LONG_SQUARE';
  const round = shape === 'CIRCLE' || shape === 'LONG_CIRCLE';
  for (let r = 0; r < matrix.size; r++) {
    for (let c = 0; c < matrix.size; c++) {
      const x = start + c * module;
      const y = start + r * module;
      const dark = matrix.dark(r, c);
      if (matrix.reserved(r, c)) {
        // Finder, timing, alignment and format modules stay whole: scanners rely on them.
        fill(x, y, x + module, y + module, dark ? Role.DarkDot : Role.LightDot);
        continue;
      }
      fill(x, y, x + module, y + module, dark ? Role.DarkArea : Role.LightArea);
      const cx = x + module / 2;
      const cy = y + module / 2;
      const dot = dark ? Role.DarkDot : Role.LightDot;
      if (round) disc(cx, cy, half, dot);
      else fill(cx - half, cy - half, cx + half, cy + half, dot);
    }
  }
  if (long) {
    // Vertical runs of dark data modules join into bars (rounded ends come from the discs above).
    for (let c = 0; c < matrix.size; c++) {
      for (let r = 0; r + 1 < matrix.size; r++) {
        const joins = matrix.dark(r, c) && matrix.dark(r + 1, c) && !matrix.reserved(r, c) && !matrix.reserved(r + 1, c);
        if (!joins) continue;
        const cx = start + c * module + module / 2;
        fill(cx - half, start + r * module + module / 2, cx + half, start + (r + 1) * module + module / 2, Role.DarkDot);
      }
    }
  }
  return { map, origin, module };
}

interface Palette {
  dark: [number, number, number];
  light: [number, number, number];
}

/** Dark and light inks taken from the scene itself, so the code looks painted into it. */
function paletteOf(scene: Buffer, variant: number): Palette {
  const lumas: Array<[number, number]> = [];
  for (let i = 0; i < scene.length; i += 3 * 16) lumas.push([luma(scene[i]!, scene[i + 1]!, scene[i + 2]!), i]);
  lumas.sort((a, b) => a[0] - b[0]);
  const pick = (from: number, to: number): [number, number, number] => {
    const part = lumas.slice(
      Math.floor(lumas.length * from),
      Math.max(Math.floor(lumas.length * from) + 1, Math.floor(lumas.length * to)),
    );
    const sum = [0, 0, 0];
    for (const [, i] of part) for (let c = 0; c < 3; c++) sum[c]! += scene[i + c]!;
    return sum.map((s) => s / part.length) as [number, number, number];
  };
  const darkBand = variant % 2 === 0 ? pick(0, 0.25) : pick(0.25, 0.5);
  const lightBand = pick(0.75, 1);
  const scaleTo = (c: [number, number, number], target: number, up: boolean): [number, number, number] => {
    const l = Math.max(1, luma(...c));
    if (up) {
      const lift = Math.max(0, target - l);
      return c.map((v) => clamp255(v + lift)) as [number, number, number];
    }
    return c.map((v) => clamp255((v * target) / l)) as [number, number, number];
  };
  return { dark: scaleTo(darkBand, 38, false), light: scaleTo(lightBand, 232, true) };
}

/** Paints the roles onto the scene. `push` (0..1) is how far module areas move towards their ink. */
function paint(scene: Buffer, map: Uint8Array, palette: Palette, push: number): Buffer {
  const out = Buffer.allocUnsafe(SIZE * SIZE * 4);
  const ink = (i: number, target: [number, number, number], amount: number, o: number) => {
    out[o] = clamp255(scene[i]! + (target[0] - scene[i]!) * amount);
    out[o + 1] = clamp255(scene[i + 1]! + (target[1] - scene[i + 1]!) * amount);
    out[o + 2] = clamp255(scene[i + 2]! + (target[2] - scene[i + 2]!) * amount);
  };
  for (let p = 0; p < SIZE * SIZE; p++) {
    const i = p * 3;
    const o = p * 4;
    out[o + 3] = 255;
    switch (map[p]) {
      case Role.DarkDot:
        ink(i, palette.dark, 0.88, o);
        break;
      case Role.LightDot:
        ink(i, palette.light, 0.85, o);
        break;
      case Role.DarkArea:
        ink(i, palette.dark, push, o);
        break;
      case Role.LightArea:
        ink(i, palette.light, push, o);
        break;
      case Role.Quiet:
        ink(i, palette.light, 0.6, o);
        break;
      default:
        out[o] = scene[i]!;
        out[o + 1] = scene[i + 1]!;
        out[o + 2] = scene[i + 2]!;
    }
  }
  return out;
}

/** Whether an RGBA picture scans as `content`, at full size and shrunk to 360 px. */
export async function scansAs(rgba: Buffer, width: number, height: number, content: string): Promise<boolean> {
  if (decodeQr(rgba, width, height) !== content) return false;
  const small = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .resize(360, 360, { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return decodeQr(small.data, small.info.width, small.info.height) === content;
}

export interface QrArtOptions {
  content: string;
  scene: Buffer;
  shape: Shape;
  strength: number;
  variant: number;
}

/** One QR art picture (PNG) that is verified to scan. */
export async function renderQrArt(o: QrArtOptions, signal?: AbortSignal): Promise<Buffer> {
  const scene = await sharp(o.scene)
    .rotate()
    .resize(SIZE, SIZE, { fit: 'cover', position: CROPS[o.variant % CROPS.length] })
    .removeAlpha()
    .raw()
    .toBuffer();
  // Variant 0 takes the mask pattern the QR encoder finds best, the others distinct ones after it.
  const base = matrixOf(o.content, undefined);
  const matrix = o.variant === 0 ? base : matrixOf(o.content, (base.maskPattern + o.variant * 3) % 8);
  const palette = paletteOf(scene, o.variant);
  for (let strength = o.strength; ; strength = Math.min(100, strength + 15)) {
    if (signal) checkAborted(signal);
    const s = strength / 100;
    const { map } = roles(matrix, o.shape, 0.42 + 0.4 * s);
    const rgba = paint(scene, map, palette, 0.15 + 0.6 * s);
    if (await scansAs(rgba, SIZE, SIZE, o.content)) {
      return sharp(rgba, { raw: { width: SIZE, height: SIZE, channels: 4 } })
        .removeAlpha()
        .png({ compressionLevel: 6 })
        .toBuffer();
    }
    if (strength >= 100) throw new Error('QR art did not scan even at full strength');
  }
}

export async function runQrArt(job: EngineJob<QrArtParams>): Promise<EngineOutput[]> {
  const p = job.params;
  const scene = job.inputs[0]?.buffer ?? (await qrSceneImage(p.scene));
  const outputs: EngineOutput[] = [];
  for (let variant = 0; variant < p.topN; variant++) {
    const buffer = await renderQrArt({ content: p.content, scene, shape: p.shape, strength: p.strength, variant }, job.signal);
    outputs.push({ buffer, contentType: 'image/png', type: 'image', ext: 'png' });
    job.progress(Math.round(((variant + 1) / p.topN) * 100));
  }
  return outputs;
}
