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

/** Mean CIEDE2000 between the product photo and a picture, inside the garment mask (the cutout's opaque pixels), above row `below`. */
async function garmentDeltaE(layer: ProductLayer, picture: Buffer, below = SIDE): Promise<number> {
  const got = await sharp(picture).removeAlpha().raw().toBuffer();
  let sum = 0;
  let n = 0;
  for (let i = 0; i < below * SIDE; i++) {
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

  it('keeps the provider’s pixels where it replaced part of the garment, and says the garment is not all back', async () => {
    // The garment's hem painted over (a mannequin's legs now skin): the neighbourhood that decides
    // where the garment stayed is the pixel's own. A one-channel blur read as three channels once
    // put the decision of row y at about row y / 3: the print came back over the skin, fidelity 0.
    const generated = await restaged(photo, layer);
    const rows = [...Array(SIDE).keys()].filter((y) =>
      [...Array(SIDE).keys()].some((x) => layer.data[(y * SIDE + x) * 4 + 3]! >= 128),
    );
    const hem = Math.round(rows[0]! + 0.92 * (rows.at(-1)! - rows[0]!));
    const rgb = await sharp(generated).removeAlpha().raw().toBuffer();
    const SKIN = [222, 180, 150];
    for (let i = hem * SIDE; i < SIDE * SIDE; i++)
      if (layer.data[i * 4 + 3]! >= 128) for (let c = 0; c < 3; c++) rgb[i * 3 + c] = SKIN[c]!;
    const painted = await sharp(rgb, { raw: { width: SIDE, height: SIDE, channels: 3 } })
      .png()
      .toBuffer();
    const outcome = await lockGarment(layer, painted);
    const out = await sharp(outcome.buffer).removeAlpha().raw().toBuffer();
    let skin = 0;
    let lower = 0;
    for (let i = (hem + 10) * SIDE; i < SIDE * SIDE; i++) {
      if (layer.data[i * 4 + 3] !== 255) continue;
      lower++;
      if (SKIN.every((v, c) => Math.abs(out[i * 3 + c]! - v) <= 2)) skin++;
    }
    expect(lower).toBeGreaterThan(500);
    expect(skin / lower).toBeGreaterThan(0.9);
    // Above it, the merchant's print again; the measure says the garment is not all the merchant's.
    expect(await garmentDeltaE(layer, outcome.buffer, hem - 30)).toBeLessThanOrEqual(1);
    expect(outcome.locked).toBe(true);
    expect(outcome.fidelity?.mean).toBeGreaterThan(3);
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
