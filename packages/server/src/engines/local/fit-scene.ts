import sharp from 'sharp';
import { USER_IMAGE_INPUT } from '../../platform/sandbox/limits.ts';
import { type Box, clamp255 } from './imaging.ts';

/**
 * A scene picture (a reference, the user's own scene, the original of a rewrite) set into an output
 * of another aspect without losing any of it (issue 44: accurate mode cropped the reference): the
 * picture is fitted inside the output and the margins continue it. A side margin continues each
 * row with the colour of its backdrop (the wall stays the wall and the floor line runs on at its
 * height, while a lamp or a plant at the edge is not smeared outwards); a top or bottom margin
 * continues each column with the mean of the picture's last rows there, smoothed across. Both start
 * from the picture's own edge and reach their colour within a quarter of the margin, with grain of
 * the picture's own amount.
 */
export interface FittedScene {
  /** The output, RGB. */
  raw: Buffer;
  /** Where the picture lies in the output. */
  scene: Box;
  /** The picture alone at its fitted size, RGB. */
  sceneRaw: Buffer;
}

/** A row's pixels within this colour distance (sum of |dRGB|) of its backdrop colour are backdrop ... */
const SHIFT_RADIUS = 48;
/** ... and at least this share of the row must be, or the backdrop changed (a floor begins). */
const MIN_SHARE = 0.2;
/** Share of a margin over which the picture's edge turns into the margin's colour. */
const RAMP = 0.25;

export async function fitScene(picture: Buffer, width: number, height: number): Promise<FittedScene> {
  const source = sharp(picture, USER_IMAGE_INPUT).rotate();
  const meta = await source.metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const pw = (turned ? meta.height : meta.width) ?? width;
  const ph = (turned ? meta.width : meta.height) ?? height;
  const k = Math.min(width / pw, height / ph);
  const sw = Math.min(width, Math.max(1, Math.round(pw * k)));
  const sh = Math.min(height, Math.max(1, Math.round(ph * k)));
  const scene = { left: Math.floor((width - sw) / 2), top: Math.floor((height - sh) / 2), width: sw, height: sh };
  const sceneRaw = await source.resize(sw, sh, { fit: 'fill' }).removeAlpha().toColourspace('srgb').raw().toBuffer();
  if (sw === width && sh === height) return { raw: sceneRaw, scene, sceneRaw };

  const smooth = await sharp(sceneRaw, { raw: { width: sw, height: sh, channels: 3 } })
    .blur(2)
    .raw()
    .toBuffer();
  // Each row's backdrop colour (side margins), followed down the picture: the previous row's colour
  // moved to the mean of this row's pixels near it (mean shift), so a plant, an arch or a frame
  // across part of the row does not pull it away; when too few pixels are near it (the floor
  // begins), it starts again from the row's median. A little smoothing down the rows follows.
  const rowColour = new Float32Array(sh * 3);
  const values = [new Uint8Array(sw), new Uint8Array(sw), new Uint8Array(sw)];
  let current: number[] | null = null;
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) for (let c = 0; c < 3; c++) values[c]![x] = smooth[(y * sw + x) * 3 + c]!;
    const shifted = (start: number[]): { est: number[]; share: number } => {
      let est = start;
      let share = 0;
      for (let iteration = 0; iteration < 4; iteration++) {
        const sum = [0, 0, 0];
        let n = 0;
        for (let x = 0; x < sw; x++) {
          const d = Math.abs(values[0]![x]! - est[0]!) + Math.abs(values[1]![x]! - est[1]!) + Math.abs(values[2]![x]! - est[2]!);
          if (d > SHIFT_RADIUS) continue;
          for (let c = 0; c < 3; c++) sum[c]! += values[c]![x]!;
          n++;
        }
        share = n / sw;
        if (!n) break;
        est = sum.map((v) => v / n);
      }
      return { est, share };
    };
    let next: { est: number[]; share: number } | null = current ? shifted(current) : null;
    if (!next || next.share < MIN_SHARE) next = shifted(values.map((v) => [...v].sort((p, q) => p - q)[sw >> 1]!));
    current = next.est;
    for (let c = 0; c < 3; c++) rowColour[y * 3 + c] = next.est[c]!;
  }
  const rowReach = Math.max(1, Math.round(sh * 0.01));
  const rowMean = new Float32Array(sh * 3);
  for (let y = 0; y < sh; y++)
    for (let c = 0; c < 3; c++) {
      let sum = 0;
      let n = 0;
      for (let yy = Math.max(0, y - rowReach); yy <= Math.min(sh - 1, y + rowReach); yy++, n++) sum += rowColour[yy * 3 + c]!;
      rowMean[y * 3 + c] = sum / n;
    }
  const band = Math.max(2, Math.round(sh * 0.05));
  const columnMeans = (fromTop: boolean) => {
    const means = new Float32Array(sw * 3);
    for (let x = 0; x < sw; x++)
      for (let r = 0; r < band; r++) {
        const y = fromTop ? r : sh - 1 - r;
        for (let c = 0; c < 3; c++) means[x * 3 + c]! += smooth[(y * sw + x) * 3 + c]! / band;
      }
    // Smoothed across a sixth of the width: a plant's pot at the bottom edge becomes a soft tint.
    const reach = Math.max(1, Math.round(sw / 12));
    const out = new Float32Array(sw * 3);
    for (let x = 0; x < sw; x++)
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        let n = 0;
        for (let d = -reach; d <= reach; d++) {
          const xx = x + d;
          if (xx < 0 || xx >= sw) continue;
          sum += means[xx * 3 + c]!;
          n++;
        }
        out[x * 3 + c] = sum / n;
      }
    return out;
  };
  const topMeans = columnMeans(true);
  const bottomMeans = columnMeans(false);

  let grain = 0;
  for (let i = 0; i < sceneRaw.length; i += 7) grain += Math.abs(sceneRaw[i]! - smooth[i]!);
  grain = (grain / Math.ceil(sceneRaw.length / 7)) * 1.25;
  const marginX = Math.max(1, scene.left);
  const marginY = Math.max(1, scene.top);
  const raw = Buffer.allocUnsafe(width * height * 3);
  let seed = 0x2545f491;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const sx = Math.min(sw - 1, Math.max(0, x - scene.left));
      const sy = Math.min(sh - 1, Math.max(0, y - scene.top));
      const dx = Math.max(scene.left - x, x - (scene.left + sw - 1), 0);
      const dy = Math.max(scene.top - y, y - (scene.top + sh - 1), 0);
      if (dx === 0 && dy === 0) {
        sceneRaw.copy(raw, i, (sy * sw + sx) * 3, (sy * sw + sx) * 3 + 3);
        continue;
      }
      const edge = (sy * sw + sx) * 3;
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      const noise = (seed / 2 ** 32 - 0.5) * 2 * grain;
      for (let c = 0; c < 3; c++) {
        // Beside the picture the row's colour, above or below it the column's; a corner takes both.
        const side = rowMean[sy * 3 + c]!;
        const end = (y < scene.top ? topMeans : bottomMeans)[sx * 3 + c]!;
        const ts = Math.min(1, dx / (marginX * RAMP));
        const te = Math.min(1, dy / (marginY * RAMP));
        const target = dx && dy ? (side + end) / 2 : dx ? side : end;
        const t = Math.max(ts, te);
        raw[i + c] = clamp255(smooth[edge + c]! * (1 - t) + target * t + noise);
      }
    }
  return { raw, scene, sceneRaw };
}
