import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ciede2000, srgbToLab } from '../local/image-metrics.ts';
import { printedDressPhoto } from '../local/test-fixtures.test-support.ts';
import { lockGarment, type ProductLayer, productLayer } from './lock.ts';

const SIDE = 512;

/** What a provider that kept the garment in place answers: a new backdrop, the print repainted (hue, blur). */
async function restaged(photo: Buffer, layer: ProductLayer): Promise<Buffer> {
  const repainted = await sharp(photo)
    .modulate({ hue: 14, saturation: 0.85, brightness: 1.06 })
    .blur(1.2)
    .removeAlpha()
    .raw()
    .toBuffer();
  const out = Buffer.alloc(SIDE * SIDE * 3);
  for (let i = 0; i < SIDE * SIDE; i++) {
    const a = layer.data[i * 4 + 3]! / 255;
    const backdrop = [52, 96, 160];
    for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.round(a * repainted[i * 3 + c]! + (1 - a) * backdrop[c]!);
  }
  return sharp(out, { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .png()
    .toBuffer();
}

/** Mean CIEDE2000 between the product photo and a picture, inside the garment mask (the cutout's opaque pixels). */
async function garmentDeltaE(layer: ProductLayer, picture: Buffer): Promise<number> {
  const got = await sharp(picture).removeAlpha().raw().toBuffer();
  let sum = 0;
  let n = 0;
  for (let i = 0; i < SIDE * SIDE; i++) {
    if (layer.data[i * 4 + 3] !== 255) continue;
    const d = layer.data;
    sum += ciede2000(
      srgbToLab(d[i * 4]!, d[i * 4 + 1]!, d[i * 4 + 2]!),
      srgbToLab(got[i * 3]!, got[i * 3 + 1]!, got[i * 3 + 2]!),
    );
    n++;
  }
  return sum / n;
}

describe('garment lock', () => {
  let photo: Buffer;
  let layer: ProductLayer;
  beforeAll(async () => {
    photo = await printedDressPhoto(SIDE, SIDE);
    layer = await productLayer(photo, new AbortController().signal);
  });

  it('puts the printed dress’s own pixels back where the provider kept it, and keeps the new backdrop', async () => {
    const generated = await restaged(photo, layer);
    expect(await garmentDeltaE(layer, generated)).toBeGreaterThan(3);
    const outcome = await lockGarment(layer, generated);
    expect(outcome.locked).toBe(true);
    expect(await garmentDeltaE(layer, outcome.buffer)).toBeLessThanOrEqual(1);
    const corner = await sharp(outcome.buffer).extract({ left: 4, top: 4, width: 1, height: 1 }).removeAlpha().raw().toBuffer();
    expect([...corner]).toEqual([52, 96, 160]);
  });

  it('finds the garment when the provider moved it a little', async () => {
    const generated = await restaged(photo, layer);
    const padded = await sharp(generated).extend({ left: 12, top: 8, background: '#3460a0' }).png().toBuffer();
    const moved = await sharp(padded).extract({ left: 0, top: 0, width: SIDE, height: SIDE }).png().toBuffer();
    const outcome = await lockGarment(layer, moved);
    expect(outcome.locked).toBe(true);
    const cropped = await sharp(outcome.buffer)
      .extract({ left: 12, top: 8, width: SIDE - 12, height: SIDE - 8 })
      .png()
      .toBuffer();
    const shifted = await sharp(cropped).extend({ right: 12, bottom: 8 }).png().toBuffer();
    expect(await garmentDeltaE(layer, shifted)).toBeLessThanOrEqual(1);
  });

  it('leaves a picture whose pose changed, or whose framing differs, as the provider made it', async () => {
    const generated = await restaged(photo, layer);
    const turned = await sharp(generated).rotate(90).png().toBuffer();
    expect(await lockGarment(layer, turned)).toMatchObject({ locked: false, note: 'poseChanged' });
    const wide = await sharp(generated)
      .resize(SIDE, SIDE / 2, { fit: 'fill' })
      .png()
      .toBuffer();
    expect(await lockGarment(layer, wide)).toMatchObject({ locked: false, note: 'sizeChanged' });
  });
});
