import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ciede2000, srgbToLab } from '../local/image-metrics.ts';
import { printedDressPhoto } from '../local/test-fixtures.test-support.ts';
import { lockGarment, type ProductLayer, productLayer } from './lock.ts';

/**
 * The lock to the pixel (issue 45): each case builds what a provider that kept the garment answers
 * (the garment moved, stretched or with a redrawn outline, its print repainted, a new backdrop), and
 * the locked picture is compared with the merchant's garment where the provider put it, shifted by
 * -2..2 px each way: the best match must be at 0,0, with a mean CIEDE2000 of at most 1 there.
 */
const SIDE = 512;
const BACKDROP = [52, 96, 160];

/** A warp as the output pixel's source position in the product photo. */
type Warp = (x: number, y: number) => [number, number];

/** The layer moved by a warp (bilinear), as the provider placed the garment. */
function warpLayer(layer: ProductLayer, warp: Warp): ProductLayer {
  const { width, height, data } = layer;
  const out = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [sx, sy] = warp(x, y);
      if (sx < 0 || sy < 0 || sx > width - 1 || sy > height - 1) continue;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const x1 = Math.min(width - 1, x0 + 1);
      const y1 = Math.min(height - 1, y0 + 1);
      const tx = sx - x0;
      const ty = sy - y0;
      for (let c = 0; c < 4; c++) {
        const v =
          (1 - ty) * ((1 - tx) * data[(y0 * width + x0) * 4 + c]! + tx * data[(y0 * width + x1) * 4 + c]!) +
          ty * ((1 - tx) * data[(y1 * width + x0) * 4 + c]! + tx * data[(y1 * width + x1) * 4 + c]!);
        out[(y * width + x) * 4 + c] = Math.round(v);
      }
    }
  return { width, height, data: out };
}

/** The provider's picture of a placed garment: its print repainted (hue, saturation, blur), a new backdrop; `hem` rows of outline drawn below it. */
async function providerPicture(placed: ProductLayer, options: { hue?: number; hem?: number } = {}): Promise<Buffer> {
  const rgb = Buffer.alloc(SIDE * SIDE * 3);
  for (let i = 0; i < SIDE * SIDE; i++) for (let c = 0; c < 3; c++) rgb[i * 3 + c] = placed.data[i * 4 + c]!;
  const repainted = await sharp(rgb, { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .modulate({ hue: options.hue ?? 14, saturation: 0.85, brightness: 1.06 })
    .blur(1.2)
    .raw()
    .toBuffer();
  const hem = options.hem ?? 0;
  const out = Buffer.alloc(SIDE * SIDE * 3);
  for (let y = 0; y < SIDE; y++)
    for (let x = 0; x < SIDE; x++) {
      const i = y * SIDE + x;
      let a = placed.data[i * 4 + 3]! / 255;
      let from = i;
      // The outline redrawn lower: the hem's colour carried down `hem` rows.
      for (let k = 1; k <= hem && a < 1 && y - k >= 0; k++)
        if (placed.data[(i - k * SIDE) * 4 + 3] === 255) {
          a = 1;
          from = i - k * SIDE;
        }
      for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.round(a * repainted[from * 3 + c]! + (1 - a) * BACKDROP[c]!);
    }
  return sharp(out, { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .png()
    .toBuffer();
}

/** Mean CIEDE2000 of the locked picture against the placed garment moved by each offset of -2..2, on its interior. */
async function offsets(placed: ProductLayer, locked: Buffer) {
  const got = await sharp(locked).removeAlpha().raw().toBuffer();
  const a = placed.data;
  const opaque = (x: number, y: number) => a[(y * SIDE + x) * 4 + 3] === 255;
  const cells: number[] = [];
  for (let y = 4; y < SIDE - 4; y += 2)
    for (let x = 4; x < SIDE - 4; x += 2)
      if (opaque(x, y) && opaque(x - 3, y) && opaque(x + 3, y) && opaque(x, y - 3) && opaque(x, y + 3)) cells.push(y * SIDE + x);
  let best = { dx: 0, dy: 0, mean: Number.POSITIVE_INFINITY };
  let atZero = Number.NaN;
  for (let dy = -2; dy <= 2; dy++)
    for (let dx = -2; dx <= 2; dx++) {
      let sum = 0;
      for (const i of cells) {
        const j = i + dy * SIDE + dx;
        sum += ciede2000(
          srgbToLab(a[i * 4]!, a[i * 4 + 1]!, a[i * 4 + 2]!),
          srgbToLab(got[j * 3]!, got[j * 3 + 1]!, got[j * 3 + 2]!),
        );
      }
      const mean = sum / cells.length;
      if (dx === 0 && dy === 0) atZero = mean;
      if (mean < best.mean) best = { dx, dy, mean };
    }
  return { best: [best.dx, best.dy], atZero };
}

describe('garment lock registration', () => {
  let layer: ProductLayer;
  beforeAll(async () => {
    layer = await productLayer(await printedDressPhoto(SIDE, SIDE), new AbortController().signal);
  });

  const cases: Array<[string, Warp, { hue?: number; hem?: number }]> = [
    // The provider redrew the hem a few rows lower: the outline must not pull the print down a row.
    ['the off-by-one: an outline redrawn 3 rows lower', (x, y) => [x, y], { hem: 3 }],
    ['a 1 px shift', (x, y) => [x - 1, y - 1], {}],
    ['a 3 px shift', (x, y) => [x - 3, y + 2], {}],
    // The lower half of the dress stretched by 3 % about its middle, the upper half where it was.
    [
      'a 3 % local scale',
      (x, y) => (y < SIDE / 2 ? [x, y] : [SIDE / 2 + (x - SIDE / 2) / 1.03, SIDE / 2 + (y - SIDE / 2) / 1.03]),
      {},
    ],
    ['a hue change', (x, y) => [x, y], { hue: 40 }],
  ];

  it.each(cases)(
    '%s: the merchant’s print comes back at offset 0,0, mean CIEDE2000 <= 1',
    async (_name, warp, options) => {
      const placed = warpLayer(layer, warp);
      const picture = await providerPicture(placed, options);
      const before = await offsets(placed, picture);
      expect(before.atZero).toBeGreaterThan(3);
      const outcome = await lockGarment(layer, picture);
      expect(outcome.locked).toBe(true);
      const after = await offsets(placed, outcome.buffer);
      expect(after.best).toEqual([0, 0]);
      expect(after.atZero).toBeLessThanOrEqual(1);
      expect(outcome.fidelity!.mean).toBeLessThanOrEqual(1);
    },
    60_000,
  );
});
